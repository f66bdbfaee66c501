import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TonmeisterServer

/// A served copy of the example session (`Examples/chorale-session.json` on `Scores/chorale.pdf`) in a scratch folder.
struct ServerFixture {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let score = packageRoot.appendingPathComponent("Scores/chorale.pdf").path

    let folder: URL
    let database: String
    let server: TonmeisterServer

    /// Imports the example into a new database and opens a server on it.
    init(token: String? = nil, maxBodyBytes: Int = 64 * 1024) throws {
        try self.init(configuration: ServerConfiguration(token: token, maxBodyBytes: maxBodyBytes))
    }

    /// Imports the example into a new database and opens a server on it with `configuration`.
    init(configuration: ServerConfiguration) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = folder.appendingPathComponent("day1.json")
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Examples/chorale-session.json"), to: json)
        database = try SessionFiles.prepare(json.path).database
        server = try TonmeisterServer(sessionPath: database, scorePath: Self.score, configuration: configuration)
    }

    /// Runs `body` with a client talking to the router directly, then removes the folder.
    func test<T>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await Application(router: server.makeRouter()).test(.router, body)
    }
}

/// An answer's body as text and as JSON.
extension TestResponse {
    var text: String { String(buffer: body) }

    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The `error.message` of an error answer.
    var message: String { (object["error"] as? [String: Any])?["message"] as? String ?? "" }
}

extension TestClientProtocol {
    /// Sends a JSON body (a string, sent as it is) and returns the answer.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if [.post, .put, .patch].contains(method), headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}
