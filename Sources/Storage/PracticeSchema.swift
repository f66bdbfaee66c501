import GRDB

/// The schema of the practice log: append-only migrations in raw SQL, like `SessionSchema`.
///
/// Migrations never use app types; never edit a registered migration, append a new one.
///
/// Table `answer` (v1): one row per answer, oldest first by `answered_at` then `id`. `answered_at` is UTC
/// milliseconds since 1970; `response_ms` is at most a day; `rating` is FSRS's 1–4 and is 1 exactly when the
/// answer was wrong; `kind` is the first part of `item`; `answered_interval` is the ascending interval the answer
/// amounts to (for confusions); `quiz_seed` is the quiz's UInt64 seed stored as its 64-bit pattern. Triggers
/// refuse UPDATE and DELETE, so what was answered stays answered. The file is marked with
/// `PRAGMA application_id = 0x546F6E50` ("TonP") so another database is never mistaken for a log.
enum PracticeSchema {
    /// The SQLite `application_id` of a practice log: "TonP".
    static let applicationID: Int32 = 0x546F_6E50

    /// The kinds the log accepts (the raw values of `QuizKind` when the migration was written).
    private static let kinds = "'name-interval', 'build-interval', 'fretboard-interval', 'ear-interval'"

    /// The migrator with every migration in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: answer log") { db in
            try db.execute(sql: """
                CREATE TABLE answer (
                    id INTEGER PRIMARY KEY,
                    item TEXT NOT NULL CHECK (length(item) BETWEEN 1 AND 200),
                    kind TEXT NOT NULL CHECK (kind IN (\(kinds))),
                    answered_at INTEGER NOT NULL
                        CHECK (typeof(answered_at) = 'integer' AND answered_at BETWEEN 0 AND 253402300799999),
                    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
                    response_ms INTEGER NOT NULL
                        CHECK (typeof(response_ms) = 'integer' AND response_ms BETWEEN 0 AND 86400000),
                    rating INTEGER NOT NULL CHECK (typeof(rating) = 'integer' AND rating BETWEEN 1 AND 4),
                    given TEXT NOT NULL,
                    expected TEXT NOT NULL,
                    reading TEXT,
                    answered_interval TEXT CHECK (answered_interval IS NULL OR answered_interval <> ''),
                    quiz_seed INTEGER CHECK (quiz_seed IS NULL OR typeof(quiz_seed) = 'integer'),
                    question_number INTEGER
                        CHECK (question_number IS NULL OR (typeof(question_number) = 'integer' AND question_number >= 1)),
                    CHECK (substr(item, 1, length(kind) + 1) = kind || '/'),
                    CHECK ((rating = 1) = (correct = 0))
                );
                CREATE INDEX answer_by_time ON answer(answered_at, id);
                CREATE INDEX answer_by_item ON answer(item, answered_at, id);
                CREATE TRIGGER answer_no_update BEFORE UPDATE ON answer
                BEGIN SELECT RAISE(ABORT, 'the practice log is append-only: an answer cannot be changed'); END;
                CREATE TRIGGER answer_no_delete BEFORE DELETE ON answer
                BEGIN SELECT RAISE(ABORT, 'the practice log is append-only: an answer cannot be deleted'); END;
                PRAGMA application_id = \(applicationID);
                """)
        }
        return migrator
    }
}
