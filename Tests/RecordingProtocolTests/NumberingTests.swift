import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Take numbers and labels under each numbering scheme.
@Suite struct NumberingTests {
    static let pieces = [
        Piece(title: "I. Allegro", firstBar: BarNumber(1), lastBar: BarNumber(6), key: "D major"),
        Piece(title: "II. Adagio", firstBar: BarNumber(7), lastBar: BarNumber(9), key: "b minor"),
    ]

    /// Takes made in order: piece 0, 0, 1, 0, 1, 1.
    static let order = [0, 0, 1, 0, 1, 1]

    @Test(arguments: [
        (TakeNumbering(first: 1, prefixPerPiece: false, continuous: true), ["1", "2", "3", "4", "5", "6"], [1, 2, 3, 4, 5, 6]),
        (TakeNumbering(first: 101, prefixPerPiece: false, continuous: true), ["101", "102", "103", "104", "105", "106"], [101, 102, 103, 104, 105, 106]),
        (TakeNumbering(first: 1, prefixPerPiece: true, continuous: true), ["A1", "A2", "B3", "A4", "B5", "B6"], [1, 2, 3, 4, 5, 6]),
        (TakeNumbering(first: 1, prefixPerPiece: true, continuous: false), ["A1", "A2", "B1", "A3", "B2", "B3"], [1, 2, 3, 4, 5, 6]),
        (TakeNumbering(first: 0, prefixPerPiece: true, continuous: false), ["A0", "A1", "B0", "A2", "B1", "B2"], [0, 1, 2, 3, 4, 5]),
        (TakeNumbering(first: 1, prefixPerPiece: false, continuous: false), ["1", "2", "1", "3", "2", "3"], [1, 2, 3, 4, 5, 6]),
    ])
    func scheme(_ numbering: TakeNumbering, labels: [String], numbers: [Int]) throws {
        var session = Fixtures.session(Fixtures.grid, pieces: Self.pieces)
        session.numbering = numbering
        let starts = [Fixtures.at(Fixtures.grid, 0), Fixtures.at(Fixtures.grid, 6)]
        for piece in Self.order {
            try session.addTake(start: starts[piece], piece: piece)
        }
        #expect(session.takes.map(\.label) == labels)
        #expect(session.takes.map(\.number) == numbers)
        try session.validate()
    }

    @Test func deletedTakesAreNeverRenumberedOrReused() throws {
        var session = Fixtures.session(Fixtures.grid, pieces: Self.pieces)
        session.numbering = TakeNumbering(first: 1, prefixPerPiece: true, continuous: false)
        for _ in 0..<3 { try session.addTake(start: Fixtures.at(Fixtures.grid, 0), piece: 0) }
        try session.deleteTake(3)
        try session.deleteTake(2)
        let next = try session.addTake(start: Fixtures.at(Fixtures.grid, 0), piece: 0)
        #expect((next.number, next.label) == (4, "A4"))
        #expect(session.takes.map(\.label) == ["A1", "A2", "A3", "A4"])
    }

    @Test func explicitPrefixesAndLetters() throws {
        var pieces = Self.pieces
        pieces[1].prefix = "Ad"
        var session = Fixtures.session(Fixtures.grid, pieces: pieces)
        session.numbering = TakeNumbering(first: 1, prefixPerPiece: true, continuous: false)
        try session.addTake(start: Fixtures.at(Fixtures.grid, 6), piece: 1)
        #expect(session.takes.map(\.label) == ["Ad1"])
        #expect(TakeNumbering.letterPrefix(forPieceAt: 0) == "A")
        #expect(TakeNumbering.letterPrefix(forPieceAt: 25) == "Z")
        #expect(TakeNumbering.letterPrefix(forPieceAt: 26) == "AA")
        #expect(TakeNumbering.letterPrefix(forPieceAt: 27) == "AB")
        #expect(throws: ProtocolError.pieceNotFound(index: 5, count: 2)) { try session.nextTakeNumber(for: 5) }
        #expect(try session.nextTakeNumber().label == "2")
    }

    @Test func perPieceWithoutPrefixesNeedsALayout() throws {
        var session = Fixtures.session(nil, pieces: Self.pieces)
        session.numbering = TakeNumbering(first: 1, prefixPerPiece: false, continuous: false)
        #expect(throws: ProtocolError.self) { try session.nextTakeNumber(for: 0) }
    }

    @Test func pieceKeysParseWithTheoryCore() throws {
        #expect(try Self.pieces[1].parsedKey()?.description.isEmpty == false)
        #expect(try Piece(title: "x", firstBar: BarNumber(1), lastBar: BarNumber(2)).parsedKey() == nil)
    }
}
