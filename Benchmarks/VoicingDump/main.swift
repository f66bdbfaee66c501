// VoicingDump: every voicing VoicingFinder returns, with frets, fingers, barres, spelled notes, intervals and every
// score part (as bit patterns), for every chord type in all 12 roots (plus slash chords) on six tunings, capo 0
// and 2, under three sets of limits, hashed (64-bit FNV-1a) so that an optimisation of the finder can be checked
// to change no result. The hash of the whole dump is pinned below; `--subset` dumps the workload that
// Tests/FretboardTests/VoicingDumpTests.swift pins (same format, same hash).
//
// Usage: VoicingDump [--subset] [--lines FILE]   (release build: swift build -c release --product VoicingDump)
//   --lines FILE  also writes one line per search (its hash and voicing count), to diff two builds' output.
//        VoicingDump --profile common|all|N [--search-only]
//   runs VoicingDictionaryBench's workload once, without timing or output, for an instruction count under
//   `valgrind --tool=callgrind --toggle-collect='*runProfileWorkload*'`: the common types (every type, the types of
//   N notes) × 12 roots
//   on guitar-standard, frets 0–15, span 4; every voicing built, or with --search-only `ranking(limit: 0)`.
// Exits 1 when the hash differs from the pinned one.
import Foundation
import Fretboard
import TheoryCore
import TonmeisterSupport

/// The pinned hashes: change them only when the finder's output is meant to change.
let pinnedFull: UInt64 = 0x935a_6c3c_5eec_f90e
let pinnedSubset: UInt64 = 0x0daa_c021_de2a_bae2

let arguments = CommandLine.arguments.dropFirst()
if let i = arguments.firstIndex(of: "--profile") {
    try profile(arguments[i + 1], searchOnly: arguments.contains("--search-only"))
    exit(0)
}
let subset = arguments.contains("--subset")
let linesPath = arguments.firstIndex(of: "--lines").map { arguments[$0 + 1] }

let tunings = ["guitar-standard", "guitar-7-standard", "ukulele-soprano", "mandolin", "banjo-open-g", "bass-standard"]
let limits: [(String, VoicingConstraints)] = [
    ("default", VoicingConstraints()),
    ("tight", VoicingConstraints(maxSpan: 3, maxFingers: 3, allowMutedInner: true, frets: 0...12)),
    ("wide", VoicingConstraints(maxSpan: 5, bass: try PitchClass("E"), minimumSoundingStrings: 2)),
]
let rootNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
let roots = try rootNames.map { try PitchClass($0) }
let second = try Interval("M2")
var chords: [Chord] = []
if subset {
    // As VoicingDumpTests: each common type once, in roots a fifth apart, then over a bass.
    let plain = ChordType.all.filter { $0.commonness == 0 }.enumerated().map { i, type in Chord(root: PitchClass(fifths: i - 6), type: type) }
    let slash = plain.enumerated().map { i, chord in
        let interval = i % 3 == 0 ? second : chord.type.formula[1 + i % (chord.type.formula.count - 1)]
        return Chord(root: chord.root, type: chord.type, bass: chord.root.transposed(by: interval))
    }
    chords = plain + slash
} else {
    // Every type in all 12 roots; the common types also over their third, their fifth and their second.
    chords = ChordType.all.flatMap { type in roots.map { Chord(root: $0, type: type) } }
    for type in ChordType.all where type.commonness == 0 {
        for root in roots {
            for step in type.formula.count > 2 ? [1, 2] : [1] {
                chords.append(Chord(root: root, type: type, bass: root.transposed(by: type.formula[step])))
            }
            chords.append(Chord(root: root, type: type, bass: root.transposed(by: second)))
        }
    }
}

var total = FNV1a()
var searches = 0, voicings = 0
var lines = ""
let start = Date()
for id in tunings {
    let tuning = try Tuning.named(id)
    for capo in [0, 2] {
        let neck = try Neck(tuning, capo: capo)
        for (name, constraints) in limits {
            for chord in chords {
                let (found, count) = try VoicingFinder.ranking(for: chord, on: neck, constraints: constraints)
                var search = FNV1a()
                search.add("\(id) capo \(capo) \(name) \(chord.symbol): \(count)\n")
                for v in found { search.add(v.dumpLine) }
                total.add(String(search.value, radix: 16) + "\n")
                searches += 1
                voicings += found.count
                if linesPath != nil { lines += "\(id) capo \(capo) \(name) \(chord.symbol): \(count) \(String(search.value, radix: 16))\n" }
            }
        }
    }
}
if let linesPath { try lines.write(toFile: linesPath, atomically: true, encoding: .utf8) }
let pinned = subset ? pinnedSubset : pinnedFull
print("VoicingDump\(subset ? " --subset" : ""): \(searches) searches, \(voicings) voicings, hash 0x\(String(total.value, radix: 16)) "
      + "(pinned 0x\(String(pinned, radix: 16))) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
if total.value != pinned {
    print("VoicingDump: the hash differs from the pinned one")
    exit(1)
}

/// See the usage above; the work itself is in ``runProfileWorkload(_:searchOnly:)`` so that callgrind can count it alone.
func profile(_ which: String, searchOnly: Bool) throws {
    let neck = try Neck(try Tuning.named("guitar-standard"))
    let roots = try ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"].map { try PitchClass($0) }
    let types = which == "all" ? ChordType.all
        : Int(which).map { notes in ChordType.all.filter { $0.formula.count == notes } } ?? ChordType.all.filter { $0.commonness == 0 }
    let chords = types.flatMap { type in roots.map { Chord(root: $0, type: type) } }
    let sink = try runProfileWorkload(chords, neck: neck, searchOnly: searchOnly)
    print("VoicingDump --profile \(which)\(searchOnly ? " --search-only" : ""): \(chords.count) chords, \(sink) voicings")
}

/// Every voicing of each chord on the neck, as VoicingDictionaryBench asks for them.
@inline(never)
func runProfileWorkload(_ chords: [Chord], neck: Neck, searchOnly: Bool) throws -> Int {
    let constraints = VoicingConstraints(maxSpan: 4, frets: 0...15)
    var sink = 0
    for chord in chords {
        sink += searchOnly ? try VoicingFinder.ranking(for: chord, on: neck, constraints: constraints, limit: 0).total
            : try VoicingFinder.voicings(for: chord, on: neck, constraints: constraints).count
    }
    return sink
}
