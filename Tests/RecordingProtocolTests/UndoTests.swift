import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Undo: each action is recorded in the history and reverted exactly; numbers and ids are never reused.
@Suite("Undo")
struct UndoTests {
    /// A session on the grid layout with take 1 over bars 1–6 (ended), a rating and a problem on it.
    static func base() throws -> Session {
        var s = Fixtures.session()
        try s.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.1), note: "first")
        try s.endTake(1, at: Fixtures.at(Fixtures.grid, 5, 0.9))
        try s.addMark(take: 1, kind: .rating(4), at: Fixtures.at(Fixtures.grid, 1))
        try s.addMark(take: 1, kind: .problem(.intonation), at: Fixtures.at(Fixtures.grid, 2))
        return s
    }

    /// The actions a producer can take, each applied to a copy of `base()`.
    static var actions: [(String, (inout Session) throws -> Void)] { [
        ("end take again", { try $0.endTake(1, at: Fixtures.at(Fixtures.grid, 4, 0.9)) }),
        ("reopen take", { try $0.endTake(1, at: nil) }),
        ("set note", { try $0.setNote(ofTake: 1, to: "second") }),
        ("delete take", { try $0.deleteTake(1) }),
        ("delete mark", { try $0.deleteMark(2) }),
    ] }

    @Test("undo reverts a change exactly", arguments: 0..<5)
    func revertsChange(_ index: Int) throws {
        let before = try Self.base()
        var session = before
        try Self.actions[index].1(&session)
        #expect(session != before)
        #expect(session.history.count == before.history.count + 1)
        try session.undo()
        #expect(session == before, "\(Self.actions[index].0)")
    }

    @Test("undo removes an added take or mark by soft delete; its number and id are not reused")
    func addedThingsAreDeleted() throws {
        var session = try Self.base()
        let take = try session.addTake(start: Fixtures.at(Fixtures.grid, 6, 0.1))
        let mark = try session.addMark(take: take.number, kind: .rating(2), at: Fixtures.at(Fixtures.grid, 7))
        #expect(try session.undo() == .markAdded(mark: mark.id))
        #expect(session.mark(mark.id)?.deleted == true)
        #expect(try session.undo() == .takeStarted(take: take.number))
        #expect(session.take(take.number)?.deleted == true)
        #expect(try session.coverageIndex().covers(barIndex: 7).isEmpty)
        #expect(try session.addTake(start: Fixtures.at(Fixtures.grid, 6, 0.1)).number == take.number + 1)
        #expect(try session.addMark(take: take.number + 1, kind: .text, at: Fixtures.at(Fixtures.grid, 7)).id == mark.id + 1)
    }

    @Test("undo walks back through the whole history to the empty session")
    func undoAll() throws {
        var session = try Self.base()
        let actions = session.history
        #expect(actions == [.takeStarted(take: 1), .takeEnded(take: 1, previousEnd: nil), .markAdded(mark: 1), .markAdded(mark: 2)])
        for expected in actions.reversed() { #expect(try session.undo() == expected) }
        #expect(session.liveTakes.isEmpty && session.liveMarks.isEmpty)
        #expect(throws: ProtocolError.nothingToUndo) { try session.undo() }
    }

    @Test("a failed edit records nothing")
    func failedEditRecordsNothing() throws {
        var session = try Self.base()
        #expect(throws: ProtocolError.self) { try session.addMark(take: 1, kind: .rating(9), at: Fixtures.at(Fixtures.grid, 1)) }
        #expect(throws: ProtocolError.markDeleted(id: 1)) { try session.deleteMark(1); try session.deleteMark(1) }
        #expect(session.history.last == .markDeleted(mark: 1))
        #expect(session.history.count == 5)
    }

    @Test("the history round-trips through the session JSON")
    func historyRoundTrip() throws {
        var session = try Self.base()
        try session.endTake(1, at: Fixtures.at(Fixtures.grid, 4, 0.9))
        try session.setNote(ofTake: 1, to: "retake the upbeat")
        try session.deleteMark(1)
        let text = session.jsonText()
        #expect(text.contains(#""history":[{"action":"take-start","take":1},{"action":"take-end","take":1},"#))
        #expect(text.contains(#"{"action":"take-note","take":1,"previousNote":"first"},{"action":"delete-mark","mark":1}]"#))
        let read = try Session(json: Data(text.utf8))
        #expect(read == session)
        #expect(read.jsonText() == text)
    }

    @Test("bad history entries are named", arguments: [
        (#"[{"action":"explode","take":1}]"#, "invalid session JSON: history[0]: unknown action 'explode' (expected one of take-start, take-end, take-note, mark, delete-mark, delete-take, take-renumber, mark-move, mark-change, clock, programme)"),
        (#"[{"action":"mark"}]"#, "invalid session JSON: history[0]: a 'mark' action needs a mark"),
        (#"[{"action":"take-start","take":"1"}]"#, "invalid session JSON: history[0].take: expected an integer, found a string"),
        (#"[{"action":"take-start","take":7}]"#, "invalid session history: history[0] (take-start) names take 7, which does not exist"),
        (#"[{"action":"mark","mark":9}]"#, "invalid session history: history[0] (mark) names mark 9, which does not exist"),
    ])
    func badHistory(_ history: String, _ message: String) throws {
        let text = #"{"format":"tonmeister-session/1","title":"t","score":{"file":"s.pdf"},"takes":[{"number":1,"start":{"page":1,"x":1,"y":1}}],"history":"# + history + "}"
        do {
            _ = try Session(json: Data(text.utf8))
            Issue.record("accepted \(history)")
        } catch let error as ProtocolError {
            #expect(error.description == message)
        }
    }
}
