import Foundation
import ScoreDocument
import ScoreLayout
import Testing
@testable import TonmeisterServer

/// Layout detection runs in a child process: a detector that dies leaves `serve` answering.
@Suite("API: detection in a child process")
struct DetectionProcessTests {
    /// An executable script in `folder` whose body is `body`.
    static func script(_ body: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("detector-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    @Test("the default detector is the tonmeister executable, run as a child")
    func defaultDetector() throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let detector = try #require(fixture.server.renderer.detector)
        #expect(URL(fileURLWithPath: detector.executable).lastPathComponent == "tonmeister")
        let (layout, report) = try detector.detect(path: ServerFixture.score, password: nil)
        let inProcess = try ScoreLayout(detected: try ScoreDocument(path: ServerFixture.score).detectLayout())
        #expect(layout == inProcess && layout.pages.count == 3)
        guard case .object(let members) = report else { Issue.record("no report"); return }
        #expect(members.contains { $0.0 == "pages" })
    }

    @Test("a detector killed by a signal (as cairo's or poppler's abort does) is a clear 500, and the server goes on",
          arguments: ["exec python3 -c 'import os; os.abort()'", "kill -SEGV $$"])
    func crashedDetector(_ body: String) async throws {
        let fixture = try ServerFixture()
        fixture.server.renderer.detector = DetectionProcess(executable: try Self.script(body, in: fixture.folder))
        try await fixture.test { client in
            let answer = try await client.send(.post, "/api/layout/detect", #"{"save":true}"#)
            #expect(answer.status == .internalServerError)
            #expect(answer.message.hasPrefix("layout detection stopped: its process was killed by signal"), "\(answer.text)")
            let session = try await client.send(.get, "/api/session")
            #expect(session.status == .ok)
            #expect((session.object["bars"] as? [Any])?.count == 36, "the saved layout is untouched")
        }
    }

    @Test("a detector refusing the PDF (exit 2) is a 400 with its message; other failures and bad output are a 500")
    func failedDetector() async throws {
        let fixture = try ServerFixture()
        let cases: [(String, Int, String)] = [
            ("echo 'error: not a PDF: no %PDF header' >&2; exit 2", 400, "not a PDF: no %PDF header"),
            ("echo 'boom' >&2; exit 1", 500, "layout detection failed (exit status 1): boom"),
            ("echo '{\"pages\":[{\"page\":1,\"systems\":[{\"top\":9,\"bottom\":1}]}]}'", 500, "layout detection gave output that is not a layout"),
        ]
        try await fixture.test { client in
            for (body, status, message) in cases {
                fixture.server.renderer.detector = DetectionProcess(executable: try Self.script(body, in: fixture.folder))
                let answer = try await client.send(.post, "/api/layout/detect", "{}")
                #expect(answer.status.code == status, "\(body)")
                #expect(answer.message == message, "\(answer.text)")
            }
            #expect(try await client.send(.get, "/api/session").status == .ok)
        }
    }
}
