import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Appending takes and marks, ending takes and soft deletes, each in its own transaction.
@Suite("Storage appends")
struct AppendTests {
    @Test("an appended take and mark load back like the model's own edits")
    func appendThenLoad() throws {
        let database = try Fixtures.exampleDatabase()
        var model = try Fixtures.example()
        let (template, inside) = Fixtures.closedTake(of: model)
        let next = try model.nextTakeNumber()
        let take = Take(number: next.number, label: next.label, start: template.start, source: "T099.wav",
                        recordStart: "11:00:00:00", fps: 25, note: "pickup")
        try database.appendTake(take)
        model.takes.append(take)
        model.history.append(.takeStarted(take: take.number))
        let mark = Mark(id: 0, take: take.number, kind: .rating(5), at: inside, time: 1.5, colour: "green",
                        extra: ExtraFields([.init(key: "tap", json: "1")]))
        let id = try database.appendMark(mark)
        var expected = try model.addMark(take: take.number, kind: .rating(5), at: inside, time: 1.5, colour: "green")
        #expect(id == expected.id)
        expected.extra = mark.extra
        model.marks[model.marks.count - 1] = expected
        try database.endTake(number: take.number, at: template.end)
        try model.endTake(take.number, at: template.end)
        #expect(try database.load() == model)
    }

    @Test("soft delete keeps the mark and every id; the next id is still one past the highest")
    func softDelete() throws {
        let database = try Fixtures.exampleDatabase()
        let before = try database.load()
        let victim = before.marks[10].id
        try database.deleteMark(id: victim)
        let after = try database.load()
        #expect(after.marks.map(\.id) == before.marks.map(\.id))
        #expect(after.mark(victim)?.deleted == true)
        #expect(after.marks.filter(\.deleted).count == 1)
        let (take, inside) = Fixtures.closedTake(of: after)
        let id = try database.appendMark(Mark(id: 0, take: take.number, kind: .editPoint, at: inside))
        #expect(id == before.marks.map(\.id).max()! + 1)
        #expect(throws: StorageError.invalid(.markNotFound(id: 9999))) { try database.deleteMark(id: 9999) }
    }

    @Test("invalid appends throw a typed error and leave the database unchanged")
    func invalidAppends() throws {
        let database = try Fixtures.exampleDatabase()
        let session = try database.load()
        let before = try database.exportJSON()
        let (take, inside) = Fixtures.closedTake(of: session)
        let lastPage = session.layout!.pages.count
        let cases: [(String, () throws -> Void)] = [
            ("rating 7", { _ = try database.appendMark(Mark(id: 0, take: take.number, kind: .rating(7), at: inside)) }),
            ("missing take", { _ = try database.appendMark(Mark(id: 0, take: 999, kind: .text, at: inside)) }),
            ("page off the layout", { _ = try database.appendMark(Mark(id: 0, take: take.number, kind: .text,
                                                                        at: ScorePosition(page: lastPage + 1, x: 10, y: 10))) }),
            ("negative time", { _ = try database.appendMark(Mark(id: 0, take: take.number, kind: .text, at: inside, time: -1)) }),
            ("duplicate take", { try database.appendTake(Take(number: take.number, start: take.start)) }),
            ("bad timecode", { try database.appendTake(Take(number: 500, start: take.start, recordStart: "25:99")) }),
            ("end before start", { try database.endTake(number: take.number, at: ScorePosition(page: 1, x: 1, y: 1)) }),
            ("end unknown take", { try database.endTake(number: 999, at: nil) }),
        ]
        for (name, action) in cases {
            let error = #expect(throws: StorageError.self, "\(name)") { try action() }
            if case .invalid(let cause)? = error {
                #expect(!cause.description.isEmpty)
            } else {
                Issue.record("\(name): expected StorageError.invalid, got \(String(describing: error))")
            }
        }
        #expect(try database.exportJSON() == before)
    }

    @Test("a take ended before some of its marks keeps them, flagged; a tap outside the take is kept too")
    func endTakeKeepsMarks() throws {
        let database = try Fixtures.exampleDatabase()
        let session = try database.load()
        let marked = session.liveTakes.first { take in
            !take.isOpen && session.liveMarks.contains { $0.take == take.number && $0.at != take.start }
        }!
        let marks = session.liveMarks.filter { $0.take == marked.number }
        try database.endTake(number: marked.number, at: marked.start)
        let ended = try database.load()
        #expect(ended.take(marked.number)?.end == marked.start)
        #expect(ended.liveMarks.filter { $0.take == marked.number } == marks)
        let flagged = marks.flatMap { ended.placementWarnings(for: $0) }
        #expect(flagged.contains { $0.kind == .markAfterTake && $0.take == marked.number })
        let early = try database.appendMark(Mark(id: 0, take: marked.number, kind: .editPoint, at: ScorePosition(page: 1, x: 1, y: 1)))
        let kept = try database.load()
        #expect(kept.mark(early)?.take == marked.number)
        #expect(kept.placementWarnings(for: kept.mark(early)!).map(\.kind) == [.markBeforeTake])
    }

    @Test("appends need a session")
    func appendsNeedSession() throws {
        let database = try SessionDatabase(inMemory: "empty")
        #expect(throws: StorageError.noSession) {
            try database.appendTake(Take(number: 1, start: ScorePosition(page: 1, x: 0, y: 0)))
        }
    }
}
