import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Every validation error of `Session.validate()` and the editing methods, named and with its values.
@Suite struct ValidationTests {
    static let g = Fixtures.grid
    static let p1 = ScorePosition(page: 1, x: 150, y: 150)   // bar 1
    static let p2 = ScorePosition(page: 1, x: 350, y: 150)   // bar 3
    static let p3 = ScorePosition(page: 3, x: 250, y: 150)   // bar 8

    /// A valid session: take 1 bar 1 → bar 8, take 2 open from bar 3, one mark on each.
    static func base() -> Session {
        var s = Fixtures.session(g)
        s.takes = [Take(number: 1, start: p1, end: p3), Take(number: 2, start: p2)]
        s.marks = [
            Mark(id: 1, take: 1, kind: .rating(4), at: p2),
            Mark(id: 2, take: 2, kind: .problem(.ensemble), at: p2, to: p3),
        ]
        return s
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var edit: @Sendable (inout Session) -> Void
        var error: ProtocolError
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "take ends before it starts", edit: { $0.takes[0].end = ScorePosition(page: 1, x: 120, y: 150) },
             error: .takeEndsBeforeStart(take: 1, label: "1", start: p1, end: ScorePosition(page: 1, x: 120, y: 150))),
        Case(name: "take ends on an earlier page", edit: { $0.takes[1].start = p3; $0.takes[1].end = p2; $0.marks.removeLast() },
             error: .takeEndsBeforeStart(take: 2, label: "2", start: p3, end: p2)),
        Case(name: "take ends in an earlier system at a larger x",
             edit: { $0.takes[0].start = ScorePosition(page: 1, x: 110, y: 350); $0.takes[0].end = ScorePosition(page: 1, x: 390, y: 150) },
             error: .takeEndsBeforeStart(take: 1, label: "1", start: ScorePosition(page: 1, x: 110, y: 350), end: ScorePosition(page: 1, x: 390, y: 150))),
        Case(name: "mark before its take's start", edit: { $0.marks[1].at = p1 },
             error: .markOutsideTake(mark: 2, take: 2, label: "2", position: p1, reason: "it comes before the take's start at \(p2)")),
        Case(name: "mark after its take's end", edit: { $0.takes[0].end = ScorePosition(page: 1, x: 250, y: 150) },
             error: .markOutsideTake(mark: 1, take: 1, label: "1", position: p2, reason: "it comes after the take's end at \(ScorePosition(page: 1, x: 250, y: 150))")),
        Case(name: "mark range ending after its take's end", edit: { $0.marks[0].to = ScorePosition(page: 3, x: 390, y: 150) },
             error: .markOutsideTake(mark: 1, take: 1, label: "1", position: ScorePosition(page: 3, x: 390, y: 150), reason: "it comes after the take's end at \(p3)")),
        Case(name: "rating 0", edit: { $0.marks[0].kind = .rating(0) }, error: .ratingOutOfRange(mark: 1, take: 1, value: 0)),
        Case(name: "rating 6", edit: { $0.marks[0].kind = .rating(6) }, error: .ratingOutOfRange(mark: 1, take: 1, value: 6)),
        Case(name: "take on a page not in the layout", edit: { $0.takes[1].start = ScorePosition(page: 7, x: 1, y: 1) },
             error: .invalidPosition(what: "take 2 start", position: ScorePosition(page: 7, x: 1, y: 1), reason: "page 7 is not part of the layout")),
        Case(name: "mark on page 0", edit: { $0.marks[0].at = ScorePosition(page: 0, x: 1, y: 1) },
             error: .invalidPosition(what: "mark 1 (take 1) at", position: ScorePosition(page: 0, x: 1, y: 1), reason: "pages are numbered from 1")),
        Case(name: "position off the page", edit: { $0.takes[0].end = ScorePosition(page: 3, x: -5, y: 150) },
             error: .invalidPosition(what: "take 1 end", position: ScorePosition(page: 3, x: -5, y: 150), reason: "the coordinates lie outside the page (negative)")),
        Case(name: "position not finite", edit: { $0.takes[0].start = ScorePosition(page: 1, x: .nan, y: 150) },
             error: .invalidPosition(what: "take 1 start", position: ScorePosition(page: 1, x: .nan, y: 150), reason: "the coordinates are not finite numbers")),
        Case(name: "duplicate take numbers", edit: { $0.takes[1].number = 1 }, error: .duplicateTake(number: 1)),
        Case(name: "mark for an unknown take", edit: { $0.marks[0].take = 9 }, error: .markForUnknownTake(mark: 1, take: 9)),
        Case(name: "mark range to before at", edit: { $0.marks[1].to = $0.marks[1].at; $0.marks[1].at = p3 },
             error: .markRangeReversed(mark: 2, at: p3, to: p2)),
        Case(name: "duplicate mark ids", edit: { $0.marks[1].id = 1 }, error: .duplicateMark(id: 1)),
        Case(name: "empty problem symbol", edit: { $0.marks[1].kind = .problem(.symbol(" ")) },
             error: .invalidProblem(mark: 2, reason: "the problem symbol is empty")),
        Case(name: "negative mark time", edit: { $0.marks[0].time = -1 }, error: .invalidMarkTime(mark: 1, time: -1)),
        Case(name: "bad timecode", edit: { $0.takes[0].recordStart = "10:61:00:00" },
             error: .invalidTimecode(take: 1, text: "10:61:00:00", reason: "minutes 61 must be below 60")),
        Case(name: "frames beyond the frame rate", edit: { $0.takes[0].recordStart = "10:00:00:25"; $0.takes[0].fps = 25 },
             error: .invalidTimecode(take: 1, text: "10:00:00:25", reason: "frame 25 must be below 25")),
        Case(name: "timecode with wrong shape", edit: { $0.takes[0].recordStart = "10:00:00" },
             error: .invalidTimecode(take: 1, text: "10:00:00", reason: "expected 11 characters, found 8")),
        Case(name: "zero frame rate", edit: { $0.takes[0].fps = 0 }, error: .invalidFrameRate(take: 1, fps: 0)),
        Case(name: "negative first take number", edit: { $0.numbering.first = -1 },
             error: .invalidNumbering(reason: "the first take number -1 must be at least 0")),
        Case(name: "piece with an unreadable key",
             edit: { $0.pieces = [Piece(title: "I", firstBar: BarNumber(1), lastBar: BarNumber(9), key: "H major")] },
             error: .invalidPiece(index: 0, title: "I", reason: "")),
        Case(name: "piece with a bar not in the layout",
             edit: { $0.pieces = [Piece(title: "I", firstBar: BarNumber(1), lastBar: BarNumber(12))] },
             error: .invalidPiece(index: 0, title: "I", reason: "bar 12 is not in the layout")),
    ]

    @Test func baseIsValid() throws {
        try Self.base().validate()
    }

    @Test(arguments: cases)
    func validationError(_ testCase: Case) throws {
        var session = Self.base()
        testCase.edit(&session)
        do {
            try session.validate()
            Issue.record("expected \(testCase.error)")
        } catch let error as ProtocolError {
            if case .invalidPiece(_, _, let reason) = testCase.error, reason.isEmpty {
                // The key's reason comes from TheoryCore; check only that it names the key.
                #expect(error.description.hasPrefix("piece 1 ('I'): key 'H major' cannot be read"), "\(error)")
            } else if case .invalidPosition(_, let position, _) = testCase.error, position.x.isNaN {
                #expect(error.description.hasPrefix("take 1 start at p1 (nan, 150)"), "\(error)")
            } else {
                #expect(error == testCase.error)
            }
            #expect(!error.description.isEmpty)
        }
    }

    @Test func descriptionsNameTheTakeMarkAndValues() {
        #expect(ProtocolError.takeEndsBeforeStart(take: 3, label: "A3", start: Self.p2, end: Self.p1).description
            == "take 3 (A3) ends at p1 (150, 150), before its start at p1 (350, 150)")
        #expect(ProtocolError.ratingOutOfRange(mark: 7, take: 2, value: 9).description == "mark 7 on take 2: rating 9 is outside 1…5")
        #expect(ProtocolError.unsupportedFormat("tonmeister-session/2").description.contains("'tonmeister-session/2'"))
    }

    @Test func editingMethodsValidateAndLeaveTheSessionUnchanged() throws {
        var session = Self.base()
        let before = session
        #expect(throws: ProtocolError.self) { try session.addTake(start: ScorePosition(page: 5, x: 1, y: 1)) }
        #expect(throws: ProtocolError.ratingOutOfRange(mark: 3, take: 1, value: 7)) {
            try session.addMark(take: 1, kind: .rating(7), at: Self.p2)
        }
        var early = session
        early.takes[0].start = ScorePosition(page: 1, x: 160, y: 150)
        early.marks[0].at = ScorePosition(page: 1, x: 170, y: 150)
        let tapped = try early.addMark(take: 1, kind: .text, at: Self.p1)
        #expect(early.placementWarnings(for: tapped).map(\.kind) == [.markBeforeTake])
        #expect(throws: ProtocolError.markOutsideTake(mark: tapped.id, take: 1, label: "1", position: Self.p1,
                                                      reason: "it comes before the take's start at \(ScorePosition(page: 1, x: 160, y: 150))")) {
            try early.validate(.strict)
        }
        #expect(throws: ProtocolError.takeNotFound(number: 4)) { try session.addMark(take: 4, kind: .text, at: Self.p1) }
        // Ending take 2 before its problem mark's range end keeps the mark, flagged.
        var cut = session
        try cut.endTake(2, at: ScorePosition(page: 1, x: 380, y: 150))
        #expect(cut.marks.filter { $0.take == 2 }.flatMap { cut.placementWarnings(for: $0) }.map(\.kind) == [.markAfterTake])
        #expect(throws: ProtocolError.takeEndsBeforeStart(take: 2, label: "2", start: Self.p2, end: Self.p1)) {
            try session.endTake(2, at: Self.p1)
        }
        #expect(session == before)
        try session.endTake(2, at: ScorePosition(page: 3, x: 390, y: 150))
        #expect(session.take(2)?.isOpen == false)
        try session.endTake(2, at: nil)
        #expect(session.take(2)?.isOpen == true)
        try session.setNote(ofTake: 1, to: "oboe late")
        #expect(session.take(1)?.note == "oboe late")
        #expect(throws: ProtocolError.markNotFound(id: 99)) { try session.deleteMark(99) }
        #expect(throws: ProtocolError.takeNotFound(number: 99)) { try session.deleteTake(99) }
    }

    @Test func withoutALayoutOnlyPagesAreOrdered() throws {
        var session = Self.base()
        session.layout = nil
        try session.validate()
        session.takes[0].end = ScorePosition(page: 1, x: 100, y: 100)  // same page: order unknown, accepted
        session.marks[0].at = ScorePosition(page: 1, x: 100, y: 100)
        try session.validate()
        session.takes[0].start = ScorePosition(page: 2, x: 100, y: 100)
        #expect(throws: ProtocolError.self) { try session.validate() }
    }
}
