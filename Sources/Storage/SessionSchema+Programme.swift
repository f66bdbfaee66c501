import GRDB

extension SessionSchema {
    /// Registers v10: `programme` actions in the history (pieces added, changed, moved or removed, bars numbered anew, a
    /// playing order set), whose previous pieces and numbering rules are kept as JSON in `previous_json`.
    static func registerProgrammeActions(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10: programme changes in the history", migrate: allowProgrammeActions)
    }

    /// Rebuilds the `action` table from its own stored SQL with the `programme` kind allowed (its CHECKs name the kinds),
    /// keeping every column and row; does nothing where the table already allows it.
    static func allowProgrammeActions(_ db: Database) throws {
        let replacements = [
            ("'mark-change', 'clock')", "'mark-change', 'clock', 'programme')"),
            ("OR kind = 'clock') = (take IS NULL)", "OR kind IN ('clock', 'programme')) = (take IS NULL)"),
            ("(kind = 'clock') = (previous_json IS NOT NULL)", "(kind IN ('clock', 'programme')) = (previous_json IS NOT NULL)"),
        ]
        // A table renamed into place (v5) is stored as `CREATE TABLE "action" (…`: its columns start at the first parenthesis.
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'action'"),
              let columns = sql.firstIndex(of: "("), !sql.contains("'programme'"),
              replacements.allSatisfy({ sql.contains($0.0) }) else { return }
        let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'action' AND sql IS NOT NULL")
        var rebuilt = "CREATE TABLE action_v10 " + sql[columns...]
        for (old, new) in replacements { rebuilt = rebuilt.replacingOccurrences(of: old, with: new) }
        try db.execute(sql: rebuilt)
        try db.execute(sql: "INSERT INTO action_v10 SELECT * FROM action; DROP TABLE action; ALTER TABLE action_v10 RENAME TO action;")
        for index in indexes { try db.execute(sql: index) }
    }
}
