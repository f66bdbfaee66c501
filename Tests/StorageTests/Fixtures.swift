import Foundation
import RecordingProtocol
import ScoreLayout
@testable import Storage

/// Shared fixtures: the example session and scratch database files.
enum Fixtures {
    /// The bytes of `Examples/chorale-session.json`.
    static func exampleData() throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent("Examples/chorale-session.json"))
    }

    /// The example session (30 takes, 78 marks).
    static func example() throws -> Session {
        try Session(json: exampleData())
    }

    /// An in-memory database holding the example session.
    static func exampleDatabase() throws -> SessionDatabase {
        let database = try SessionDatabase(inMemory: "example")
        try database.save(try example())
        return database
    }

    /// A fresh directory for database files, removed by the caller with `removeItem`.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A closed take of the example session and a point inside it.
    static func closedTake(of session: Session) -> (take: Take, inside: ScorePosition) {
        let take = session.liveTakes.first { !$0.isOpen }!
        return (take, take.start)
    }
}
