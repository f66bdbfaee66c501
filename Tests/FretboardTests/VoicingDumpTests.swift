import Fretboard
import TheoryCore
import Testing
import TonmeisterSupport

/// Pins every voicing the finder returns on a representative workload, so that a change meant only to make the
/// search faster cannot change a result: frets, fingers, barres, spelled notes, intervals, every score part (as
/// bit patterns), the order and the total count.
///
/// The workload is `VoicingDump --subset` (Benchmarks/VoicingDump, same format and hash): each common chord type
/// once and once over a bass, on six tunings, capo 0 and 2, under three sets of limits. The whole dump (every
/// type in all 12 roots, and slash chords) is too slow for a debug test; `VoicingDump` checks it in release.
@Suite("Voicing dump")
struct VoicingDumpTests {
    /// Change only when the finder's output is meant to change (and `VoicingDump`'s pinned hashes with it).
    static let pinned: UInt64 = 0x0daa_c021_de2a_bae2

    static let tunings = ["guitar-standard", "guitar-7-standard", "ukulele-soprano", "mandolin", "banjo-open-g", "bass-standard"]

    static func limits() throws -> [(String, VoicingConstraints)] {
        [("default", VoicingConstraints()),
         ("tight", VoicingConstraints(maxSpan: 3, maxFingers: 3, allowMutedInner: true, frets: 0...12)),
         ("wide", VoicingConstraints(maxSpan: 5, bass: try PitchClass("E"), minimumSoundingStrings: 2))]
    }

    /// Each common type once, in roots a fifth apart (Gb, Db, … C, G, … C#), then over a bass: every third chord over its
    /// second (a note outside the chord), the others over one of their own tones.
    static func chords() throws -> [Chord] {
        let common = ChordType.all.filter { $0.commonness == 0 }
        let second = try Interval("M2")
        let plain = common.enumerated().map { i, type in Chord(root: PitchClass(fifths: i - 6), type: type) }
        let slash = plain.enumerated().map { i, chord in
            let interval = i % 3 == 0 ? second : chord.type.formula[1 + i % (chord.type.formula.count - 1)]
            return Chord(root: chord.root, type: chord.type, bass: chord.root.transposed(by: interval))
        }
        return plain + slash
    }

    @Test func everyVoicingOfTheSubsetIsUnchanged() throws {
        let chords = try Self.chords()
        var total = FNV1a()
        for id in Self.tunings {
            let tuning = try Tuning.named(id)
            for capo in [0, 2] {
                let neck = try Neck(tuning, capo: capo)
                for (name, constraints) in try Self.limits() {
                    for chord in chords {
                        let (found, count) = try VoicingFinder.ranking(for: chord, on: neck, constraints: constraints)
                        var search = FNV1a()
                        search.add("\(id) capo \(capo) \(name) \(chord.symbol): \(count)\n")
                        for v in found { search.add(v.dumpLine) }
                        total.add(String(search.value, radix: 16) + "\n")
                    }
                }
            }
        }
        #expect(total.value == Self.pinned, "hash 0x\(String(total.value, radix: 16))")
    }
}
