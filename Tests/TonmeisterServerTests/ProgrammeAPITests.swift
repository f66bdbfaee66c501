import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TonmeisterServer

/// The programme and bar numbers through the API (Layout mode's panel): numbering, the playing order the score's repeat
/// signs propose, pieces; each change undoable, in the history with its device, and the same as the command line's.
@Suite("API: numbering, playing order and pieces")
struct ProgrammeAPITests {
    static let device = HistoryAndRepairTests.device("tab-a")

    /// The numbers of the bars as `GET /api/session` lists them, in score order.
    static func barNumbers(_ client: any TestClientProtocol) async throws -> [String] {
        let session = try await client.send(.get, "/api/session")
        return (session.object["bars"] as? [[String: Any]] ?? []).compactMap { $0["bar"] as? String }
    }

    /// The take numbers `GET /api/covers?bar=…` lists.
    static func covering(_ client: any TestClientProtocol, _ bar: String) async throws -> [Int] {
        let answer = try await client.send(.get, "/api/covers?bar=\(bar)")
        #expect(answer.status == .ok, "\(answer.text)")
        return (answer.object["takes"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
    }

    @Test("numbering from the page gives the bars the numbers `score numbering` gives them", arguments: [
        (#"{"first":1,"pickup":true}"#, ["--first", "1", "--pickup"], ["0", "1", "2"]),
        (#"{"first":5}"#, ["--first", "5"], ["5", "6", "7"]),
        (#"{"restartAt":[{"bar":"13","to":1}]}"#, ["--restart-at", "13=1"], ["1", "2", "3"]),
        (#"{"piece":2,"first":1,"pickup":true}"#, ["--piece", "2", "--first", "1", "--pickup"], ["1", "2", "3"]),
    ])
    func numberingAsCommandLine(_ body: String, _ options: [String], _ opening: [String]) async throws {
        let byPage = try ServerFixture(), byCommand = try ServerFixture()
        _ = try await QueryAPITests.cli(["score", "numbering", byCommand.database] + options)
        let expected = try await byCommand.test { client in try await Self.barNumbers(client) }
        try await byPage.test { client in
            let answer = try await client.send(.post, "/api/numbering", body, headers: Self.device)
            #expect(answer.status == .ok, "\(answer.text)")
            let numbers = try await Self.barNumbers(client)
            #expect(numbers == expected)
            #expect(Array(numbers.prefix(3)) == opening)
            let programme = try await client.send(.get, "/api/programme").object
            #expect(programme["firstBar"] as? String == numbers.first)
            #expect((answer.object["pieces"] as? [[String: Any]])?.map { $0["firstBar"] as? String }
                    == (programme["pieces"] as? [[String: Any]])?.map { $0["firstBar"] as? String })
        }
    }

    @Test("an upbeat set from the page: covers answers for bar 0 what it answered for bar 1; undo by the device puts the numbers back")
    func pickupAndUndo() async throws {
        try await ServerFixture().test { client in
            let before = try await Self.barNumbers(client)
            let firstBarTakes = try await Self.covering(client, "1")
            #expect(!firstBarTakes.isEmpty)
            let set = try await client.send(.post, "/api/numbering", #"{"first":1,"pickup":true}"#, headers: Self.device)
            #expect(set.status == .ok, "\(set.text)")
            #expect(try await Self.barNumbers(client).prefix(2) == ["0", "1"])
            #expect(try await Self.covering(client, "0") == firstBarTakes)
            let pieces = set.object["pieces"] as? [[String: Any]] ?? []
            #expect(pieces.first?["firstBar"] as? String == "0" && pieces.first?["pickup"] as? Bool == true, "\(set.text)")
            let newest = (try await client.send(.get, "/api/history?limit=1").object["history"] as? [[String: Any]])?.first
            #expect(newest?["action"] as? String == "programme" && newest?["device"] as? String == "tab-a", "\(String(describing: newest))")
            #expect(newest?["did"] as? String == "numbered the bars")
            let undone = try await client.send(.post, "/api/undo", headers: Self.device)
            #expect(undone.status == .ok, "\(undone.text)")
            #expect((undone.object["undone"] as? [String: Any])?["description"] as? String == "gives the bars their previous numbers")
            #expect(try await Self.barNumbers(client) == before)
            #expect(try await Self.covering(client, "1") == firstBarTakes)
        }
    }

    @Test("bad input is a 400 (404 for a piece that is not there) naming what was wrong; nothing is changed", arguments: [
        ("/api/numbering", "{}", "say how to number"),
        ("/api/numbering", #"{"restartAt":[{"bar":"999"}]}"#, "no bar is numbered 999"),
        ("/api/numbering", #"{"restartAt":[{"bar":"x1"}]}"#, "not a bar number"),
        ("/api/numbering", #"{"first":-3}"#, "first bar"),
        ("/api/numbering", #"{"piece":9,"first":1}"#, "piece 9"),
        ("/api/numbering", #"{"suffix":[{"bar":"5","suffix":"B7"}]}"#, "suffix"),
        ("/api/numbering", #"{"pickup":"yes"}"#, "pickup"),
        ("/api/form", #"{"piece":1}"#, "order is missing"),
        ("/api/form", #"{"piece":1,"order":"1-x"}"#, "order"),
        ("/api/form", #"{"piece":1,"order":[]}"#, "order is empty"),
        ("/api/form", #"{"piece":1,"order":["1-4","20-24"]}"#, "piece"),
        ("/api/pieces", #"{"title":"Coda"}"#, "firstBar"),
        ("/api/pieces", #"{"title":"Coda","firstBar":"999","lastBar":"999"}"#, "999"),
        ("/api/pieces", #"{"title":" ","firstBar":"1","lastBar":"2"}"#, "title"),
        ("/api/pieces/1", #"{"key":"X minor"}"#, "key"),
        ("/api/pieces/9", #"{"title":"Nine"}"#, "piece"),
        ("/api/pieces/1/move", #"{"to":9}"#, "piece"),
        ("/api/pieces/1/move", "{}", "to is missing"),
    ])
    func badInput(_ uri: String, _ body: String, _ says: String) async throws {
        try await ServerFixture().test { client in
            let before = try await client.send(.get, "/api/programme").text
            let history = try await client.send(.get, "/api/history").object["total"] as? Int
            let answer = try await client.send(.post, uri, body, headers: Self.device)
            #expect(answer.status == .badRequest || answer.status == .notFound, "\(answer.status) \(answer.text)")
            #expect(answer.message.lowercased().contains(says.lowercased()), "\(answer.message)")
            #expect(try await client.send(.get, "/api/programme").text == before)
            #expect(try await client.send(.get, "/api/history").object["total"] as? Int == history)
        }
    }

    @Test("pieces from the page: added, renamed with a key, moved and removed as `piece` does it, each one undoable action")
    func pieces() async throws {
        let byPage = try ServerFixture(), byCommand = try ServerFixture()
        for arguments in [["add", byCommand.database, "--title", "Coda", "--first-bar", "30", "--last-bar", "36", "--key", "G major"],
                          ["set", byCommand.database, "1", "--title", "Theme", "--key", "E minor"],
                          ["move", byCommand.database, "3", "--to", "1"]] {
            _ = try await QueryAPITests.cli(["piece"] + arguments)
        }
        let expected = try await QueryAPITests.cli(["piece", "list", byCommand.database, "--json"])
        try await byPage.test { client in
            let original = try await client.send(.get, "/api/programme").text
            let added = try await client.send(.post, "/api/pieces", #"{"title":"Coda","firstBar":"30","lastBar":"36","key":"G major"}"#, headers: Self.device)
            #expect(added.status == .created, "\(added.text)")
            #expect((try await client.send(.post, "/api/pieces/1", #"{"title":"Theme","key":"E minor"}"#, headers: Self.device)).status == .ok)
            #expect((try await client.send(.post, "/api/pieces/3/move", #"{"to":1}"#, headers: Self.device)).status == .ok)
            let listed = try await client.send(.get, "/api/programme").object["pieces"] as? [[String: Any]] ?? []
            let cli = (try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: Any])?["pieces"] as? [[String: Any]] ?? []
            let keys = ["piece", "title", "firstBar", "lastBar", "key", "prefix", "bars"]
            #expect(listed.map { p in keys.map { "\(p[$0] ?? "-")" } } == cli.map { p in keys.map { "\(p[$0] ?? "-")" } })
            #expect(listed.map { $0["title"] as? String } == ["Coda", "Theme", "Variations I and II"])
            let removed = try await client.send(.delete, "/api/pieces/1", headers: Self.device)
            #expect((removed.object["pieces"] as? [Any])?.count == 2, "\(removed.text)")
            let entries = try await client.send(.get, "/api/history?limit=4").object["history"] as? [[String: Any]] ?? []
            #expect(entries.map { $0["action"] as? String } == Array(repeating: "programme", count: 4))
            #expect(entries.allSatisfy { $0["device"] as? String == "tab-a" && $0["did"] as? String == "changed the pieces" })
            for _ in 0..<4 { #expect((try await client.send(.post, "/api/undo", headers: Self.device)).status == .ok) }
            #expect(try await client.send(.get, "/api/programme").text == original)
        }
    }

    /// A session without pieces on the minuet (`Scores/minuet.pdf`, a repeat sign in the middle) with its layout.
    static func minuet() throws -> ServerFixture {
        let layout = try String(contentsOf: ServerFixture.packageRoot.appendingPathComponent("Scores/minuet.layout.json"), encoding: .utf8)
        let score = ServerFixture.packageRoot.appendingPathComponent("Scores/minuet.pdf").path
        let json = #"{"format":"tonmeister-session/1","title":"Minuet","score":{"file":"\#(score)"},"layout":\#(layout),"takes":[],"marks":[]}"#
        return try ServerFixture(sessionJSON: json, score: score)
    }

    @Test("the order the minuet's repeat sign proposes is `score form --detect`'s; accepted from the page it is the piece's order; undo clears it")
    func detectAndAccept() async throws {
        let fixture = try Self.minuet()
        let cli = try await QueryAPITests.cli(["score", "form", fixture.database, "--detect", "--json"])
        try await fixture.test { client in
            let detected = try await client.send(.get, "/api/form/detect")
            #expect(detected.status == .ok, "\(detected.text)")
            let proposal = try #require((detected.object["detected"] as? [[String: Any]])?.first?["proposal"] as? [String], "\(detected.text)")
            #expect(proposal.count >= 2, "the repeat sign proposes a repeat: \(proposal)")
            let fromCommand = (try JSONSerialization.jsonObject(with: Data(cli.utf8)) as? [String: Any])?["detected"] as? [[String: Any]]
            let fromPage = detected.object["detected"] as? [[String: Any]]
            // Compared as JSON with sorted keys: a dictionary's description lists its keys in no fixed order.
            let canonical = { (value: [[String: Any]]?) in
                value.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }.map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(canonical(fromPage) != nil && canonical(fromPage) == canonical(fromCommand), "\(cli)")
            let runs = "[" + proposal.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            let accepted = try await client.send(.post, "/api/form", #"{"order":\#(runs)}"#, headers: Self.device)
            #expect(accepted.status == .ok, "\(accepted.text)")
            let piece = (accepted.object["pieces"] as? [[String: Any]])?.first
            #expect(piece?["order"] as? [String] == proposal)
            #expect((piece?["played"] as? Int ?? 0) > (piece?["bars"] as? Int ?? 0))
            let session = try await client.send(.get, "/api/session")
            #expect((session.object["playing"] as? [Int])?.count == piece?["played"] as? Int)
            #expect((try await client.send(.post, "/api/undo", headers: Self.device)).status == .ok)
            #expect((try await client.send(.get, "/api/programme").object["pieces"] as? [Any])?.isEmpty == true)
            #expect(try await client.send(.get, "/api/session").object["playing"] == nil)
        }
    }
}

extension ServerFixture {
    /// A server on the session document `sessionJSON` (imported into a new database) and the score PDF at `score`.
    init(sessionJSON: String, score: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = folder.appendingPathComponent("session.json")
        try Data(sessionJSON.utf8).write(to: json)
        database = try SessionFiles.prepare(json.path).database
        server = try TonmeisterServer(sessionPath: database, scorePath: score, configuration: ServerConfiguration())
    }
}
