import GRDB

extension SessionSchema {
    /// Registers v6: the score as played — each piece's playing order, and the pass of every position.
    ///
    /// `piece.order_json` holds a piece's order as a JSON array of runs (`["1-8","1-8","9-12"]`; NULL is score
    /// order). Every position gains a `_pass` column (`take.start_pass`, `take.end_pass`, `mark.at_pass`,
    /// `mark.to_pass`, and the `previous_end/at/to_pass` of the history): NULL is the first time through (a
    /// document's absent `pass`), else an integer from 1 to 99, present only with its position. Existing rows
    /// keep NULL, so a session made before v6 reads exactly as before.
    static func registerPasses(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6: playing order of pieces, passes of positions", migrate: addPassColumns)
    }

    /// Runs the migrations on a database, then adds the v6 columns a rebuilt table lacks.
    ///
    /// A database whose records of v2, v3 or v5 were lost while v6's was kept has those migrations run again, and
    /// they rebuild the `action` table without the pass columns; adding what is missing (and nothing else) mends it.
    static func migrate(_ writer: any DatabaseWriter) throws {
        try migrator.migrate(writer)
        try writer.write(addPassColumns)
        try writer.write(addActionTime)
        try writer.write(allowProgrammeActions)
    }

    /// Adds each v6 column where it is missing.
    private static func addPassColumns(_ db: Database) throws {
        func pass(_ prefix: String) -> String {
            "INTEGER CHECK (\(prefix)_pass IS NULL OR (typeof(\(prefix)_pass) = 'integer' AND \(prefix)_pass BETWEEN 1 AND 99"
                + " AND \(prefix)_page IS NOT NULL))"
        }
        let columns = [
            ("piece", "order_json", "TEXT CHECK (order_json IS NULL OR (json_valid(order_json) AND json_type(order_json) = 'array'))"),
            ("take", "start_pass", pass("start")),
            ("take", "end_pass", pass("end")),
            ("mark", "at_pass", pass("at")),
            ("mark", "to_pass", pass("to")),
            ("action", "previous_end_pass", pass("previous_end")),
            ("action", "previous_at_pass", pass("previous_at")),
            ("action", "previous_to_pass", pass("previous_to")),
        ]
        try addMissingColumns(columns, in: db)
    }
}
