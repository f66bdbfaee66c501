import Foundation
import GRDB
import RecordingProtocol

extension SessionDatabase {
    /// What is wrong with the database at `path`, or nil when SQLite reads every page of it (`PRAGMA quick_check`,
    /// on a read-only connection: checking never writes to the file).
    public static func damage(at path: String) throws -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let verdict = try queue.inDatabase { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            guard verdict != ["ok"] else { return nil }
            return verdict.prefix(3).joined(separator: "; ").replacingOccurrences(of: "*** in database main ***", with: "")
                .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode) {
            return error.message ?? "\(error.resultCode)"
        }
    }

    /// Reads what SQLite can still read of a damaged (truncated or corrupted) session database, without writing to
    /// it: the session row, then every take, mark and piece row that reads — a table that cannot be read whole is
    /// read row by row — and the marks whose take survived. The session is repaired leniently and carries a
    /// `damage` saying what was lost; commands treat it as read-only.
    ///
    /// - Throws: the SQLite error when not even the session row (title, score, layout) can be read.
    static func salvage(path: String, reason: String) throws -> SessionReading {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        // No transaction: a read that meets damage must not make the whole read fail at its COMMIT.
        return try queue.inDatabase { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = 1") else { throw StorageError.noSession }
            var lost: [String] = []
            let takeRows = readable(db, table: "take", order: "seq")
            let markRows = readable(db, table: "mark", order: "seq")
            var takes: [Take] = [], marks: [Mark] = []
            for row in takeRows.rows { if let take = try? SessionRows.take(row) { takes.append(take) } }
            let numbers = Set(takes.map(\.number))
            var orphans = 0
            for row in markRows.rows {
                guard let mark = try? SessionRows.mark(row) else { continue }
                if numbers.contains(mark.take) { marks.append(mark) } else { orphans += 1 }
            }
            if takeRows.unreadable > 0 || takes.count < takeRows.rows.count {
                lost.append("\(takeRows.unreadable + takeRows.rows.count - takes.count) take row(s)")
            }
            if markRows.unreadable > 0 { lost.append("\(markRows.unreadable) mark row(s)") }
            if orphans > 0 { lost.append("\(orphans) mark\(orphans == 1 ? "" : "s") whose take is lost") }
            let pieces = (try? SessionRows.pieces(in: db)) ?? { lost.append("the programme of pieces"); return [] }()
            // The undo history names takes and marks; it is kept only when everything it could name was read.
            var history: [SessionAction] = []
            if lost.isEmpty { history = (try? SessionRows.history(in: db)) ?? [] }
            let session = Session(
                title: row["title"], score: ScoreReference(file: row["score_file"], sha256: row["score_sha256"]),
                layout: try? Self.layout(row["layout_json"]), numbering: (try? SessionRows.numbering(row["numbering_json"])) ?? TakeNumbering(),
                pieces: pieces, takes: takes, marks: marks, history: history,
                extra: (try? SessionRows.extra(row["extra_json"], table: "session")) ?? ExtraFields())
            var reading = try session.checked(.lenient)
            let damage = SessionDamage(database: reason, keptTakes: takes.count, keptMarks: marks.count,
                                       lost: lost.isEmpty ? "no take or mark (the damage is in an index or in free space)" : lost.joined(separator: ", "))
            reading.damage = damage
            reading.warnings.insert(SessionWarning(kind: .damaged, message: damage.description), at: 0)
            return reading
        }
    }

    /// The rows of `table` that can be read, in `order`, and how many rows could not: all at once, or — when the
    /// table cannot be read whole — one row id at a time up to the highest (or until 2 000 ids in a row give
    /// nothing), skipping the unreadable ones. `damaged` says the table could not be read whole.
    private static func readable(_ db: Database, table: String, order: String) -> (rows: [Row], damaged: Bool, unreadable: Int) {
        if let rows = try? Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY \(order)") { return (rows, false, 0) }
        let highest = (try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(table)")) ?? nil
        var rows: [Row] = []
        var rowid: Int64 = 1, misses = 0, unreadable = 0
        while misses < 2_000 && rowid <= (highest ?? 10_000_000) {
            do {
                if let row = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE rowid = ?", arguments: [rowid]) {
                    rows.append(row)
                    misses = 0
                } else {
                    misses += 1
                }
            } catch {
                unreadable += 1
                misses += 1
            }
            rowid += 1
        }
        rows.sort { (($0[order] as Int?) ?? 0) < (($1[order] as Int?) ?? 0) }
        return (rows, true, unreadable)
    }
}
