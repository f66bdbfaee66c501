import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Sessions of several scores in the database (v11): the example session (the chorale, 3 pages) with the minuet
/// (1 page, bars 1–32) added as score 1.
@Suite("Several scores in the database")
struct MultiScoreStorageTests {
    static func session() throws -> Session {
        var session = try Fixtures.example()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let minuet = try ScoreLayout(json: Data(contentsOf: root.appendingPathComponent("Scores/minuet.layout.json")))
        try session.addScore(ScoreReference(file: "Scores/minuet.pdf", sha256: String(repeating: "c", count: 64), music: "minuet.musicxml", pages: 1),
                             layout: minuet, previousPages: 3)
        try session.addPiece(Piece(title: "Minuet", firstBar: BarNumber(1), lastBar: BarNumber(32), score: 1))
        return session
    }

    @Test("JSON to the database and back gives the same session and bytes; appended takes land on their score")
    func roundTrip() throws {
        let session = try Self.session()
        let database = try SessionDatabase(inMemory: "scores")
        try database.importJSON(session.jsonData(pretty: true))
        #expect(try database.load() == session)
        #expect(try database.exportJSON(pretty: true) == session.jsonData(pretty: true))
        // A take appended on the minuet's page (session page 4) is written back as score 1, page 1.
        let take = try database.startTake(at: ScorePosition(page: 4, x: 100, y: 94))
        let text = String(decoding: try database.exportJSON(), as: UTF8.self)
        #expect(text.contains("{\"number\":\(take.number),\"label\":\"\(take.label)\",\"start\":{\"score\":1,\"page\":1,\"x\":100.0,\"y\":94.0}"))
        #expect(try database.load().pieceBarRanges().last == 36...67)
    }

    @Test("the second score's notes are named and forgotten in its own row, undone by the database as by the model, in both formats",
          arguments: ["json", "sqlite"])
    func musicOfTheSecondScore(kind: String) throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.\(kind)").path
        if kind == "json" { try Self.session().jsonData(pretty: true).write(to: URL(fileURLWithPath: path)) } else { try SessionDatabase(path: path).save(try Self.session()) }
        let store = try SessionStore(path: path)
        let before = try store.load()
        try store.setMusic("/notes/minuet.mxl", score: 1)
        var session = try store.load()
        #expect(session.scores.map(\.music) == [nil, "/notes/minuet.mxl"])
        #expect(session.history.last?.undoDescription == "names score 1's notes minuet.musicxml again")
        if kind == "sqlite" {
            let database = try SessionDatabase(path: path)
            #expect(try database.writer.read { try String.fetchOne($0, sql: "SELECT music FROM score WHERE idx = 1") } == "/notes/minuet.mxl")
            #expect(try database.writer.read { try String.fetchOne($0, sql: "SELECT score_music FROM session") } == nil)
        }
        // The model's undo and the database's agree.
        let database = try SessionDatabase(inMemory: "music-score-\(kind)")
        try database.save(session)
        #expect(try database.undo() == session.undo())
        #expect(try database.load() == session)
        try store.undo()
        #expect(try store.load() == before)
        #expect(throws: (any Error).self) { try store.setMusic("/notes/x.mei", score: 2) }
        #expect(try store.load() == before)
    }

    @Test("a one-score session keeps no score rows and exports its bytes unchanged")
    func oneScore() throws {
        let database = try Fixtures.exampleDatabase()
        #expect(try database.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM score") } == 0)
        #expect(try database.writer.read { try Int.fetchOne($0, sql: "SELECT score_pages FROM session") } == nil)
        #expect(try database.exportJSON(pretty: true) == (try Fixtures.example()).jsonData(pretty: true))
    }

    @Test("the schema refuses a piece on a score that does not exist, a gap in the scores and a page count below 1", arguments: [
        "INSERT INTO piece (seq, title, first_bar, last_bar, score) VALUES (9, 'x', '1', '2', 2)",
        "UPDATE piece SET score = 3",
        "INSERT INTO score (idx, file, pages) VALUES (3, 'x.pdf', 1)",
        "INSERT INTO score (idx, file, pages) VALUES (2, 'x.pdf', 0)",
        "INSERT INTO score (idx, file, pages) VALUES (0, 'x.pdf', 1)",
        "UPDATE session SET score_pages = 0",
        "UPDATE piece SET score = -1",
    ])
    func constraints(sql: String) throws {
        let database = try SessionDatabase(inMemory: "constraints")
        try database.save(try Self.session())
        #expect(throws: DatabaseError.self) { try database.writer.write { try $0.execute(sql: sql) } }
        #expect(try database.load() == (try Self.session()))
    }
}
