import Foundation
import GRDB
import RecordingProtocol

extension SessionDatabase {
    /// What is wrong with the database at `path`, or nil when SQLite reads every page of it (`PRAGMA quick_check`,
    /// on a read-only connection: checking never writes to the file).
    public static func damage(at path: String) throws -> String? {
        if let cut = truncation(at: path) { return cut }
        let configuration = readOnlyConfiguration()
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

    /// How the file at `path` is cut short, or nil when its length agrees with its header.
    ///
    /// SQLite reads the missing end of a page as zeros, so a file cut inside its last page can pass
    /// `quick_check` while rows on that page read wrong; the length is checked against the header first: the page
    /// size (bytes 16–17) must divide it, and the page count (bytes 28–31, when bytes 92–95 say it is current)
    /// must fit in it.
    static func truncation(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\u{0}".utf8)),
              let size = try? handle.seekToEnd() else { return nil }
        let bytes = [UInt8](header)
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let field = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = field == 1 ? 65_536 : field
        guard pageSize >= 512, pageSize.nonzeroBitCount == 1 else { return "the header's page size \(field) is not valid" }
        let pages = int(28)
        if Int(size) % pageSize != 0 {
            return "the file is cut short: it ends \(Int(size) % pageSize) bytes into page \(Int(size) / pageSize + 1)"
        }
        if int(24) == int(92), pages > 0, pages * pageSize > Int(size) {
            return "the file is cut short: it holds \(Int(size) / pageSize) of its \(pages) pages"
        }
        return nil
    }

    /// Reads what SQLite can still read of a damaged (truncated or corrupted) session database, without writing to
    /// it: the session row, then every take, mark and piece row that reads — a table that cannot be read whole is
    /// read row by row — and the marks whose take survived. The session is repaired leniently and carries a
    /// `damage` saying what was lost; commands treat it as read-only.
    ///
    /// - Throws: the SQLite error when not even the session row (title, score, layout) can be read.
    static func salvage(path: String, reason: String) throws -> SessionReading {
        var configuration = readOnlyConfiguration()
        // A truncated file is shorter than its header says; SQLite refuses it as malformed unless the schema is
        // "writable", and then reads the pages that are there. The connection stays read-only: nothing is written.
        configuration.prepareDatabase { db in try? db.execute(sql: "PRAGMA writable_schema = ON") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        // No transaction: a read that meets damage must not make the whole read fail at its COMMIT.
        return try queue.inDatabase { db in
            var lost: [String] = []
            // The layout is the longest value of the session row and may lie on pages that are gone: without it the
            // row is read again without the layout.
            let fullRow = try? Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = 1")
            guard let row = try fullRow ?? Row.fetchOne(db, sql: """
                SELECT id, title, score_file, score_sha256, NULL AS layout_json, numbering_json, extra_json FROM session WHERE id = 1
                """) else { throw StorageError.noSession }
            if fullRow == nil { lost.append("the layout (detect it again with `tonmeister score detect`)") }
            let takeRows = readable(db, table: "take", order: "seq")
            let markRows = readable(db, table: "mark", order: "seq")
            var takes: [Take] = [], marks: [Mark] = []
            for row in takeRows.rows { if let take = try? SessionRows.take(row) { takes.append(take) } }
            for row in markRows.rows { if let mark = try? SessionRows.mark(row) { marks.append(mark) } }
            let pieces = (try? SessionRows.pieces(in: db)) ?? { lost.append("the programme of pieces"); return [] }()
            let history = (try? SessionRows.history(in: db)) ?? (actions: [], devices: [])
            var read = Session(
                title: row["title"], score: ScoreReference(file: row["score_file"], sha256: row["score_sha256"]),
                layout: try? Self.layout(row["layout_json"]), numbering: (try? SessionRows.numbering(row["numbering_json"])) ?? TakeNumbering(),
                pieces: pieces, takes: takes, marks: marks, history: history.actions,
                extra: (try? SessionRows.extra(row["extra_json"], table: "session")) ?? ExtraFields())
            read.historyDevices = history.devices
            var scoreNotes: [String] = []
            if (try? SessionRows.readScores(RowReader(row: row, table: "session"), in: db, into: &read, repairs: &scoreNotes)) == nil {
                lost.append("the scores after the first")
            }
            // Rows read from damaged pages may be garbage (a take on page 0); what cannot stand is left out.
            let (session, droppedTakes, droppedMarks) = read.sifted()
            lost += Self.lostRows("take", takeRows, garbage: droppedTakes + takeRows.rows.count - takes.count)
            lost += Self.lostRows("mark", markRows, garbage: droppedMarks + markRows.rows.count - marks.count)
            if read.layout == nil, row["layout_json"] as String? != nil { lost.append("the layout") }
            if !session.history.isEmpty, !lost.isEmpty { lost.append("the undo history") }
            var kept = session
            if !lost.isEmpty { (kept.history, kept.historyDevices) = ([], []) }
            var reading = try kept.checked(.lenient)
            let damage = SessionDamage(database: reason, keptTakes: kept.takes.count, keptMarks: kept.marks.count,
                                       lost: !lost.isEmpty ? lost.joined(separator: ", ")
                                         : reason.hasPrefix("the file is cut short") ? "whatever stood on the missing end of the file (how many takes or marks, if any, is not known)"
                                         : "no take or mark (the damage is in an index or in free space)")
            reading.damage = damage
            reading.warnings.insert(SessionWarning(kind: .damaged, message: damage.description), at: 0)
            return reading
        }
    }

    /// The rows of `table` that can be read, in `order`: all at once, or — when the table cannot be read whole —
    /// one row id at a time up to the highest (or until 2 000 ids in a row give nothing), skipping the unreadable
    /// ones. `unreadable` counts the ids that failed before the last row read; `tailLost` says reading ended in
    /// failures past it (rows there may be lost, how many is not known when the highest id cannot be read).
    private static func readable(_ db: Database, table: String, order: String) -> TableSalvage {
        if let rows = try? Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY \(order)") { return TableSalvage(rows: rows) }
        let highest = (try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(table)")) ?? nil
        var salvage = TableSalvage(rows: [])
        var rowid: Int64 = 1, misses = 0, failures = 0
        while misses < 2_000 && rowid <= (highest ?? 10_000_000) {
            do {
                if let row = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE rowid = ?", arguments: [rowid]) {
                    salvage.rows.append(row)
                    salvage.unreadable += failures
                    failures = 0
                    misses = 0
                } else {
                    misses += 1
                }
            } catch {
                failures += 1
                misses += 1
            }
            rowid += 1
        }
        if let highest { salvage.unreadable += failures; salvage.tailLost = rowid <= highest } else { salvage.tailLost = failures > 0 }
        salvage.rows.sort { (($0[order] as Int?) ?? 0) < (($1[order] as Int?) ?? 0) }
        return salvage
    }

    /// What was read of one table of a damaged database.
    struct TableSalvage {
        var rows: [Row]
        var unreadable = 0
        var tailLost = false
    }

    /// The account of the rows of `table` that were lost: unreadable ones, garbage ones, and a lost tail.
    private static func lostRows(_ table: String, _ salvage: TableSalvage, garbage: Int) -> [String] {
        var lost: [String] = []
        if salvage.unreadable > 0 { lost.append("\(salvage.unreadable) unreadable \(table) row\(salvage.unreadable == 1 ? "" : "s")") }
        if garbage > 0 { lost.append("\(garbage) \(table) row\(garbage == 1 ? "" : "s") that read as garbage") }
        if salvage.tailLost { lost.append("the \(table)s after the last one read (how many is not known)") }
        return lost
    }
}
