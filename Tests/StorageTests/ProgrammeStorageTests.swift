import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// `programme` history entries (numbering, orders, pieces) in the database and the session document.
@Suite("Storage: programme changes")
struct ProgrammeStorageTests {
    @Test("a numbering and a piece change are stored with their previous state, read back equal, exported and imported, and undone as the model undoes them")
    func roundTripAndUndo() throws {
        let database = try Fixtures.exampleDatabase()
        let original = try database.load()
        try database.acting(as: "tab-a") {
            try database.edit { session in
                try session.recordingProgramme(.numbering) { try $0.renumberBars([.pickup]) }
                try session.recordingProgramme(.pieces) { try $0.updatePiece(0) { $0.title = "Theme" } }
            }
        }
        let stored = try database.load()
        #expect(stored.layout?.allBars().first?.number == BarNumber(0))
        guard case .programmeChanged(let change)? = stored.history.suffix(2).first else {
            Issue.record("no programme entry: \(stored.history.suffix(2))")
            return
        }
        #expect(change.reason == .numbering && change.pieces == original.pieces && change.rules == original.layout?.numberingRules())
        // Through the session document and back: the same history.
        let again = try Session.read(json: stored.jsonData(), mode: .strict).session
        #expect(again.history == stored.history)
        // The database's undo equals the model's, newest first.
        var model = stored
        for _ in 0..<2 {
            let undone = try database.undo(device: "tab-a")
            #expect(try model.undo() == undone.action)
            #expect(try database.load().pieces == model.pieces)
            #expect(try database.load().layout?.allBars().map(\.number) == model.layout?.allBars().map(\.number))
        }
        #expect(try database.load().pieces == original.pieces)
        #expect(try database.load().layout?.allBars().map(\.number) == original.layout?.allBars().map(\.number))
    }
}
