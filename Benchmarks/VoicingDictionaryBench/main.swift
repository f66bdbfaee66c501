// VoicingDictionaryBench: every voicing of every chord type in the dictionary in all 12 roots on guitar-standard
// (fretted notes on frets 1–15, span 4), each chord timed alone, and the rank of each of the teacher's chord book's
// guitar-standard voicings. Writes WORK_DIR/swift-results.json for mingus_bench.py, which runs mingus on the same
// chords and writes the "voicing-dictionary" section of docs/benchmarks.md.
//
// Usage: VoicingDictionaryBench WORK_DIR   (run through Benchmarks/VoicingDictionaryBench/run.sh, release build)
import Foundation
import Fretboard
import TheoryCore

let work = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
let tuningID = "guitar-standard"
let neck = try Neck(try Tuning.named(tuningID))
let maxFret = 15, span = 4, passes = 3
let constraints = VoicingConstraints(maxSpan: span, frets: 0...maxFret)
let rootNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
let roots = try rootNames.map { try PitchClass($0) }
let chords = ChordType.all.flatMap { type in roots.map { Chord(root: $0, type: type) } }

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let d = try ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// The chord's pitch classes as mingus reads them (`Bb`, `F#`, `Bbb`): the chord tones, then a slash bass outside them.
func noteNames(_ chord: Chord) -> [String] {
    var notes = chord.notes
    if let bass = chord.bass, !notes.contains(where: { $0.semitone == bass.semitone }) { notes.append(bass) }
    return notes.map(\.description)
}

struct ChordResult: Codable {
    let symbol: String, type: String, commonness: Int, notes: [String]
    /// Best of `passes` runs, seconds: all voicings built (`voicings(limit: nil)`), and the search alone (every voicing
    /// enumerated, fingered, scored and ranked, none built: `ranking(limit: 0)`).
    let seconds: Double, searchSeconds: Double
    let voicings: Int
}
struct BookResult: Codable {
    let symbol: String, notes: [String], shape: String
    let frets: [Int?]
    /// 0-based position in our ranked list, `nil` when the voicing is not found.
    let rank: Int?
    let voicings: Int
}
struct Results: Codable {
    let tuning: String, maxFret: Int, span: Int, passes: Int, types: Int, roots: Int
    /// Wall time of each whole pass over the dictionary, seconds.
    let passSeconds: [Double]
    let chords: [ChordResult]
    let book: [BookResult]
}

// 1. The whole dictionary, all voicings of every chord (ranked and built, as `voicings(limit: nil)` returns them).
var sink = 0
for chord in chords.prefix(200) { sink &+= try VoicingFinder.voicings(for: chord, on: neck, constraints: constraints).count }   // warm-up
var best = [Double](repeating: .infinity, count: chords.count)
var bestSearch = [Double](repeating: .infinity, count: chords.count)
var counts = [Int](repeating: 0, count: chords.count)
var passSeconds: [Double] = []
for _ in 0..<passes {
    let pass = try seconds {
        for (i, chord) in chords.enumerated() {
            var found = 0
            let t = try seconds { found = try VoicingFinder.voicings(for: chord, on: neck, constraints: constraints).count }
            best[i] = min(best[i], t)
            counts[i] = found
            sink &+= found
        }
    }
    passSeconds.append(pass)
    for (i, chord) in chords.enumerated() {
        let t = try seconds { sink &+= try VoicingFinder.ranking(for: chord, on: neck, constraints: constraints, limit: 0).total }
        bestSearch[i] = min(bestSearch[i], t)
    }
}
let chordResults = chords.indices.map { i in
    ChordResult(symbol: chords[i].symbol, type: chords[i].type.id, commonness: chords[i].type.commonness,
                notes: noteNames(chords[i]), seconds: best[i], searchSeconds: bestSearch[i], voicings: counts[i])
}

// 2. The teacher's chord book on guitar-standard: where each voicing ranks among all we find.
let bookText = try String(contentsOfFile: "Tests/FretboardTests/Fixtures/teacher-chord-book.txt", encoding: .utf8)
let book = bookText.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
    .filter { $0.count == 3 && $0[0] == tuningID }
let bookResults = try book.map { entry in
    let chord = try Chord(entry[1])
    let all = try VoicingFinder.voicings(for: chord, on: neck, constraints: constraints)
    let frets = entry[2].map { $0 == "x" ? nil : Int(String($0)) }
    return BookResult(symbol: entry[1], notes: noteNames(chord), shape: entry[2], frets: frets,
                      rank: all.firstIndex { $0.shape == entry[2] }, voicings: all.count)
}

let results = Results(tuning: tuningID, maxFret: maxFret, span: span, passes: passes, types: ChordType.all.count,
                      roots: roots.count, passSeconds: passSeconds, chords: chordResults, book: bookResults)
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
try encoder.encode(results).write(to: URL(fileURLWithPath: work).appendingPathComponent("swift-results.json"))
print("VoicingDictionaryBench: \(chords.count) chords, \(counts.reduce(0, +)) voicings; passes "
      + passSeconds.map { String(format: "%.3f s", $0) }.joined(separator: ", "))
precondition(sink > 0)
