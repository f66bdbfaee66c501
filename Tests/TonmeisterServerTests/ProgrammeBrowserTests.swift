import Foundation
import Testing

/// Layout mode's panel of bars and pieces by finger (`Browser/programme.py`) at 768x1024, 1024x768 and 1366x1024.
@Suite("Bars and pieces in the page", .serialized)
struct ProgrammeBrowserTests {
    /// A session without pieces on the minuet (`Scores/minuet.pdf`, a repeat sign in the middle), with its layout.
    static func minuet(in folder: URL) throws -> URL {
        let layout = try String(contentsOf: BrowserTests.root.appendingPathComponent("Scores/minuet.layout.json"), encoding: .utf8)
        let json = #"{"format":"tonmeister-session/1","title":"Minuet","score":{"file":"minuet.pdf"},"layout":\#(layout),"takes":[],"marks":[]}"#
        let session = folder.appendingPathComponent("minuet.json")
        try Data(json.utf8).write(to: session)
        return session
    }

    @Test("an upbeat set by finger: the numbers drawn, GET /api/session, /api/programme and covers agree; Undo puts them back; a piece renamed",
          .enabled(if: BrowserTests.missing == nil, "browser tools missing: \(BrowserTests.missing ?? "")"))
    func pickup() async throws {
        let shots = try await BrowserTests.drive("programme.py", shots: "programme-pickup", passed: "all programme checks passed", arguments: ["pickup"])
        #expect(shots.count == 6, "\(shots)")
    }

    @Test("the minuet's detected order accepted by finger, undone, accepted; a tap back in the score goes to pass 2 and the pass control corrects it",
          .enabled(if: BrowserTests.missing == nil, "browser tools missing: \(BrowserTests.missing ?? "")"))
    func repeats() async throws {
        let shots = try await BrowserTests.drive("programme.py", shots: "programme-repeats", passed: "all programme checks passed",
                                                 session: Self.minuet(in:), score: "Scores/minuet.pdf", arguments: ["repeats"])
        #expect(shots.count == 9, "\(shots)")
    }
}
