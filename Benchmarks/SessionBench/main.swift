// SessionBench: a synthetic day of recording (10 000 takes, 200 000 marks, a 300-page score) — JSON import,
// database import, `covers` latency through the coverage index against a straightforward linear scan over
// the takes in the same run, and whole-score coverage. Writes the "sessions" section of docs/benchmarks.md.
//
// Usage: SessionBench REPORT.md   (run through Benchmarks/SessionBench/run.sh, release build)
import BenchSupport
import Foundation
import RecordingProtocol
import ScoreLayout
import Storage
import TheoryCore

let report = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "docs/benchmarks.md"
var rng = SplitMix64(seed: 300)
let synthetic = SyntheticSession.make(pages: 300, takes: 10_000, marks: 200_000, rng: &rng)
let session = synthetic.session

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let d = try clock.measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

let json = session.jsonData()
// For profiling the reader alone: SESSIONBENCH_JSON_ONLY=N reads the document N times and stops.
if let runs = ProcessInfo.processInfo.environment["SESSIONBENCH_JSON_ONLY"].flatMap(Int.init) {
    for _ in 0..<runs { _ = try Session.read(json: json) }
    exit(0)
}
var parsed: Session?
let jsonImport = try seconds { parsed = try Session(json: json) }
// What the command line and the server do: lenient reading with the repair pass (DESIGN §6).
let lenientImport = try seconds { parsed = try Session.read(json: json).session }
// The reference in the same run: Foundation's JSONDecoder into plain Codable structs of the same shape.
var decoded: DecoderReference?
let decoderReference = try seconds { decoded = try JSONDecoder().decode(DecoderReference.self, from: json) }
precondition(decoded?.marks.count == session.marks.count)
let megabytes = Double(json.count) / 1_000_000
func rate(_ s: Double) -> String { String(format: "%.1f MB/s", megabytes / s) }
/// The goal: 30 MB/s (issue 15), and faster than JSONDecoder alone in the same run.
func target(_ s: Double) -> String {
    let rate = megabytes / s, decoder = megabytes / decoderReference
    let met = rate >= 30 && rate > decoder
    return "≥ 30 MB/s and faster than JSONDecoder (\(String(format: "%.1f", rate / decoder))×): \(met ? "met" : "missed")"
}
precondition(parsed?.takes.count == session.takes.count)

let dbPath = FileManager.default.temporaryDirectory.appendingPathComponent("session-bench-\(UUID().uuidString).sqlite").path
defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dbPath + s) } }
let dbImport = try seconds { try SessionDatabase(path: dbPath).save(session) }

var index: CoverageIndex?
let indexBuild = try seconds { index = try session.coverageIndex() }
let coverageIndex = index!

// covers(bar) through the index, one query at a time.
let queries = (0..<20_000).map { _ in rng.next(below: coverageIndex.barCount) }
var latencies: [Double] = []
var checksum = 0
for bar in queries {
    let t = seconds { checksum &+= coverageIndex.covers(barIndex: bar).count }
    latencies.append(t)
}
latencies.sort()
let meanAnswer = Double(checksum) / Double(queries.count)

// The reference: the same questions answered by scanning every take.
let scan = LinearScan(session: session, layout: synthetic.layout)
var scanLatencies: [Double] = []
for bar in queries.prefix(500) {
    let t = seconds { checksum &+= scan.covers(barIndex: bar).count }
    scanLatencies.append(t)
}
scanLatencies.sort()
for bar in queries.prefix(200) {   // the two must agree
    precondition(scan.covers(barIndex: bar) == coverageIndex.covers(barIndex: bar).filter { $0.coverage == .full }.map(\.take),
                 "index and scan disagree on bar \(bar)")
}

var coverageCount = 0
let coverage = seconds { coverageCount = coverageIndex.coverage().count }

func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
func µs(_ s: Double) -> String { String(format: "%.1f µs", s * 1e6) }
func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1e3) }

let p99 = percentile(latencies, 0.99)
let lines = [
    "## Sessions: import, covers and coverage on a large synthetic session",
    "",
    "Written by `Benchmarks/SessionBench/run.sh` (release build): \(synthetic.layout.pages.count) pages, "
        + "\(coverageIndex.barCount) bars, \(session.takes.count) takes (\(session.takes.filter { $0.end == nil }.count) open, "
        + "some spanning several pages), \(session.marks.count) marks; \(queries.count) random `covers(bar)` queries, "
        + "each timed alone. The reference answers the same questions by scanning every take (500 queries).",
    "",
    "| measurement | result | target |",
    "|---|---:|---|",
    "| parse and validate the session JSON (\(json.count / 1_000_000) MB), strict | \(ms(jsonImport)) (\(rate(jsonImport))) | \(target(jsonImport)) |",
    "| parse, repair and validate it leniently (`Session.read`, what the commands use) | \(ms(lenientImport)) (\(rate(lenientImport))) | \(target(lenientImport)) |",
    "| reference: Foundation's `JSONDecoder` into plain Codable structs of the same shape, no checks | \(ms(decoderReference)) (\(rate(decoderReference))) | |",
    "| import into a new SQLite database (one transaction) | \(ms(dbImport)) | |",
    "| build the coverage index | \(ms(indexBuild)) | |",
    "| takes in one answer (mean) | \(Int(meanAnswer.rounded())) | |",
    "| `covers(bar)` median | \(µs(percentile(latencies, 0.5))) | |",
    "| `covers(bar)` p99 | \(µs(p99)) | p99 < 50 µs: \(p99 < 50e-6 ? "met" : "NOT met") |",
    "| linear scan over the takes, median (reference) | \(µs(percentile(scanLatencies, 0.5))) | |",
    "| linear scan p99 (reference) | \(µs(percentile(scanLatencies, 0.99))) | |",
    "| whole-score coverage (\(coverageCount) bars) | \(ms(coverage)) | |",
]
try ReportSection.write(name: "sessions", body: lines.joined(separator: "\n"), to: report)
print(lines.joined(separator: "\n"))
if checksum == 42 { print("") }
