import Foundation
import RecordingProtocol
import Storage

/// Finding what `tonmeister serve SESSION` serves: the session database (a JSON document is imported first) and the score PDF.
public enum SessionFiles {
    /// What `prepare` did with the session path.
    public struct Prepared: Sendable, Equatable {
        /// The `.sqlite` database to serve.
        public var database: String
        /// True when a JSON document was imported into a new database.
        public var imported: Bool
        /// True when the database beside a JSON document existed already and is served as it is.
        public var reused: Bool
    }

    /// The database to serve for `path`: a `.sqlite`/`.db` file as it is; for a `.json` document, the
    /// database beside it with the same name (`day1.json` → `day1.sqlite`), imported from the document
    /// when it does not exist yet (an existing database is never overwritten).
    ///
    /// - Throws: `ServerError.unusableSession`, `StoreError` or the import's errors (an invalid document).
    public static func prepare(_ path: String) throws -> Prepared {
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "sqlite", "db":
            guard FileManager.default.fileExists(atPath: path) else { throw StoreError.fileNotFound(path: path) }
            return Prepared(database: path, imported: false, reused: false)
        case "json":
            guard FileManager.default.fileExists(atPath: path) else { throw StoreError.fileNotFound(path: path) }
            let database = url.deletingPathExtension().appendingPathExtension("sqlite").path
            if FileManager.default.fileExists(atPath: database) { return Prepared(database: database, imported: false, reused: true) }
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw StoreError.unreadable(path: path, reason: error.localizedDescription)
            }
            let session = try Session.read(json: data).session
            let temporary = database + ".importing-\(ProcessInfo.processInfo.processIdentifier)"
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) } }
            do {
                let stored = try SessionDatabase(path: temporary)
                try stored.save(session)
            }
            // link(2) never replaces: when a second `serve` of the same document imported it first, its database is served.
            guard link(temporary, database) == 0 else {
                if errno == EEXIST { return Prepared(database: database, imported: false, reused: true) }
                throw StoreError.unwritable(path: database, reason: String(cString: strerror(errno)))
            }
            return Prepared(database: database, imported: true, reused: false)
        default:
            throw ServerError.unusableSession(path: path, reason: "a session is a .sqlite database or a .json document (tonmeister-session/1)")
        }
    }

    /// The score PDF: `explicit` when given, else the session's `score.file` from the current directory,
    /// else beside the session file, else inside the session's folder by its name alone.
    ///
    /// - Throws: `ServerError.scoreNotFound` naming where it looked.
    public static func scorePath(for session: Session, sessionPath: String, explicit: String?) throws -> String {
        try scorePath(for: session.score, sessionPath: sessionPath, explicit: explicit)
    }

    /// The PDFs of the scores after the first (a session of several scores), each found as `scorePath` finds the first.
    ///
    /// - Throws: `ServerError.scoreNotFound` naming where it looked.
    public static func moreScorePaths(for session: Session, sessionPath: String) throws -> [String] {
        try session.scores.dropFirst().map { try scorePath(for: $0, sessionPath: sessionPath, explicit: nil) }
    }

    private static func scorePath(for score: ScoreReference, sessionPath: String, explicit: String?) throws -> String {
        let candidates: [String]
        if let explicit {
            candidates = [explicit]
        } else {
            let folder = URL(fileURLWithPath: sessionPath).deletingLastPathComponent()
            let file = score.file
            let beside = folder.appendingPathComponent(file).standardized.path
            let byName = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
            candidates = file.hasPrefix("/") ? [file] : Array(NSOrderedSet(array: [file, beside, byName])) as? [String] ?? [file]
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw ServerError.scoreNotFound(looked: candidates)
        }
        return found
    }
}
