import Foundation
import Hummingbird
import HummingbirdTesting
import ScoreDocument
import Testing
@testable import TonmeisterServer

/// The server used as a careless or hostile client would: absurd numbers, error answers, loopback look-alikes,
/// slow and idle connections against a real listening server.
@Suite("Server under abuse")
struct ServerAbuseTests {
    @Test("a take numbered Int.max and a mark time of 1e300 are 400, and the session goes on")
    func absurdNumbers() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let huge = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120},"number":9223372036854775807}"#)
            #expect(huge.status == .badRequest)
            #expect(huge.message.contains("outside 0…999 999"), "\(huge.message)")
            let started = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#)
            #expect(started.status == .created)
            #expect(started.object["number"] as? Int == 31)
            let late = try await client.send(.post, "/api/marks", #"{"take":31,"kind":"rating","value":4,"at":{"page":2,"x":150,"y":120},"time":1e300}"#)
            #expect(late.status == .badRequest)
            #expect(try await client.send(.post, "/api/takes/31/renumber", #"{"number":9223372036854775807}"#).status == .badRequest)
            #expect(try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#).status == .created)
        }
    }

    @Test("error answers carry the security headers too")
    func headersOnErrors() async throws {
        let fixture = try ServerFixture(token: "s3cret-token", maxBodyBytes: 64)
        try await fixture.test { client in
            let auth: HTTPFields = [.authorization: "Bearer s3cret-token"]
            let answers = [
                try await client.send(.get, "/api/session"),
                try await client.send(.get, "/api/session", headers: [.authorization: "Bearer s3cret-token", .init("Host")!: "evil.example"]),
                try await client.send(.get, "/api/nothing-here", headers: auth),
                try await client.send(.post, "/api/takes", String(repeating: " ", count: 1_000), headers: auth),
            ]
            #expect(answers.map(\.status.code) == [401, 403, 404, 413])
            for answer in answers {
                #expect(answer.headers[.init("X-Content-Type-Options")!] == "nosniff")
                #expect(answer.headers[.contentSecurityPolicy] != nil)
                #expect(answer.headers[.init("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test("loopback is decided on parsed addresses", arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true), ("[::1]", true),
        ("::ffff:127.0.0.1", true), ("127.evil.example", false), ("127.0.0.1.evil.example", false), ("10.0.0.1", false),
        ("::2", false), ("localhost.evil.example", false), ("128.0.0.1", false),
    ])
    func loopback(_ host: String, _ expected: Bool) {
        #expect(ServerConfiguration.isLoopback(host) == expected)
    }

    @Test("serve opens an encrypted score with its password, and refuses it without")
    func encryptedScore() throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let pdf = ServerFixture.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Fixtures/encrypted.pdf").path
        var configuration = ServerConfiguration()
        #expect(throws: ScoreDocumentError.self) { try TonmeisterServer(sessionPath: fixture.database, scorePath: pdf, configuration: configuration) }
        configuration.scorePassword = "secret"
        #expect(try TonmeisterServer(sessionPath: fixture.database, scorePath: pdf, configuration: configuration).renderer.pageSizes.count == 2)
    }

    @Test("a 100 × 14 400 pt page is rendered, narrower than asked, instead of failing")
    func longPage() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BlankPDF.write(pages: [[]], size: PageSize(width: 100, height: 14_400), to: path)
        let renderer = try PageRenderer(path: path, cacheBytes: 1 << 20)
        let (png, _) = try await renderer.png(page: 1, width: 400)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("a page of any size is rendered within the pixel budget", arguments: [
        (PageSize(width: 100, height: 14_400), 400), (PageSize(width: 14_400, height: 14_400), 4_000), (PageSize(width: 595, height: 842), 800),
    ])
    func pixelBudget(_ size: PageSize, _ width: Int) {
        let dpi = PageRenderer.resolution(width: width, of: size)
        let (w, h) = (size.width * dpi / 72, size.height * dpi / 72)
        #expect(max(w, h) <= PageRenderer.pixelBudget.side && w * h <= PageRenderer.pixelBudget.area)
        #expect(dpi >= 1)
        if size.width == 595 { #expect(Int(w.rounded()) == width) }
    }
}
