import GRDB

/// The database schema of a session: append-only migrations written in raw SQL.
///
/// Migrations never use app types, so an old migration keeps meaning the same thing as the
/// model evolves. Never edit a registered migration; append a new one.
///
/// Tables: `session` (one row, id 1), `piece`, `take` and `mark` (v1), and `action` (v2: the
/// history of user actions, oldest first by id, that `undo` reverts from the newest; v3 rebuilds it
/// for renumbered takes and moved or changed marks, with the columns their undo needs; v5 for clock changes).
/// v5 also gives takes their clock (`tablet_offset`, `started_at`, `media_json`) and the session its
/// `clock_offset`, `crossfade` and `default_rating`. `seq` columns keep the order in
/// which pieces, takes and marks were made (the order of the session's arrays, which need not be
/// the order of take numbers or mark ids). `extra_json` holds unknown JSON members as a JSON
/// array of `[key, json text]` pairs (NULL when there are none). `session.revision` grows with
/// every whole-session save, so a writer can cache the layout between appends.
enum SessionSchema {
    /// A finite, non-negative REAL (SQLite stores NaN as NULL, which NOT NULL rejects; this rejects ±∞).
    private static func coordinate(_ column: String) -> String {
        "\(column) BETWEEN 0 AND 1.7976931348623157e308"
    }

    /// A page number: an INTEGER from 1.
    private static func page(_ column: String) -> String {
        "typeof(\(column)) = 'integer' AND \(column) >= 1"
    }

    /// An optional position `prefix_page/x/y` (see `allOrNone(_:)` for its table constraint).
    private static func optionalPosition(_ prefix: String) -> String {
        """
        \(prefix)_page INTEGER CHECK (\(prefix)_page IS NULL OR (\(page("\(prefix)_page")))),
            \(prefix)_x REAL CHECK (\(prefix)_x IS NULL OR \(coordinate("\(prefix)_x"))),
            \(prefix)_y REAL CHECK (\(prefix)_y IS NULL OR \(coordinate("\(prefix)_y")))
        """
    }

    /// The table constraint of an optional position: all three columns present or all three NULL.
    private static func allOrNone(_ prefix: String) -> String {
        "CHECK ((\(prefix)_page IS NULL) = (\(prefix)_x IS NULL) AND (\(prefix)_page IS NULL) = (\(prefix)_y IS NULL))"
    }

    /// A required position `prefix_page/x/y`.
    private static func position(_ prefix: String) -> String {
        """
        \(prefix)_page INTEGER NOT NULL CHECK (\(page("\(prefix)_page"))),
            \(prefix)_x REAL NOT NULL CHECK (\(coordinate("\(prefix)_x"))),
            \(prefix)_y REAL NOT NULL CHECK (\(coordinate("\(prefix)_y")))
        """
    }

    /// The migrator with every migration in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: session, piece, take, mark") { db in
            try db.execute(sql: """
                CREATE TABLE session (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    title TEXT NOT NULL,
                    score_file TEXT NOT NULL,
                    score_sha256 TEXT NOT NULL DEFAULT '',
                    layout_json TEXT CHECK (layout_json IS NULL OR json_valid(layout_json)),
                    numbering_json TEXT NOT NULL CHECK (json_valid(numbering_json)),
                    extra_json TEXT CHECK (extra_json IS NULL OR json_valid(extra_json)),
                    revision INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE piece (
                    seq INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    first_bar TEXT NOT NULL CHECK (first_bar <> ''),
                    last_bar TEXT NOT NULL CHECK (last_bar <> ''),
                    key TEXT,
                    prefix TEXT CHECK (prefix IS NULL OR prefix <> ''),
                    extra_json TEXT CHECK (extra_json IS NULL OR json_valid(extra_json))
                );
                CREATE TABLE take (
                    seq INTEGER NOT NULL UNIQUE,
                    number INTEGER NOT NULL UNIQUE CHECK (typeof(number) = 'integer'),
                    label TEXT NOT NULL,
                    \(position("start")),
                    \(optionalPosition("end")),
                    source TEXT,
                    record_start TEXT,
                    fps REAL CHECK (fps IS NULL OR (fps > 0 AND fps <= 120)),
                    note TEXT NOT NULL DEFAULT '',
                    deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
                    extra_json TEXT CHECK (extra_json IS NULL OR json_valid(extra_json)),
                    \(allOrNone("end"))
                );
                CREATE TABLE mark (
                    id INTEGER PRIMARY KEY,
                    seq INTEGER NOT NULL UNIQUE,
                    take INTEGER NOT NULL REFERENCES take(number),
                    kind TEXT NOT NULL CHECK (kind IN ('rating', 'problem', 'edit-point', 'text')),
                    value INTEGER CHECK (value IS NULL OR (typeof(value) = 'integer' AND value BETWEEN 1 AND 5)),
                    problem TEXT CHECK (problem IS NULL OR problem <> ''),
                    \(position("at")),
                    \(optionalPosition("to")),
                    time REAL CHECK (time IS NULL OR \(coordinate("time"))),
                    colour TEXT,
                    text TEXT,
                    deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
                    extra_json TEXT CHECK (extra_json IS NULL OR json_valid(extra_json)),
                    CHECK ((kind = 'rating') = (value IS NOT NULL)),
                    CHECK ((kind = 'problem') = (problem IS NOT NULL)),
                    \(allOrNone("to"))
                );
                CREATE INDEX mark_by_take ON mark(take);
                """)
        }
        migrator.registerMigration("v2: action history for undo") { db in
            try db.execute(sql: """
                CREATE TABLE action (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('take-start', 'take-end', 'take-note', 'delete-take', 'mark', 'delete-mark')),
                    take INTEGER REFERENCES take(number),
                    mark INTEGER REFERENCES mark(id),
                    \(optionalPosition("previous_end")),
                    previous_note TEXT,
                    CHECK ((kind IN ('mark', 'delete-mark')) = (mark IS NOT NULL)),
                    CHECK ((kind IN ('mark', 'delete-mark')) = (take IS NULL)),
                    CHECK ((kind = 'take-note') = (previous_note IS NOT NULL)),
                    CHECK (kind = 'take-end' OR previous_end_page IS NULL),
                    \(allOrNone("previous_end"))
                );
                """)
        }
        migrator.registerMigration("v3: renumbered takes, moved and changed marks in the history") { db in
            let markActions = "('mark', 'delete-mark', 'mark-move', 'mark-change')"
            try db.execute(sql: """
                CREATE TABLE action_v3 (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('take-start', 'take-end', 'take-note', 'delete-take', 'mark', 'delete-mark',
                                                       'take-renumber', 'mark-move', 'mark-change')),
                    take INTEGER REFERENCES take(number),
                    mark INTEGER REFERENCES mark(id),
                    \(optionalPosition("previous_end")),
                    previous_note TEXT,
                    previous_number INTEGER CHECK (previous_number IS NULL OR (typeof(previous_number) = 'integer' AND previous_number >= 0)),
                    previous_label TEXT CHECK (previous_label IS NULL OR previous_label <> ''),
                    \(optionalPosition("previous_at")),
                    \(optionalPosition("previous_to")),
                    previous_kind TEXT CHECK (previous_kind IS NULL OR previous_kind IN ('rating', 'problem', 'edit-point', 'text')),
                    previous_value INTEGER CHECK (previous_value IS NULL OR (typeof(previous_value) = 'integer' AND previous_value BETWEEN 1 AND 5)),
                    previous_problem TEXT CHECK (previous_problem IS NULL OR previous_problem <> ''),
                    previous_text TEXT,
                    CHECK ((kind IN \(markActions)) = (mark IS NOT NULL)),
                    CHECK ((kind IN \(markActions)) = (take IS NULL)),
                    CHECK ((kind = 'take-note') = (previous_note IS NOT NULL)),
                    CHECK (kind = 'take-end' OR previous_end_page IS NULL),
                    CHECK ((kind = 'take-renumber') = (previous_number IS NOT NULL)),
                    CHECK ((kind = 'take-renumber') = (previous_label IS NOT NULL)),
                    CHECK ((kind = 'mark-move') = (previous_at_page IS NOT NULL)),
                    CHECK (kind = 'mark-move' OR previous_to_page IS NULL),
                    CHECK ((kind = 'mark-change') = (previous_kind IS NOT NULL)),
                    CHECK ((previous_kind = 'rating') = (previous_value IS NOT NULL)),
                    CHECK ((previous_kind = 'problem') = (previous_problem IS NOT NULL)),
                    CHECK (kind = 'mark-change' OR previous_text IS NULL),
                    \(allOrNone("previous_end")),
                    \(allOrNone("previous_at")),
                    \(allOrNone("previous_to"))
                );
                INSERT INTO action_v3 (id, kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note)
                    SELECT id, kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note FROM action;
                DROP TABLE action;
                ALTER TABLE action_v3 RENAME TO action;
                """)
        }
        migrator.registerMigration("v4: answers to requests by idempotency key") { db in
            // A client that retries a write (a dropped network, a reload) sends the same key again and gets the
            // first answer back instead of a second mark. Only successful answers are kept.
            try db.execute(sql: """
                CREATE TABLE request (
                    key TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
                    method TEXT NOT NULL CHECK (method <> ''),
                    path TEXT NOT NULL CHECK (path <> ''),
                    status INTEGER NOT NULL CHECK (status BETWEEN 200 AND 299),
                    body TEXT NOT NULL,
                    made TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v5: one clock per take, clock changes in the history") { db in
            // A take's tablet offset, start time and linked media; the session's clock offset, crossfade and default
            // rating; and `clock` actions (link-audio, a record start set by hand, the session's offset, relocated
            // media), whose previous clocks are kept as JSON in `previous_json`. The action table is rebuilt for
            // the new kind (its CHECKs name the kinds), keeping every row.
            let markActions = "('mark', 'delete-mark', 'mark-move', 'mark-change')"
            // Columns are added only where missing, so a database whose migration records were lost migrates too.
            let columns = [
                ("take", "tablet_offset", "REAL CHECK (tablet_offset IS NULL OR tablet_offset BETWEEN -86400 AND 86400)"),
                ("take", "started_at", "TEXT CHECK (started_at IS NULL OR started_at <> '')"),
                ("take", "media_json", "TEXT CHECK (media_json IS NULL OR json_valid(media_json))"),
                ("session", "clock_offset", "REAL CHECK (clock_offset IS NULL OR clock_offset BETWEEN -86400 AND 86400)"),
                ("session", "crossfade", "REAL CHECK (crossfade IS NULL OR crossfade BETWEEN 0 AND 10)"),
                ("session", "default_rating",
                 "INTEGER CHECK (default_rating IS NULL OR (typeof(default_rating) = 'integer' AND default_rating BETWEEN 1 AND 5))"),
            ]
            try addMissingColumns(columns, in: db)
            try db.execute(sql: """
                CREATE TABLE action_v5 (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('take-start', 'take-end', 'take-note', 'delete-take', 'mark', 'delete-mark',
                                                       'take-renumber', 'mark-move', 'mark-change', 'clock')),
                    take INTEGER REFERENCES take(number),
                    mark INTEGER REFERENCES mark(id),
                    \(optionalPosition("previous_end")),
                    previous_note TEXT,
                    previous_number INTEGER CHECK (previous_number IS NULL OR (typeof(previous_number) = 'integer' AND previous_number >= 0)),
                    previous_label TEXT CHECK (previous_label IS NULL OR previous_label <> ''),
                    \(optionalPosition("previous_at")),
                    \(optionalPosition("previous_to")),
                    previous_kind TEXT CHECK (previous_kind IS NULL OR previous_kind IN ('rating', 'problem', 'edit-point', 'text')),
                    previous_value INTEGER CHECK (previous_value IS NULL OR (typeof(previous_value) = 'integer' AND previous_value BETWEEN 1 AND 5)),
                    previous_problem TEXT CHECK (previous_problem IS NULL OR previous_problem <> ''),
                    previous_text TEXT,
                    previous_json TEXT CHECK (previous_json IS NULL OR json_valid(previous_json)),
                    CHECK ((kind IN \(markActions)) = (mark IS NOT NULL)),
                    CHECK ((kind IN \(markActions) OR kind = 'clock') = (take IS NULL)),
                    CHECK ((kind = 'take-note') = (previous_note IS NOT NULL)),
                    CHECK (kind = 'take-end' OR previous_end_page IS NULL),
                    CHECK ((kind = 'take-renumber') = (previous_number IS NOT NULL)),
                    CHECK ((kind = 'take-renumber') = (previous_label IS NOT NULL)),
                    CHECK ((kind = 'mark-move') = (previous_at_page IS NOT NULL)),
                    CHECK (kind = 'mark-move' OR previous_to_page IS NULL),
                    CHECK ((kind = 'mark-change') = (previous_kind IS NOT NULL)),
                    CHECK ((previous_kind = 'rating') = (previous_value IS NOT NULL)),
                    CHECK ((previous_kind = 'problem') = (previous_problem IS NOT NULL)),
                    CHECK (kind = 'mark-change' OR previous_text IS NULL),
                    CHECK ((kind = 'clock') = (previous_json IS NOT NULL)),
                    \(allOrNone("previous_end")),
                    \(allOrNone("previous_at")),
                    \(allOrNone("previous_to"))
                );
                INSERT INTO action_v5 (id, kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note,
                                       previous_number, previous_label, previous_at_page, previous_at_x, previous_at_y,
                                       previous_to_page, previous_to_x, previous_to_y, previous_kind, previous_value,
                                       previous_problem, previous_text)
                    SELECT id, kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note,
                           previous_number, previous_label, previous_at_page, previous_at_x, previous_at_y,
                           previous_to_page, previous_to_x, previous_to_y, previous_kind, previous_value,
                           previous_problem, previous_text FROM action;
                DROP TABLE action;
                ALTER TABLE action_v5 RENAME TO action;
                """)
        }
        registerPasses(in: &migrator)
        migrator.registerMigration("v7: ink marks, the device of takes, marks and actions") { db in
            try migrateToV7(db)
        }
        registerActionTime(in: &migrator)
        migrator.registerMigration("v9: the score's notes, takes placed from their audio") { db in
            try migrateToV9(db)
        }
        registerProgrammeActions(in: &migrator)
        migrator.registerMigration("v11: several scores in a session, the score of each piece") { db in
            try migrateToV11(db)
        }
        return migrator
    }

    /// Adds each `(table, column, definition)` whose column the table lacks (a migration may run on a table that a
    /// later migration's rebuild already gave the column).
    static func addMissingColumns(_ columns: [(String, String, String)], in db: Database) throws {
        for (table, column, definition) in columns where try !db.columns(in: table).contains(where: { $0.name == column }) {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(column) \(definition)")
        }
    }

    /// Adds the score's notes (`session.score_music`, a MusicXML or MEI path) and each take's placement from its audio
    /// (`take.placed_json`, an `AudioPlacement` as JSON); columns are added only where missing.
    static func migrateToV9(_ db: Database) throws {
        let columns = [
            ("session", "score_music", "TEXT CHECK (score_music IS NULL OR score_music <> '')"),
            ("take", "placed_json", "TEXT CHECK (placed_json IS NULL OR json_valid(placed_json))"),
        ]
        try addMissingColumns(columns, in: db)
    }

    /// Lets the mark table hold `ink` marks (a stroke in `points_json`) and records the device of takes, marks and actions.
    ///
    /// The mark table's CHECK names the kinds, so it is rebuilt from its own stored SQL with `ink` added: every
    /// column is kept, also those a migration registered before this one added. Columns are added only where missing.
    static func migrateToV7(_ db: Database) throws {
        let kinds = "kind IN ('rating', 'problem', 'edit-point', 'text')"
        if let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'mark'"),
           sql.contains(kinds), sql.hasPrefix("CREATE TABLE mark ") {
            let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mark' AND sql IS NOT NULL")
            let rebuilt = "CREATE TABLE mark_v7 " + sql.dropFirst("CREATE TABLE mark ".count)
                .replacingOccurrences(of: kinds, with: "kind IN ('rating', 'problem', 'edit-point', 'text', 'ink')")
            try db.execute(sql: rebuilt)
            try db.execute(sql: "INSERT INTO mark_v7 SELECT * FROM mark; DROP TABLE mark; ALTER TABLE mark_v7 RENAME TO mark;")
            for index in indexes { try db.execute(sql: index) }
        }
        let device = "TEXT CHECK (device IS NULL OR length(device) BETWEEN 1 AND 64)"
        let columns = [
            ("mark", "points_json", "TEXT CHECK (points_json IS NULL OR json_valid(points_json))"),
            ("mark", "device", device), ("take", "device", device), ("action", "device", device),
        ]
        try addMissingColumns(columns, in: db)
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS action_by_device ON action(device, id)")
    }
}
