import Foundation
import TestSupport
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TonmeisterServer

/// Covers, coverage and plan answer exactly as the command line prints them with `--json`; pages come as PNG.
@Suite("API: queries and pages")
struct QueryAPITests {
    /// Runs the built `tonmeister` and returns its standard output.
    static func cli(_ arguments: [String]) async throws -> String {
        guard let binary = ChildProcess.product("tonmeister") else { throw CocoaError(.fileNoSuchFile) }
        return try await ChildProcess.detached(binary, arguments).output.trimmingCharacters(in: .newlines)
    }

    @Test("covers, coverage and plan are byte for byte the command line's JSON", arguments: [
        ("/api/covers?bar=12", ["covers", "--bar", "12", "--json"]),
        ("/api/covers?bars=5-12", ["covers", "--bars", "5-12", "--json"]),
        ("/api/covers?page=2&x=300&y=400", ["covers", "--page", "2", "--x", "300", "--y", "400", "--json"]),
        ("/api/coverage", ["coverage", "--json"]),
        ("/api/coverage?threshold=4", ["coverage", "--threshold", "4", "--json"]),
        ("/api/plan", ["plan", "--format", "json"]),
        ("/api/plan?bars=1-12&minRating=4&preferEditPoints=true&exclude=3,5", ["plan", "--json", "--bars", "1-12", "--min-rating", "4", "--prefer-edit-points", "--exclude", "3,5"]),
    ])
    func sameAsCommandLine(_ uri: String, _ arguments: [String]) async throws {
        let fixture = try ServerFixture()
        let expected = try await Self.cli([arguments[0], fixture.database] + arguments.dropFirst())
        #expect(expected.hasPrefix("{"))
        try await fixture.test { client in
            let answer = try await client.send(.get, uri)
            #expect(answer.status == .ok)
            #expect(answer.text == expected)
        }
    }

    @Test("covers follows the edits made through the API")
    func coversAfterEdits() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.send(.post, "/api/takes", #"{"start":{"page":3,"x":60,"y":100}}"#)
            try await client.send(.post, "/api/marks", #"{"take":31,"kind":"rating","value":5,"at":{"page":3,"x":80,"y":100}}"#)
            let takes = try await client.send(.get, "/api/covers?page=3&x=300&y=100").object["takes"] as? [[String: Any]]
            let new = takes?.first { $0["number"] as? Int == 31 }
            #expect(new?["rating"] as? Int == 5)
            #expect(new?["open"] as? Bool == true)
        }
    }

    @Test("questions with bad parameters are 400", arguments: [
        ("/api/covers", "ask with one of ?bar=12, ?bars=5-12, or ?page=2&x=300&y=400"),
        ("/api/covers?bar=12&page=2", "ask with one of ?bar=12, ?bars=5-12, or ?page=2&x=300&y=400"),
        ("/api/covers?page=2&x=1", "a point needs page, x and y"),
        ("/api/covers?page=2&x=abc&y=1", "x must be a number, not 'abc'"),
        ("/api/covers?bars=12-5", "bars=12-5: the range runs backwards"),
        ("/api/covers?bar=%21", "'!' is not a bar number (12, 12a)"),
        ("/api/coverage?threshold=9", "threshold must be a rating from 1 to 5"),
        ("/api/plan?splicePenalty=-1", "splicePenalty must be 0 or more"),
        ("/api/plan?exclude=a", "exclude takes take numbers separated by commas (3,5), not 'a'"),
        ("/api/pages/1.png?width=0", "width must be a number of pixels above 0"),
    ])
    func badQueries(_ uri: String, _ message: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.send(.get, uri)
            #expect(answer.status == .badRequest, "\(uri): \(answer.text)")
            #expect(answer.message == message)
        }
    }

    @Test("pages are PNGs at the device's width, rounded up to a step and cached")
    func pages() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let first = try await client.send(.get, "/api/pages/2.png?width=1150")
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/png")
            #expect(first.headers[.init("X-Rendered-Width")!] == "1200")
            #expect(Array(first.body.readableBytesView.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let eTag = try #require(first.headers[.eTag])
            let again = try await client.send(.get, "/api/pages/2?width=1101")
            #expect(again.body == first.body)
            let cached = try await client.send(.get, "/api/pages/2.png?width=1200", headers: [.ifNoneMatch: eTag])
            #expect(cached.status == .notModified)
            let small = try await client.send(.get, "/api/pages/1.png?width=10")
            #expect(small.headers[.init("X-Rendered-Width")!] == "400")
        }
    }

    @Test("the page and its scripts are served; nothing else is")
    func page() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let index = try await client.send(.get, "/")
            #expect(index.status == .ok)
            #expect(index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(index.text.contains("/static/app.js"))
            #expect(index.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(try await client.send(.get, "/static/app.js").headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(try await client.send(.get, "/static/style.css").status == .ok)
        }
    }
}
