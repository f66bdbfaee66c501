import GRDB
import RecordingProtocol

extension SessionSchema {
    /// v11: several scores in one session.
    ///
    /// The first score stays in the session row (`score_file`, `score_sha256`, `score_music`) with its page count
    /// in `session.score_pages` (NULL when not recorded, as in every session of one score). The scores after it are
    /// rows of `score` (`idx` from 1, contiguous, checked by triggers), each with its file, checksum, notes and page
    /// count. `piece.score` is the score a piece's bars are on (NULL: any); a trigger refuses a score that does not
    /// exist. Positions keep their columns: with several scores their `_page` is the session page (the scores'
    /// pages one after the other, `ScorePages`), the same number a `Session` holds.
    static func migrateToV11(_ db: Database) throws {
        try addMissingColumns([
            ("session", "score_pages", "INTEGER CHECK (score_pages IS NULL OR (typeof(score_pages) = 'integer' AND score_pages >= 1))"),
            ("piece", "score", "INTEGER CHECK (score IS NULL OR (typeof(score) = 'integer' AND score >= 0))"),
        ], in: db)
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS score (
                idx INTEGER PRIMARY KEY CHECK (typeof(idx) = 'integer' AND idx >= 1),
                file TEXT NOT NULL CHECK (file <> ''),
                sha256 TEXT NOT NULL DEFAULT '',
                music TEXT CHECK (music IS NULL OR music <> ''),
                pages INTEGER CHECK (pages IS NULL OR (typeof(pages) = 'integer' AND pages >= 1))
            );
            CREATE TRIGGER IF NOT EXISTS score_contiguous BEFORE INSERT ON score
                WHEN NEW.idx > 1 AND NOT EXISTS (SELECT 1 FROM score WHERE idx = NEW.idx - 1)
                BEGIN SELECT RAISE(ABORT, 'score indices run 1, 2, 3… without a gap'); END;
            CREATE TRIGGER IF NOT EXISTS piece_score_insert BEFORE INSERT ON piece
                WHEN NEW.score > 0 AND NOT EXISTS (SELECT 1 FROM score WHERE idx = NEW.score)
                BEGIN SELECT RAISE(ABORT, 'a piece names a score the session does not have'); END;
            CREATE TRIGGER IF NOT EXISTS piece_score_update BEFORE UPDATE OF score ON piece
                WHEN NEW.score > 0 AND NOT EXISTS (SELECT 1 FROM score WHERE idx = NEW.score)
                BEGIN SELECT RAISE(ABORT, 'a piece names a score the session does not have'); END;
            """)
    }
}

extension SessionRows {
    /// Writes the scores after the first (rows of `score`) and the first score's page count; call after the session row.
    static func insertScores(of session: Session, in db: Database) throws {
        try db.execute(sql: "DELETE FROM score")
        try db.execute(sql: "UPDATE session SET score_pages = ? WHERE id = 1", arguments: [session.score.pages])
        for (index, score) in session.scores.enumerated().dropFirst() {
            try db.execute(sql: "INSERT INTO score (idx, file, sha256, music, pages) VALUES (?, ?, ?, ?, ?)",
                           arguments: [index, score.file, score.sha256, score.music, score.pages])
        }
    }

    /// Reads the first score's page count and the scores after it into `session`.
    static func readScores(_ reader: RowReader, in db: Database, into session: inout Session, repairs: inout [String]) throws {
        session.score.pages = repairing(&repairs, nil, "read without the score's page count") { try reader.optionalInt("score_pages") }
        for row in try Row.fetchAll(db, sql: "SELECT * FROM score ORDER BY idx") {
            session.scores.append(ScoreReference(file: row["file"], sha256: row["sha256"] ?? "", music: row["music"], pages: row["pages"]))
        }
    }
}
