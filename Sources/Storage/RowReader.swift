import GRDB
import ScoreLayout

/// One row of a session table read column by column without trusting its types.
///
/// GRDB's subscripts trap on a value they cannot convert (text where an integer belongs, a REAL of 1e300 read as
/// an `Int`); a database written or damaged by another program may hold anything in any column. Every accessor
/// here checks the storage class and range first and throws a `RowDamage` naming the table, the row and the column.
struct RowReader {
    let row: Row
    let table: String

    /// The row's `rowid` when it was selected (`SELECT rowid AS rowid, *`), for naming the row.
    var rowid: Int64? {
        if case .int64(let id) = value("rowid").storage { return id }
        return nil
    }

    /// The damage found in `column`: `take row 3, column number: text 'abc' is not an integer`.
    func damage(_ column: String, _ reason: String) -> RowDamage {
        RowDamage(table: table, rowid: rowid, column: column, reason: reason)
    }

    /// The raw value of `column` (NULL when the column does not exist, as in an older schema).
    func value(_ column: String) -> DatabaseValue { row[column] as DatabaseValue? ?? .null }

    /// An integer column; NULL is nil.
    func optionalInt(_ column: String) throws(RowDamage) -> Int? {
        switch value(column).storage {
        case .null: return nil
        case .int64(let value): return Int(value)
        case .double(let value):
            guard let whole = Int(exactly: value) else { throw damage(column, "\(value) is not a whole number an integer column can hold") }
            return whole
        case .string(let text):
            guard let whole = Int(text) else { throw damage(column, "text '\(text.prefix(40))' is not an integer") }
            return whole
        case .blob: throw damage(column, "a blob is not an integer")
        }
    }

    /// An integer column that must hold a value.
    func int(_ column: String) throws(RowDamage) -> Int {
        guard let value = try optionalInt(column) else { throw damage(column, "NULL where an integer is needed") }
        return value
    }

    /// A real column; NULL is nil. Not-finite values are damage.
    func optionalDouble(_ column: String) throws(RowDamage) -> Double? {
        let number: Double
        switch value(column).storage {
        case .null: return nil
        case .int64(let value): number = Double(value)
        case .double(let value): number = value
        case .string(let text):
            guard let value = Double(text) else { throw damage(column, "text '\(text.prefix(40))' is not a number") }
            number = value
        case .blob: throw damage(column, "a blob is not a number")
        }
        guard number.isFinite else { throw damage(column, "\(number) is not a finite number") }
        return number
    }

    /// A real column that must hold a value.
    func double(_ column: String) throws(RowDamage) -> Double {
        guard let value = try optionalDouble(column) else { throw damage(column, "NULL where a number is needed") }
        return value
    }

    /// A text column; NULL is nil (a number is read as its text).
    func optionalString(_ column: String) throws(RowDamage) -> String? {
        switch value(column).storage {
        case .null: return nil
        case .string(let text): return text
        case .int64(let value): return String(value)
        case .double(let value): return String(value)
        case .blob: throw damage(column, "a blob is not text")
        }
    }

    /// A text column that must hold a value.
    func string(_ column: String) throws(RowDamage) -> String {
        guard let value = try optionalString(column) else { throw damage(column, "NULL where text is needed") }
        return value
    }

    /// A 0/1 flag column.
    func bool(_ column: String) throws(RowDamage) -> Bool {
        switch try optionalInt(column) {
        case .some(0): return false
        case .some(1): return true
        case let other: throw damage(column, "\(other.map(String.init) ?? "NULL") is not a flag (0 or 1)")
        }
    }

    /// The position in columns `prefix_page/x/y`, nil when all three are NULL.
    func optionalPosition(_ prefix: String) throws(RowDamage) -> ScorePosition? {
        let page = try optionalInt("\(prefix)_page"), x = try optionalDouble("\(prefix)_x"), y = try optionalDouble("\(prefix)_y")
        if page == nil && x == nil && y == nil { return nil }
        guard let page, let x, let y else {
            let columns = ["page", "x", "y"].map { "\(prefix)_\($0)" }, present = [page != nil, x != nil, y != nil]
            let set = columns.indices.filter { present[$0] }.map { columns[$0] }, missing = columns.indices.filter { !present[$0] }.map { columns[$0] }
            throw damage(set.joined(separator: ", "),
                         "the \(prefix) position lacks \(missing.joined(separator: " and ")) (page, x and y are all needed)")
        }
        // The pass column (v6) may be missing from a row selected without it.
        let pass = row.hasColumn("\(prefix)_pass") ? try optionalInt("\(prefix)_pass") : nil
        return ScorePosition(page: page, x: x, y: y, pass: pass)
    }

    /// The position in columns `prefix_page/x/y`, which must be there.
    func position(_ prefix: String) throws(RowDamage) -> ScorePosition {
        guard let position = try optionalPosition(prefix) else { throw damage("\(prefix)_page", "NULL where a position is needed") }
        return position
    }
}

/// A value of a session table that cannot be read as its column's type.
struct RowDamage: Error, CustomStringConvertible {
    var table: String
    var rowid: Int64?
    var column: String
    var reason: String

    var description: String {
        "table \(table), row \(rowid.map(String.init) ?? "?"), column \(column): \(reason)"
    }
}
