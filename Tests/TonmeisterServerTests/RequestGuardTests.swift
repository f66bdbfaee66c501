import Foundation
import TestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import TonmeisterServer

/// Forged requests — a foreign Origin, a foreign Host (DNS rebinding), a cross-site fetch, a text/plain write — are
/// 403 and change nothing; the page's own requests and scripts without Origin go through.
@Suite("API: forged requests")
struct RequestGuardTests {
    static let forged: [(String, HTTPRequest.Method, String, [(String, String)])] = [
        ("foreign Origin", .post, "/api/takes", [("Origin", "http://evil.example"), ("Content-Type", "application/json")]),
        ("Origin null (a sandboxed frame)", .post, "/api/undo", [("Origin", "null"), ("Content-Type", "application/json")]),
        ("text/plain, as a cross-site form sends it", .post, "/api/takes", [("Content-Type", "text/plain")]),
        ("form-encoded", .post, "/api/marks", [("Content-Type", "application/x-www-form-urlencoded")]),
        ("no content type", .post, "/api/takes", [("Content-Type", "")]),
        ("cross-site fetch", .post, "/api/undo", [("Sec-Fetch-Site", "cross-site"), ("Content-Type", "application/json")]),
        ("rebinding Host, write", .post, "/api/takes", [("Host", "evil.example:8080"), ("Content-Type", "application/json")]),
        ("rebinding Host, read", .get, "/api/session", [("Host", "evil.example")]),
        ("rebinding Host, page", .get, "/", [("Host", "rebind.attacker.net:8080")]),
    ]

    @Test("each forged request is 403 with a message naming the header, and the session is unchanged",
          arguments: forged.indices)
    func forgedIsRefused(_ index: Int) async throws {
        let (name, method, uri, fields) = Self.forged[index]
        let fixture = try ServerFixture()
        let database = fixture.database
        let before = try SessionDatabase(path: database).exportJSON()
        try await fixture.test { client in
            var headers = HTTPFields()
            for (key, value) in fields where !value.isEmpty { headers[HTTPField.Name(key)!] = value }
            if fields.contains(where: { $0.0 == "Content-Type" && $0.1.isEmpty }) { headers[.contentType] = nil }
            let body = method == .post ? #"{"start":{"page":2,"x":80,"y":120}}"# : nil
            let answer = try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
            #expect(answer.status == .forbidden, "\(name)")
            #expect(answer.message.hasPrefix("refused: "), "\(name): \(answer.message)")
            #expect(try SessionDatabase(path: database).exportJSON() == before, "\(name)")
        }
    }

    @Test("the page's own requests, the machine's addresses and scripts without Origin go through")
    func ownRequestsPass() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let own: HTTPFields = [.origin: "http://127.0.0.1:8080", .contentType: "application/json",
                                   HTTPField.Name("Sec-Fetch-Site")!: "same-origin", HTTPField.Name("Host")!: "127.0.0.1:8080"]
            let take = try await client.execute(uri: "/api/takes", method: .post, headers: own,
                                                body: ByteBuffer(string: #"{"start":{"page":2,"x":80,"y":120}}"#))
            #expect(take.status == .created, "\(take.message)")
            #expect(try await client.send(.get, "/api/session", headers: [HTTPField.Name("Host")!: "localhost:8080"]).status == .ok)
            #expect(try await client.send(.get, "/api/session").status == .ok)
        }
        #expect(RequestGuard(host: "0.0.0.0").accepts(hostName: "192.168.1.20"))
        #expect(RequestGuard(host: "0.0.0.0").accepts(hostName: "fe80::1"))
        #expect(!RequestGuard(host: "127.0.0.1").accepts(hostName: "192.168.1.20"))
        #expect(RequestGuard(host: "0.0.0.0", allowedHosts: ["studio-mac.local"]).accepts(hostName: "Studio-Mac.local"))
        #expect(RequestGuard.name(ofAuthority: "[::1]:8080") == "::1" && RequestGuard.name(ofAuthority: "host:80") == "host")
    }

    @Test("a random token is 24 letters and digits, different each time")
    func randomTokens() throws {
        let a = ServerConfiguration.randomToken(), b = ServerConfiguration.randomToken()
        #expect(a.count == 24 && a != b)
        #expect(a.allSatisfy { $0.isLetter || $0.isNumber })
        try ServerConfiguration(host: "0.0.0.0", token: a).validate()
    }

    static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("the QR code of the URL decodes back to the URL with zbarimg", .enabled(if: zbarimg != nil, "zbarimg (zbar-tools) is not installed"))
    func qrCodeDecodes() throws {
        let url = "http://192.168.1.20:8080/?token=" + ServerConfiguration.randomToken()
        let code = try QRCode(url)
        #expect(code.terminalText().contains("▀"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pbm")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(code.pbm().utf8).write(to: file)
        let text = try ChildProcess.run(path: Self.zbarimg!, ["--quiet", "--raw", file.path]).output
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == url)
    }
}
