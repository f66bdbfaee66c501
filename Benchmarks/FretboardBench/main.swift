// FretboardBench: chord-voicing enumeration speed and how many of a teacher's chord book's voicings rank in
// the top 12. Writes the "fretboard" section of docs/benchmarks.md.
//
// Usage: FretboardBench [REPORT.md]   (run through Benchmarks/FretboardBench/run.sh, release build)
import BenchSupport
import Foundation
import Fretboard
import TheoryCore

let report = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "docs/benchmarks.md"

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let d = try ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

// 1. Coverage of the teacher's chord book.
let bookText = try String(contentsOfFile: "Tests/FretboardTests/Fixtures/teacher-chord-book.txt", encoding: .utf8)
let book = bookText.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
    .filter { $0.count == 3 }
let ranks: [Int?] = try book.map { entry in
    let neck = try Neck(try Tuning.named(entry[0]))
    let voicings = try VoicingFinder.voicings(for: try Chord(entry[1]), on: neck)
    return voicings.firstIndex { $0.shape == entry[2] }
}
func share(_ ranks: [Int?], _ limit: Int) -> Double {
    Double(ranks.filter { ($0 ?? Int.max) < limit }.count) / Double(ranks.count) * 100
}

// 2. Speed: every root × common chord types on guitar, plus ukulele and mandolin.
let roots = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"]
let suffixes = ["", "m", "7", "maj7", "m7", "m7b5", "dim7", "sus4", "add9", "6", "9", "13", "7#9", "m9", "7b9"]
let chords = try roots.flatMap { r in try suffixes.map { try Chord(r + $0) } }
var timings: [(String, [Double], Int, String)] = []
var sink = 0
for id in ["guitar-standard", "ukulele-soprano", "mandolin", "guitar-7-standard"] {
    let neck = try Neck(try Tuning.named(id))
    var times: [Double] = []
    var slowest = ("", 0.0)
    var found = 0
    for _ in 0..<3 { for chord in chords { _ = try VoicingFinder.voicings(for: chord, on: neck, limit: 12) } }   // warm-up
    for chord in chords { found += try VoicingFinder.ranking(for: chord, on: neck, limit: 0).total }
    for chord in chords {
        var best = Double.infinity
        for _ in 0..<5 {
            let t = try seconds { sink &+= try VoicingFinder.voicings(for: chord, on: neck, limit: 12).count }
            best = min(best, t)
        }
        times.append(best)
        if best > slowest.1 { slowest = (chord.symbol, best) }
    }
    timings.append((id, times.sorted(), found, slowest.0))
}

func ms(_ x: Double) -> String { String(format: "%.3f ms", x * 1000) }
var body = """
## Fretboard: chord voicings

Written by `Benchmarks/FretboardBench/run.sh` (release build). Every voicing of each chord over the whole neck
is enumerated and ranked by the playability score (default limits: span 4 frets, 4 fingers, edge mutes only) and
the best 12 are returned, as `tonmeister voicings` does; the time per chord is the best of 5 runs. Chords: \(roots.count) roots × \(suffixes.count) types (\(chords.count) symbols).

| instrument | mean per chord | median | p90 | slowest | voicings per chord (mean) | target |
|---|---:|---:|---:|---:|---:|---|

"""
for (id, times, found, slowestChord) in timings {
    let median = times[times.count / 2], p90 = times[times.count * 9 / 10], worst = times.last!
    let mean = times.reduce(0, +) / Double(times.count)
    let verdict = worst < 0.001 ? "met for every chord" : mean < 0.001 ? "met on average; slower for \(times.filter { $0 >= 0.001 }.count) of \(chords.count) chords" : "NOT met"
    body += "| `\(id)` | \(ms(mean)) | \(ms(median)) | \(ms(p90)) | \(ms(worst)) (\(slowestChord)) | \(found / chords.count) | < 1 ms: \(verdict) |\n"
}
body += """

Teacher's chord book (`Tests/FretboardTests/Fixtures/teacher-chord-book.txt`, \(book.count) voicings: guitar open,
seventh, barre and slash chords, ukulele and mandolin chords): \(String(format: "%.1f", share(ranks, 1)))% ranked first,
\(String(format: "%.1f", share(ranks, 3)))% in the top 3, \(String(format: "%.1f", share(ranks, 12)))% in the top 12 (target: 95% in the top 12).
"""
try ReportSection.write(name: "fretboard", body: body, to: report)
print(body)
precondition(sink > 0)
