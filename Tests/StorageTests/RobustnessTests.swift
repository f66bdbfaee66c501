import Foundation
import GRDB
import RecordingProtocol
import Testing
@testable import Storage

/// Issue 4 item 6: a writer killed with SIGKILL mid-loop, and two writers appending at once (separate processes).
///
/// Both tests import the example session into a scratch `.sqlite` and run the `session-writer`
/// helper, which appends rating marks to the open take 30 and acknowledges each committed mark
/// by printing its id.
@Suite("Storage robustness (writer processes)", .serialized)
struct RobustnessTests {
    /// The open take of the example session the writers append to.
    static let openTake = 30

    /// A scratch database holding the example session; returns its directory and path.
    static func exampleFile() throws -> (directory: URL, path: String) {
        let directory = try Fixtures.scratchDirectory()
        let path = directory.appendingPathComponent("session.sqlite").path
        try SessionDatabase(path: path).importJSON(try Fixtures.exampleData())
        return (directory, path)
    }

    /// `PRAGMA integrity_check` on a fresh connection.
    static func integrity(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    @Test("SIGKILL in the middle of mark appends: the file is intact and every acknowledged mark is there")
    func killedWriter() throws {
        let (directory, path) = try Self.exampleFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try SessionDatabase(path: path).load().marks.count

        let writer = try WriterProcess(database: path, take: Self.openTake, count: 0)
        let reached = writer.readAcknowledgements(atLeast: 200)
        // A random delay of up to a few appends, so the kill lands at varying points of a transaction.
        usleep(UInt32.random(in: 0..<3_000))
        writer.kill()
        writer.finish()
        #expect(reached, "the writer stopped early: \(writer.errors)")
        #expect(writer.process.terminationReason == .uncaughtSignal)
        #expect(writer.process.terminationStatus == SIGKILL)

        #expect(try Self.integrity(path) == ["ok"])
        let marks = try SessionDatabase(path: path).load().marks
        let ids = Set(marks.map(\.id))
        let acknowledged = writer.acknowledged
        #expect(acknowledged.count >= 200)
        #expect(acknowledged.allSatisfy(ids.contains), "lost \(acknowledged.filter { !ids.contains($0) })")
        #expect(ids.count == marks.count)
        // At most the one mark committed between the last acknowledgement and the kill is unacknowledged.
        #expect(marks.count - before - acknowledged.count <= 1)
        #expect(marks.filter { $0.take == Self.openTake }.count >= acknowledged.count)
        print("killed writer: \(acknowledged.count) marks acknowledged, \(marks.count - before) committed, integrity ok")
    }

    /// With no pause one writer tends to hold the lock (the other waits in the busy timeout); with 1 ms pauses they interleave.
    @Test("two writer processes append to one file: nothing lost, ids unique, count is the sum", arguments: [0, 1_000])
    func concurrentWriters(pauseMicroseconds: Int) throws {
        let (directory, path) = try Self.exampleFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try SessionDatabase(path: path).load().marks.count
        let perWriter = 150

        let writers = try (0..<2).map { _ in
            try WriterProcess(database: path, take: Self.openTake, count: perWriter, pauseMicroseconds: pauseMicroseconds)
        }
        for writer in writers { writer.finish() }
        for writer in writers {
            #expect(writer.process.terminationStatus == 0, "writer failed: \(writer.errors)")
            #expect(writer.acknowledged.count == perWriter)
        }

        #expect(try Self.integrity(path) == ["ok"])
        let marks = try SessionDatabase(path: path).load().marks
        let ids = Set(marks.map(\.id))
        let acknowledged = writers.flatMap(\.acknowledged)
        #expect(Set(acknowledged).count == acknowledged.count, "an id was acknowledged twice")
        #expect(acknowledged.allSatisfy(ids.contains))
        #expect(ids.count == marks.count)
        #expect(marks.count == before + 2 * perWriter)
        #expect(marks.filter { $0.take == Self.openTake }.count == 2 + 2 * perWriter)
        // How often the id sequence switches writer: 1 means one ran after the other, more means they interleaved.
        let owner = Dictionary(uniqueKeysWithValues: writers.enumerated().flatMap { i, w in w.acknowledged.map { ($0, i) } })
        let order = acknowledged.sorted().map { owner[$0]! }
        let switches = zip(order, order.dropFirst()).filter { $0 != $1 }.count
        print("two writers, pause \(pauseMicroseconds) µs: \(acknowledged.count) marks acknowledged, ids \(acknowledged.min()!)…\(acknowledged.max()!), writer switched \(switches) times")
    }
}
