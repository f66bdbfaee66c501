import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Numbers from outside are checked before any arithmetic (`SessionLimits`): absurd ones are refused with a named
/// error, and a session that already holds one opens with a warning and keeps working.
@Suite struct LimitsTests {
    static let start = Fixtures.at(Fixtures.grid, 0)

    @Test("a take numbered Int.max is kept with a warning, and the next take is numbered after the highest in range")
    func takeNumberOutOfRange() throws {
        var session = Fixtures.session(Fixtures.grid)
        try session.addTake(start: Self.start)
        session.takes.append(Take(number: .max, label: String(Int.max), start: Self.start))
        let reading = try session.checked(.lenient)
        #expect(reading.warnings.contains { $0.kind == .outOfRange && $0.take == .max })
        var opened = reading.session
        #expect(try opened.addTake(start: Self.start).number == 2)
        #expect(throws: ProtocolError.self) { try session.checked(.strict) }
    }

    @Test("take numbers are used up at 999 999 with a named error, not a trap")
    func takeNumbersExhausted() throws {
        var session = Fixtures.session(Fixtures.grid)
        session.takes.append(Take(number: 999_999, label: "999999", start: Self.start))
        #expect(throws: ProtocolError.outOfRange(what: "the next take number", value: 1_000_000, range: SessionLimits.takeNumbers)) {
            try session.addTake(start: Self.start)
        }
        session.numbering.first = .max
        #expect(throws: ProtocolError.self) { try session.nextTakeNumber() }
    }

    @Test("a label holding Int.max does not overflow per-piece numbering")
    func labelOverflow() throws {
        let pieces = [Piece(title: "I", firstBar: BarNumber(1), lastBar: BarNumber(6), key: nil),
                      Piece(title: "II", firstBar: BarNumber(7), lastBar: BarNumber(9), key: nil)]
        for prefixPerPiece in [true, false] {
            var session = Fixtures.session(Fixtures.grid, pieces: pieces)
            session.numbering = TakeNumbering(first: 1, prefixPerPiece: prefixPerPiece, continuous: false)
            session.takes.append(Take(number: 5, label: (prefixPerPiece ? "A" : "") + String(Int.max), start: Self.start))
            let take = try session.addTake(start: Self.start, piece: 0)
            #expect(take.number == 6)
            #expect(take.label == (prefixPerPiece ? "A1" : "1"))
        }
    }

    @Test("a mark id of Int.max is kept, and the next mark gets the next id in range")
    func markIDOutOfRange() throws {
        var session = Fixtures.session(Fixtures.grid)
        try session.addTake(start: Self.start)
        session.marks.append(Mark(id: .max, take: 1, kind: .editPoint, at: Self.start))
        let reading = try session.checked(.lenient)
        #expect(reading.warnings.contains { $0.kind == .outOfRange && $0.mark == .max })
        var opened = reading.session
        #expect(try opened.addMark(take: 1, kind: .rating(3), at: Self.start).id == 1)
        session.marks = [Mark(id: SessionLimits.markIDs.upperBound, take: 1, kind: .editPoint, at: Self.start)]
        #expect(throws: ProtocolError.self) { try session.addMark(take: 1, kind: .editPoint, at: Self.start) }
    }

    @Test("absurd mark times are refused by edits and dropped with a warning on reading", arguments: [1e300, 1e18, SessionLimits.maxSeconds + 1])
    func markTimes(_ time: Double) throws {
        var session = Fixtures.session(Fixtures.grid)
        try session.addTake(start: Self.start)
        #expect(throws: ProtocolError.invalidMarkTime(mark: 1, time: time)) {
            try session.addMark(take: 1, kind: .rating(3), at: Self.start, time: time)
        }
        session.marks.append(Mark(id: 1, take: 1, kind: .rating(3), at: Self.start, time: time))
        let reading = try session.checked(.lenient)
        #expect(reading.session.marks.first?.time == nil)
        #expect(reading.warnings.contains { $0.kind == .outOfRange && $0.mark == 1 })
        #expect(throws: ProtocolError.self) { try session.checked(.strict) }
    }

    @Test("renumbering to Int.max is refused")
    func renumber() throws {
        var session = Fixtures.session(Fixtures.grid)
        try session.addTake(start: Self.start)
        #expect(throws: ProtocolError.self) { try session.renumberTake(1, to: .max) }
        #expect(try session.renumberTake(1, to: 999_999).number == 999_999)
    }

    @Test("marker times too large for microseconds are written, not trapped", arguments: [1e18, 1e300, .infinity, -5])
    func markerSeconds(_ value: Double) {
        let text = TakeMarkers.seconds(value)
        #expect(text.hasSuffix("000000") || text.contains("."))
        #expect(!text.hasPrefix("-"))
    }

    @Test func rangeText() {
        #expect(SessionLimits.describe(SessionLimits.takeNumbers) == "0…999 999")
        #expect(SessionLimits.describe(SessionLimits.markIDs) == "1…99 999 999")
    }
}
