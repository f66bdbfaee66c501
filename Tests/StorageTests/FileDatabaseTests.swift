import Foundation
import RecordingProtocol
import Testing
@testable import Storage

/// File databases: WAL mode, reopening, and the append latency measurement.
@Suite("Storage file database")
struct FileDatabaseTests {
    @Test("a file database reopens in WAL mode with its content")
    func reopensInWAL() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.sqlite").path
        let session = try Fixtures.example()
        do {
            let database = try SessionDatabase(path: path)
            #expect(try database.journalMode() == "wal")
            try database.save(session)
        }
        let reopened = try SessionDatabase(path: path)
        #expect(try reopened.journalMode() == "wal")
        #expect(try reopened.load() == session)
    }

    /// Records (prints) the latency of 1 000 mark appends to a file database; timing is checked by benchmarks, not here.
    @Test("append 1 000 marks to a file database and record p50/p99 latency")
    func appendLatency() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SessionDatabase(path: directory.appendingPathComponent("latency.sqlite").path)
        let session = try Fixtures.example()
        try database.save(session)
        let (take, inside) = Fixtures.closedTake(of: session)
        let clock = ContinuousClock()
        var samples: [Duration] = []
        samples.reserveCapacity(1000)
        for index in 0..<1000 {
            let mark = Mark(id: 0, take: take.number, kind: .rating(index % 5 + 1), at: inside, time: Double(index) / 10)
            samples.append(try clock.measure { _ = try database.appendMark(mark) })
        }
        samples.sort()
        let micros = { (d: Duration) in Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6 }
        let p50 = micros(samples[499]), p99 = micros(samples[989]), worst = micros(samples[999])
        print("appendMark latency over 1000 marks (file, WAL): p50 \(Int(p50)) µs, p99 \(Int(p99)) µs, max \(Int(worst)) µs")
        #expect(try database.load().marks.count == session.marks.count + 1000)
    }
}
