import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Renumbering takes, moving and changing marks: checked like every edit, recorded, and undone exactly.
@Suite("Revisions")
struct RevisionTests {
    @Test("renumbering moves the take, its marks and its history; undo gives the number back")
    func renumber() throws {
        let before = try UndoTests.base()
        var session = before
        let take = try session.renumberTake(1, to: 7)
        #expect(take.number == 7 && take.label == "7")
        #expect(session.take(1) == nil)
        #expect(session.marks.allSatisfy { $0.take == 7 })
        #expect(session.history.prefix(2) == [.takeStarted(take: 7), .takeEnded(take: 7, previousEnd: nil)])
        #expect(session.history.last == .takeRenumbered(take: 7, previousNumber: 1, previousLabel: "1"))
        #expect(try session.coverageIndex().covers(barIndex: 2).map(\.take) == [7])
        var more = session
        #expect(try more.addTake(start: Fixtures.at(Fixtures.grid, 6, 0.1)).number == 8)
        try session.undo()
        #expect(session == before)
    }

    @Test("earlier actions of a renumbered take are still undone on it")
    func undoThroughRenumbering() throws {
        var session = try UndoTests.base()
        try session.renumberTake(1, to: 12, label: "A12")
        #expect(session.take(12)?.label == "A12")
        try session.undo()
        #expect(session.take(1)?.label == "1")
        try session.renumberTake(1, to: 12)
        try session.setNote(ofTake: 12, to: "slate said 12")
        try session.undo()
        try session.undo()
        #expect(try session.undo() == .markAdded(mark: 2))
        #expect(session.mark(2)?.deleted == true)
    }

    @Test("a label that is not the number is kept")
    func keepsLabel() throws {
        var session = Fixtures.session()
        session.takes = [Take(number: 3, label: "B1", start: Fixtures.at(Fixtures.grid, 0))]
        #expect(try session.renumberTake(3, to: 4).label == "B1")
    }

    @Test("renumbering is refused for a used number, a negative one, an empty label or no change", arguments: [
        (2, nil, "take 1 cannot be renumbered: take 2 exists already"),
        (3, nil, "take 1 cannot be renumbered: take 3 exists already (deleted; numbers are not given out twice)"),
        (-1, nil, "take 1 cannot be renumbered: a take number is 0 or more, not -1"),
        (5, " ", "take 1 cannot be renumbered: the label is empty"),
        (1, nil, "take 1 cannot be renumbered: it is take 1 labelled 1 already"),
    ] as [(Int, String?, String)])
    func refused(_ number: Int, _ label: String?, _ message: String) throws {
        var session = try UndoTests.base()
        try session.addTake(start: Fixtures.at(Fixtures.grid, 6, 0.1))
        try session.addTake(start: Fixtures.at(Fixtures.grid, 7, 0.1))
        try session.deleteTake(3)
        let before = session
        do {
            try session.renumberTake(1, to: number, label: label)
            Issue.record("accepted \(number)")
        } catch let error as ProtocolError {
            #expect(error.description == message)
        }
        #expect(session == before)
        #expect(throws: ProtocolError.takeDeleted(number: 3)) { try session.renumberTake(3, to: 9) }
        #expect(throws: ProtocolError.takeNotFound(number: 44)) { try session.renumberTake(44, to: 9) }
    }

    @Test("undoing a renumbering is refused when another take has taken the old number")
    func undoCollision() throws {
        var session = try UndoTests.base()
        try session.renumberTake(1, to: 5)
        session.takes.append(Take(number: 1, start: Fixtures.at(Fixtures.grid, 7)))
        #expect(throws: ProtocolError.self) { try session.undo() }
        #expect(session.take(5) != nil)
    }

    @Test("a mark moves inside its take and back with undo")
    func move() throws {
        let before = try UndoTests.base()
        var session = before
        let to = Fixtures.at(Fixtures.grid, 4, 0.2)
        let moved = try session.moveMark(1, at: Fixtures.at(Fixtures.grid, 3), to: to)
        #expect(moved.at == Fixtures.at(Fixtures.grid, 3) && moved.to == to)
        #expect(session.history.last == .markMoved(mark: 1, previousAt: Fixtures.at(Fixtures.grid, 1), previousTo: nil))
        try session.undo()
        #expect(session == before)
    }

    @Test("a move outside the take is kept and flagged; a range dragged backwards is turned around")
    func lenientMoves() throws {
        var session = try UndoTests.base()
        let outside = try session.moveMark(1, at: Fixtures.at(Fixtures.grid, 7))
        #expect(outside.at == Fixtures.at(Fixtures.grid, 7))
        #expect(session.placementWarnings(for: outside).map(\.kind) == [.markAfterTake])
        let turned = try session.moveMark(1, at: Fixtures.at(Fixtures.grid, 3), to: Fixtures.at(Fixtures.grid, 2))
        #expect(turned.at == Fixtures.at(Fixtures.grid, 2) && turned.to == Fixtures.at(Fixtures.grid, 3))
        #expect(session.placementWarnings(for: turned).isEmpty)
    }

    @Test("a move off the layout changes nothing")
    func badMoves() throws {
        var session = try UndoTests.base()
        let before = session
        #expect(throws: ProtocolError.self) { try session.moveMark(1, at: ScorePosition(page: 9, x: 1, y: 1)) }
        #expect(throws: ProtocolError.self) { try session.moveMark(1, at: ScorePosition(page: 1, x: -5, y: 1)) }
        #expect(throws: ProtocolError.markNotFound(id: 9)) { try session.moveMark(9, at: Fixtures.at(Fixtures.grid, 3)) }
        #expect(session == before)
        try session.deleteMark(1)
        #expect(throws: ProtocolError.markDeleted(id: 1)) { try session.moveMark(1, at: Fixtures.at(Fixtures.grid, 3)) }
    }

    @Test("a mark's kind and text change and change back with undo")
    func change() throws {
        let before = try UndoTests.base()
        var session = before
        try session.changeMark(1, kind: .rating(2), text: "cellos late")
        try session.changeMark(2, kind: .problem(.balance), text: nil)
        #expect(session.mark(1)?.kind == .rating(2) && session.mark(1)?.text == "cellos late")
        #expect(try session.coverageIndex().covers(barIndex: 1).first?.rating == 2)
        #expect(throws: ProtocolError.ratingOutOfRange(mark: 1, take: 1, value: 6)) { try session.changeMark(1, kind: .rating(6), text: nil) }
        try session.undo()
        try session.undo()
        #expect(session == before)
    }

    @Test("the new actions round-trip through the session JSON")
    func jsonRoundTrip() throws {
        var session = try UndoTests.base()
        try session.changeMark(1, kind: .problem(.tempo), text: "rushed")
        try session.changeMark(2, kind: .rating(5), text: nil)
        try session.moveMark(2, at: Fixtures.at(Fixtures.grid, 2), to: Fixtures.at(Fixtures.grid, 3))
        try session.moveMark(2, at: Fixtures.at(Fixtures.grid, 4))
        try session.renumberTake(1, to: 9, label: "A9")
        let text = session.jsonText()
        #expect(text.contains(#"{"action":"mark-change","mark":1,"previousKind":"rating","previousValue":4}"#))
        #expect(text.contains(#"{"action":"mark-change","mark":2,"previousKind":"problem","previousProblem":"intonation"}"#))
        #expect(text.contains(#"{"action":"take-renumber","take":9,"previousNumber":1,"previousLabel":"1"}"#))
        let read = try Session(json: Data(text.utf8))
        #expect(read == session)
        #expect(read.jsonText() == text)
        var undone = read
        while !undone.history.isEmpty { try undone.undo() }
        #expect(undone.liveTakes.isEmpty)
    }

    @Test("incomplete new history entries are named", arguments: [
        (#"[{"action":"take-renumber","take":1}]"#, "invalid session JSON: history[0]: a 'take-renumber' action needs a previous number"),
        (#"[{"action":"mark-move","mark":1}]"#, "invalid session JSON: history[0]: a 'mark-move' action needs a previous position"),
        (#"[{"action":"mark-change","mark":1,"previousKind":"rating"}]"#,
         "invalid session JSON: history[0]: a 'mark-change' action's previous kind: invalid session JSON: value: a rating needs a value 1–5"),
    ])
    func badHistory(_ history: String, _ message: String) throws {
        let text = #"{"format":"tonmeister-session/1","title":"t","score":{"file":"s.pdf"},"takes":[{"number":1,"start":{"page":1,"x":1,"y":1}}],"marks":[{"take":1,"kind":"text","at":{"page":1,"x":2,"y":1}}],"history":"# + history + "}"
        do {
            _ = try Session(json: Data(text.utf8))
            Issue.record("accepted \(history)")
        } catch let error as ProtocolError {
            #expect(error.description == message)
        }
    }
}
