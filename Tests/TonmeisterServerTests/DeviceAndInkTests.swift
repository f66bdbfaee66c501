import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import Testing
@testable import TonmeisterServer

/// Several devices on one session over real HTTP (undo per device, the device on takes, marks and actions), ink
/// strokes from the page to the database, the JSON document and the annotated PDF, and ranges drawn along systems.
@Suite("Devices, ink and ranges", .serialized)
struct DeviceAndInkTests {
    static func device(_ id: String) -> HTTPFields { [.init("X-Tonmeister-Device")!: id] }

    /// Runs `body` with a client talking to the router of a served copy of the example.
    static func live(_ body: @Sendable (any TestClientProtocol, ServerFixture) async throws -> Void) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in try await body(client, fixture) }
    }

    /// An answer over real HTTP: the status and the body as JSON.
    struct HTTPAnswer {
        var status: Int
        var object: [String: Any]
        var message: String { (object["error"] as? [String: Any])?["message"] as? String ?? "" }
    }

    /// Sends a request over a real connection to the server listening on `port`.
    static func http(_ port: Int, _ method: String, _ path: String, _ body: String? = nil, device: String? = nil) async throws -> HTTPAnswer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 120
        if method != "GET" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let body { request.httpBody = Data(body.utf8) }
        if let device { request.setValue(device, forHTTPHeaderField: "X-Tonmeister-Device") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return HTTPAnswer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, object: object)
    }

    @Test("two devices over real HTTP: each undo removes the device's own newest mark; another's needs an explicit choice")
    func undoPerDevice() async throws {
        try await LiveServerTests.withServer(headerTimeout: 30) { port in
            let take = try await Self.http(port, "POST", "/api/takes", #"{"start":{"page":2,"x":80,"y":60}}"#, device: "tab-a")
            #expect(take.status == 201)
            #expect(take.object["device"] as? String == "tab-a")
            let number = take.object["number"] as? Int ?? 0
            func mark(_ x: Int, _ device: String) async throws -> Int {
                let answer = try await Self.http(port, "POST", "/api/marks",
                    #"{"take":\#(number),"kind":"rating","value":4,"at":{"page":2,"x":\#(x),"y":60}}"#, device: device)
                #expect(answer.status == 201)
                #expect(answer.object["device"] as? String == device)
                return answer.object["id"] as? Int ?? 0
            }
            let fromB = try await mark(120, "tab-b")
            let fromA = try await mark(160, "tab-a")
            // B's undo removes B's mark, although A's is newer.
            let undoB = try await Self.http(port, "POST", "/api/undo", device: "tab-b")
            #expect(undoB.status == 200)
            let undone = undoB.object["undone"] as? [String: Any] ?? [:]
            #expect(undone["mark"] as? Int == fromB)
            #expect(undone["device"] as? String == "tab-b")
            var ids = try await Self.http(port, "GET", "/api/marks?take=\(number)").object["marks"] as? [[String: Any]] ?? []
            #expect(ids.compactMap { $0["id"] as? Int } == [fromA])
            // B has nothing left; A's mark needs {"device":"tab-a"}.
            let again = try await Self.http(port, "POST", "/api/undo", device: "tab-b")
            #expect(again.status == 400)
            #expect(again.message.hasPrefix("nothing to undo: device tab-b"))
            let other = try await Self.http(port, "POST", "/api/undo", #"{"device":"tab-a"}"#, device: "tab-b")
            #expect((other.object["undone"] as? [String: Any])?["mark"] as? Int == fromA)
            ids = try await Self.http(port, "GET", "/api/marks?take=\(number)").object["marks"] as? [[String: Any]] ?? []
            #expect(ids.isEmpty)
            // {"any":true} undoes the newest of anyone: A's take start.
            let any = try await Self.http(port, "POST", "/api/undo", #"{"any":true}"#, device: "tab-b")
            #expect((any.object["undone"] as? [String: Any])?["take"] as? Int == number)
            let bad = try await Self.http(port, "POST", "/api/marks", #"{"take":1,"kind":"rating","value":3,"at":{"page":2,"x":90,"y":60}}"#,
                                          device: "tab a/1")
            #expect(bad.status == 400)
            #expect(bad.message.contains("X-Tonmeister-Device"))
        }
    }

    @Test("an ink stroke round-trips through the API, the database, the JSON document and CSV, and is drawn in the annotated PDF")
    func inkRoundTrip() async throws {
        // Points in the left margin of page 2, where the score is blank paper.
        let points = (0..<40).map { i in [12.0 + Double(i) * 0.5, 300.0 + Double(i)] }
        try await Self.live { client, fixture in
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":60,"y":50}}"#, headers: Self.device("pen-1"))
            let number = take.object["number"] as? Int ?? 0
            let payload: [String: Any] = ["take": number, "kind": "ink", "at": ["page": 2, "x": 12, "y": 300], "time": 3.5, "points": points]
            let body = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
            let added = try await client.send(.post, "/api/marks", body, headers: Self.device("pen-1"))
            #expect(added.status == .created, "\(added.text)")
            #expect((added.object["points"] as? [[Double]])?.count == 40)
            let tooFew = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"ink","at":{"page":2,"x":12,"y":300},"points":[[12,300]]}"#)
            #expect(tooFew.status == .badRequest)
            let offPage = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"ink","at":{"page":2,"x":12,"y":300},"points":[[12,300],[9000,300]]}"#)
            #expect(offPage.status == .badRequest)
            let session = try await client.send(.get, "/api/session").object
            let ink = (session["marks"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "ink" }
            #expect((ink?["points"] as? [[Double]]) == points)
            #expect(ink?["device"] as? String == "pen-1")

            let stored = try SessionDatabase(path: fixture.database).load()
            let mark = try #require(stored.marks.first { $0.kind == .ink })
            #expect(mark.points == points.map { InkPoint(x: $0[0], y: $0[1]) })
            #expect(mark.device == "pen-1")
            let reread = try Session.read(json: stored.jsonData()).session
            #expect(reread.marks.first { $0.kind == .ink } == mark)
            #expect(stored.marksCSV().contains("ink"))
            #expect(stored.marksCSV().contains("12 300;12.5 301"))

            let pdf = fixture.folder.appendingPathComponent("annotated.pdf").path
            let document = try ScoreDocument(path: ServerFixture.score)
            try document.writeAnnotatedPDF(overlays: try ScoreAnnotation.overlays(session: stored), to: pdf)
            let plain = try document.grayImage(page: 2, dpi: 72), drawn = try ScoreDocument(path: pdf).grayImage(page: 2, dpi: 72)
            let darkened = points.filter { p in
                let i = Int(p[1]) * drawn.width + Int(p[0])
                return plain.pixels[i] > 240 && drawn.pixels[i] < 200
            }
            #expect(darkened.count > 30, "the stroke is drawn on blank paper (\(darkened.count) of 40 points)")
        }
    }

    @Test("moving an ink mark moves its whole stroke (API and database); undo moves it back; a move off the page is refused")
    func inkMove() async throws {
        try await Self.live { client, fixture in
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":10,"y":60}}"#)
            let number = take.object["number"] as? Int ?? 0
            let added = try await client.send(.post, "/api/marks",
                #"{"take":\#(number),"kind":"ink","at":{"page":2,"x":100,"y":300},"points":[[100,300],[120,310],[140,295]]}"#, headers: Self.device("pen-1"))
            let id = added.object["id"] as? Int ?? 0
            let moved = try await client.send(.post, "/api/marks/\(id)/move", #"{"at":{"page":2,"x":130,"y":320}}"#, headers: Self.device("pen-1"))
            #expect(moved.status == .ok, "\(moved.text)")
            #expect(moved.object["points"] as? [[Double]] == [[130, 320], [150, 330], [170, 315]])
            var stored = try SessionDatabase(path: fixture.database).load()
            #expect(stored.mark(id)?.points == [InkPoint(x: 130, y: 320), InkPoint(x: 150, y: 330), InkPoint(x: 170, y: 315)])
            #expect(stored.mark(id)?.at == ScorePosition(page: 2, x: 130, y: 320))
            // Off the page's top-left (a point would be below 0): refused, nothing moved.
            let refused = try await client.send(.post, "/api/marks/\(id)/move", #"{"at":{"page":2,"x":130,"y":3}}"#)
            #expect(refused.status == .badRequest)
            let undone = try await client.send(.post, "/api/undo", headers: Self.device("pen-1"))
            #expect((undone.object["undone"] as? [String: Any])?["action"] as? String == "mark-move")
            let back = try await client.send(.get, "/api/marks?take=\(number)").object["marks"] as? [[String: Any]] ?? []
            #expect(back.first { $0["id"] as? Int == id }?["points"] as? [[Double]] == [[100, 300], [120, 310], [140, 295]])
            stored = try SessionDatabase(path: fixture.database).load()
            #expect(stored.mark(id)?.points == [InkPoint(x: 100, y: 300), InkPoint(x: 120, y: 310), InkPoint(x: 140, y: 295)])
            // The model does the same for a document (move, then undo).
            var document = stored
            try document.moveMark(id, at: ScorePosition(page: 2, x: 110, y: 300))
            #expect(document.mark(id)?.points.map(\.x) == [110, 130, 150])
            try document.undo()
            #expect(document.mark(id)?.points == stored.mark(id)?.points)
        }
    }

    @Test("a problem range across a page break is drawn on both pages and has a segment per system")
    func rangeAcrossPageBreak() async throws {
        try await Self.live { client, fixture in
            let layout = try #require(fixture.server.service.layout)
            let page2 = try #require(layout.pages.first { $0.page == 2 }), page3 = try #require(layout.pages.first { $0.page == 3 })
            let lastSystem = try #require(page2.systems.last), firstSystem = try #require(page3.systems.first)
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":\#(page2.systems[0].top + 5)}}"#)
            let number = take.object["number"] as? Int ?? 0
            let added = try await client.send(.post, "/api/marks", """
                {"take":\(number),"kind":"problem","problem":"balance","at":{"page":2,"x":300,"y":\(lastSystem.top + 5)},
                 "to":{"page":3,"x":200,"y":\(firstSystem.top + 5)}}
                """)
            #expect(added.status == .created, "\(added.text)")
            let segments = added.object["segments"] as? [[String: Any]] ?? []
            #expect(segments.map { $0["page"] as? Int } == [2, 3])
            #expect(segments.first?["left"] as? Double == 300)
            #expect(segments.last?["right"] as? Double == 200)
            #expect(segments.first?["top"] as? Double == lastSystem.top)

            let stored = try SessionDatabase(path: fixture.database).load()
            let overlays = try ScoreAnnotation.overlays(session: stored)
            func band(_ page: Int, top: Double) -> Bool {
                (overlays[page] ?? []).contains { overlay in
                    if case .rectangle(let origin, _, _) = overlay.shape, origin.y == top, overlay.stroke == nil { return true }
                    return false
                }
            }
            #expect(band(2, top: lastSystem.top), "the range is drawn on the last system of page 2")
            #expect(band(3, top: firstSystem.top), "and on the first system of page 3")
        }
    }
}
