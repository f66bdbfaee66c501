import Foundation
import TheoryCore

/// The fixed, seeded benchmark cases, shared with the music21 script through text files.
struct BenchCases {
    var pitchPairs: [(Pitch, Pitch)] = []
    var transpositions: [(Pitch, Interval)] = []
    var chordSymbols: [String] = []
    var chordNotes: [[Pitch]] = []

    init(count: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func randomPitch() -> Pitch {
            Pitch(Letter(rawValue: rng.next(below: 7))!, rng.next(below: 5) - 2, octave: 1 + rng.next(below: 6))
        }
        // music21 names at most quadruple augmentations, so keep pairs within triple ones.
        func nameable(_ i: Interval) -> Bool {
            switch i.quality {
            case .augmented(let n), .diminished(let n): return n <= 3
            default: return true
            }
        }
        while pitchPairs.count < count {
            let pair = (randomPitch(), randomPitch())
            if nameable(Interval(from: pair.0, to: pair.1)) { pitchPairs.append(pair) }
        }
        while transpositions.count < count {
            var i = Interval(from: randomPitch(), to: randomPitch())
            if abs(i.steps) > 14 { i = i.simple }
            let p = randomPitch()
            if nameable(i), abs(p.transposed(by: i).accidental) <= 3 { transpositions.append((p, i)) }
        }
        let roots = ["C", "D", "E", "F", "G", "A", "B", "Bb", "Eb", "Ab", "Db", "Gb", "F#", "C#", "G#"]
        let suffixes = BenchCases.chordSuffixes
        for _ in 0..<count {
            chordSymbols.append(roots[rng.next(below: roots.count)] + suffixes[rng.next(below: suffixes.count)])
        }
        let shapes: [[String]] = [["C4", "E4", "G4"], ["C4", "E4", "G4", "Bb4"], ["E4", "G4", "C5"], ["A3", "C4", "E4", "G4"],
                                  ["D4", "F4", "Ab4", "Cb5"], ["G3", "B3", "D4", "F4", "A4"], ["F#3", "A#3", "C#4", "E4"],
                                  ["C4", "Eb4", "Gb4", "Bb4"], ["Bb3", "D4", "F4", "A4"], ["E3", "G#3", "B3", "D4", "F##4"]]
        for n in 0..<count / 10 {
            let shape = shapes[n % shapes.count]
            let transposition = Interval(steps: rng.next(below: 7), semitones: 0)
            let pitches = shape.map { try! Pitch($0) }
            let shift = Interval(from: pitches[0], to: pitches[0].transposed(by: transposition).simplestSpelling)
            chordNotes.append(pitches.map { $0.transposed(by: shift) })
        }
    }

    /// Suffixes in the syntaxes both Tonmeister and music21 read.
    static let chordSuffixes = ["", "m", "dim", "aug", "7", "maj7", "m7", "m7b5", "dim7", "9", "13", "7b9", "7#9",
                                "7#11", "sus4", "7sus4", "add9", "6", "m6", "mM7", "11", "M9", "m9", "7b5", "+7"]

    /// Writes the cases as plain text for the music21 script.
    func write(to directory: URL) throws {
        func save(_ name: String, _ lines: [String]) throws {
            try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try save("intervals.txt", pitchPairs.map { "\($0.0) \($0.1)" })
        try save("transpositions.txt", transpositions.map { "\($0.0) \($0.1.directedName)" })
        try save("chord-symbols.txt", chordSymbols)
        try save("chord-notes.txt", chordNotes.map { $0.map(\.description).joined(separator: " ") })
    }
}
