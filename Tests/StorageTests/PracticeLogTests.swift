import Foundation
import GRDB
import Quiz
import Testing
@testable import Storage

/// The practice log: round trip in time order, SQL constraints, append-only triggers, and files that are not logs.
@Suite("Practice log")
struct PracticeLogTests {
    static let t0 = PracticeTime(milliseconds: 1_740_823_200_000)

    static func entry(_ item: String = "name-interval/M3/ascending", at offset: Int64 = 0, correct: Bool = true,
                      rating: PracticeRating = .good) -> PracticeEntry {
        PracticeEntry(item: item, kind: QuizKind(rawValue: String(item.prefix { $0 != "/" }))!,
                      answeredAt: PracticeTime(milliseconds: t0.milliseconds + offset), correct: correct,
                      responseMilliseconds: 2345, rating: correct ? rating : .again, given: correct ? "M3" : "minor third",
                      expected: "M3", reading: correct ? "M3" : "m3", answeredInterval: correct ? "M3" : "m3",
                      quizSeed: UInt64.max - 1, questionNumber: 3)
    }

    @Test("entries read back equal, oldest first whatever the order of appending")
    func roundTrip() throws {
        let log = try PracticeLog(inMemory: "round trip")
        var later = Self.entry("fretboard-interval/find/P5/descending", at: 5000, rating: .easy)
        later.reading = nil
        later.answeredInterval = nil
        later.quizSeed = nil
        later.questionNumber = nil
        let ids = try log.append(contentsOf: [later, Self.entry(at: 1000, correct: false)])
        let third = try log.append(Self.entry("ear-interval/m10/harmonic", at: 1000))
        #expect(ids == [1, 2] && third == 3)
        let read = try log.entries()
        #expect(read.map(\.id) == [2, 3, 1])
        var expected = [Self.entry(at: 1000, correct: false), Self.entry("ear-interval/m10/harmonic", at: 1000), later]
        for index in expected.indices { expected[index].id = read[index].id }
        #expect(read == expected)
        #expect(read[0].quizSeed == UInt64.max - 1)
        #expect(try log.entries(item: "ear-interval/m10/harmonic").count == 1)
        #expect(try log.count() == 3)
    }

    /// An INSERT with one column replaced.
    static func insert(_ column: String, _ value: String) -> String {
        var values = ["item": "'name-interval/M3/ascending'", "kind": "'name-interval'", "answered_at": "1740823200000",
                      "correct": "1", "response_ms": "2000", "rating": "3", "given": "'M3'", "expected": "'M3'",
                      "reading": "NULL", "answered_interval": "NULL", "quiz_seed": "NULL", "question_number": "NULL"]
        values[column] = value
        let columns = values.keys.sorted()
        return "INSERT INTO answer (\(columns.joined(separator: ", "))) VALUES (\(columns.map { values[$0]! }.joined(separator: ", ")))"
    }

    @Test("bad rows are refused by the SQL constraints", arguments: [
        ("rating 0", insert("rating", "0")),
        ("rating 5", insert("rating", "5")),
        ("rating as text", insert("rating", "'good'")),
        ("wrong answer rated good", insert("correct", "0")),
        ("right answer rated again", insert("rating", "1")),
        ("correct 2", insert("correct", "2")),
        ("unknown kind", insert("kind", "'sing-interval'")),
        ("kind not the item's", insert("kind", "'ear-interval'")),
        ("empty item", insert("item", "''")),
        ("no item", insert("item", "NULL")),
        ("negative time", insert("answered_at", "-1")),
        ("time after 9999", insert("answered_at", "253402300800000")),
        ("time as real", insert("answered_at", "1740823200000.5")),
        ("time as text", insert("answered_at", "'2025-03-01'")),
        ("negative response", insert("response_ms", "-1")),
        ("response over a day", insert("response_ms", "86400001")),
        ("no expected", insert("expected", "NULL")),
        ("empty answered interval", insert("answered_interval", "''")),
        ("question 0", insert("question_number", "0")),
        ("seed as text", insert("quiz_seed", "'x'")),
    ])
    func constraints(name: String, sql: String) throws {
        let log = try PracticeLog(inMemory: name)
        try log.append(Self.entry())
        #expect(throws: DatabaseError.self, "\(name)") { try log.writer.write { db in try db.execute(sql: sql) } }
        #expect(try log.count() == 1)
    }

    @Test("the good row of the constraint test is accepted")
    func goodRow() throws {
        let log = try PracticeLog(inMemory: "good")
        try log.writer.write { db in try db.execute(sql: Self.insert("reading", "'M3'")) }
        #expect(try log.entries().first?.reading == "M3")
    }

    @Test("UPDATE and DELETE are refused: the log is append-only", arguments: [
        "UPDATE answer SET correct = 0, rating = 1", "UPDATE answer SET given = 'x' WHERE id = 1", "DELETE FROM answer",
        "DELETE FROM answer WHERE id = 2",
    ])
    func appendOnly(sql: String) throws {
        let log = try PracticeLog(inMemory: "append-only")
        try log.append(contentsOf: [Self.entry(), Self.entry(at: 10, correct: false)])
        let before = try log.entries()
        do {
            try log.writer.write { db in try db.execute(sql: sql) }
            Issue.record("\(sql) was allowed")
        } catch let error as DatabaseError {
            #expect(error.message?.contains("append-only") == true)
        }
        #expect(try log.entries() == before)
    }

    @Test("an invalid entry is refused before anything is written, and a batch is all or nothing")
    func invalidEntry() throws {
        let log = try PracticeLog(inMemory: "invalid")
        var bad = Self.entry(at: 20)
        bad.rating = .again
        #expect(throws: PracticeLogError.self) { try log.append(contentsOf: [Self.entry(), bad]) }
        #expect(try log.count() == 0)
        bad = Self.entry()
        bad.item = "name-interval/M3"
        #expect(throws: PracticeLogError.self) { try log.append(bad) }
        #expect(try log.count() == 0)
    }

    @Test("a file log reopens with its answers, marked as a practice log")
    func file() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("practice.sqlite").path
        try PracticeLog(path: path).append(contentsOf: (0..<50).map { Self.entry(at: Int64($0) * 1000, correct: $0 % 3 != 0) })
        let reopened = try PracticeLog(path: path)
        #expect(try reopened.count() == 50)
        #expect(try reopened.entries().map(\.answeredAt.milliseconds) == (0..<50).map { Self.t0.milliseconds + Int64($0) * 1000 })
        let identifier = try reopened.writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(identifier == 0x546F_6E50)

        // A log migrated by a newer version is refused, not written to.
        try reopened.writer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')") }
        #expect(throws: PracticeLogError.newerSchema(path: path)) { try PracticeLog(path: path) }
    }

    @Test("files that are not practice logs are refused and left as they were")
    func foreignFiles() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.sqlite").path
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: URL(fileURLWithPath: garbage))
        #expect { try PracticeLog(path: garbage) } throws: { error in
            guard case .notAPracticeLog = error as? PracticeLogError else { return false }
            return "\(error)".contains("not an SQLite database")
        }
        #expect(FileManager.default.contents(atPath: garbage) == bytes)

        let session = directory.appendingPathComponent("session.sqlite").path
        try SessionDatabase(path: session).importJSON(try Fixtures.exampleData())
        #expect { try PracticeLog(path: session) } throws: { error in
            guard case .notAPracticeLog = error as? PracticeLogError else { return false }
            return "\(error)".contains("another database")
        }
        #expect(try SessionDatabase(path: session).load() == (try Fixtures.example()))
        let tables = try DatabaseQueue(path: session).read { db in try db.tableExists("answer") }
        #expect(!tables)

        #expect { try PracticeLog(path: directory.path) } throws: { error in
            guard case .cannotOpen = error as? PracticeLogError else { return false }
            return true
        }
        #expect { try PracticeLog(path: directory.appendingPathComponent("missing/practice.sqlite").path) } throws: { error in
            guard case .cannotOpen(_, let reason) = error as? PracticeLogError else { return false }
            return reason.contains("does not exist")
        }
    }
}
