import Testing
import ScoreLayout
@testable import RecordingProtocol

/// `Session.sifted()`: what a damaged database gives back is kept only where it can stand.
struct SiftingTests {
    @Test func garbageRowsAreLeftOutAndCounted() throws {
        let layout = Fixtures.grid
        var session = Fixtures.session(layout, takes: [(Fixtures.at(layout, 0), Fixtures.at(layout, 3)),
                                                       (Fixtures.at(layout, 2), nil)])
        session.marks = [
            Mark(id: 1, take: 1, kind: .rating(4), at: Fixtures.at(layout, 1)),
            Mark(id: 2, take: 9, kind: .rating(3), at: Fixtures.at(layout, 1)),           // its take is gone
            Mark(id: 3, take: 2, kind: .rating(0), at: Fixtures.at(layout, 2)),           // a zeroed value
            Mark(id: 1, take: 2, kind: .text, at: Fixtures.at(layout, 2)),                // a second id 1
            Mark(id: 5, take: 2, kind: .editPoint, at: ScorePosition(page: 0, x: 0, y: 0)), // a zeroed position
            Mark(id: 6, take: 1, kind: .rating(2), at: Fixtures.at(layout, 5)),           // outside its take: kept
        ]
        session.takes.append(Take(number: 3, start: ScorePosition(page: 0, x: 0, y: 0)))  // a zeroed take
        session.takes.append(Take(number: 1, start: Fixtures.at(layout, 4)))              // a second take 1
        session.history = [.takeStarted(take: 1)]
        let (sifted, droppedTakes, droppedMarks) = session.sifted()
        #expect(sifted.takes.map(\.number) == [1, 2])
        #expect(sifted.marks.map(\.id) == [1, 6])
        #expect((droppedTakes, droppedMarks) == (2, 4))
        #expect(sifted.history.isEmpty, "the history may name what is gone")
        #expect(throws: Never.self) { try sifted.checked(.lenient) }
    }

    @Test func aSoundSessionIsUnchanged() throws {
        let layout = Fixtures.grid
        var session = Fixtures.session(layout, takes: [(Fixtures.at(layout, 0), Fixtures.at(layout, 3))])
        session.marks = [Mark(id: 1, take: 1, kind: .rating(4), at: Fixtures.at(layout, 1))]
        let (sifted, droppedTakes, droppedMarks) = session.sifted()
        #expect(sifted == session)
        #expect((droppedTakes, droppedMarks) == (0, 0))
    }
}
