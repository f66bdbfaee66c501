import ScoreLayout
import Testing
@testable import RecordingProtocol

/// The playing order read from repeat signs, as a producer unfolds them by hand.
@Suite("Repeat signs to playing order")
struct RepeatSignsTests {
    typealias Sign = RepeatSigns.Sign

    /// Bars numbered 1…count with signs at 1-based bar numbers.
    static func signs(_ count: Int, _ marks: [Int: Set<Sign>]) -> RepeatSigns {
        RepeatSigns(bars: (1...count).map { BarNumber($0) },
                    signs: Dictionary(uniqueKeysWithValues: marks.map { ($0.key - 1, $0.value) }))
    }

    static let cases: [(String, RepeatSigns, [String])] = [
        ("no signs", signs(12, [:]), ["1-12"]),
        // Consecutive bars join into one run: 1-8, 1-8, 9-12 is written 1-8, 1-12.
        ("a repeat of the opening", signs(12, [8: [.endRepeat]]), ["1-8", "1-12"]),
        ("a repeat from a start barline", signs(12, [9: [.startRepeat], 12: [.endRepeat]]), ["1-12", "9-12"]),
        ("two repeated halves", signs(16, [8: [.endRepeat], 9: [.startRepeat], 16: [.endRepeat]]), ["1-8", "1-16", "9-16"]),
        ("first and second endings",
         signs(10, [7: [.ending([1])], 8: [.ending([1]), .endRepeat], 9: [.ending([2])], 10: [.ending([2])]]),
         ["1-8", "1-6", "9-10"]),
        ("a minuet da capo al fine",
         signs(16, [8: [.endRepeat, .fine], 9: [.startRepeat], 16: [.endRepeat, .daCapo]]),
         ["1-8", "1-16", "9-16", "1-8"]),
        ("dal segno al coda",
         signs(10, [3: [.segno], 6: [.toCoda], 8: [.dalSegno], 9: [.coda]]),
         ["1-8", "3-6", "9-10"]),
        // The second half's start repeat right after the second ending: its repeat comes back once, not for ever.
        ("a repeated half right after the second ending",
         signs(12, [4: [.ending([1]), .endRepeat], 5: [.ending([2])], 6: [.startRepeat], 12: [.endRepeat]]),
         ["1-4", "1-3", "5-12", "6-12"]),
        ("endings after a da capo take the last ending",
         signs(12, [7: [.ending([1])], 8: [.ending([1]), .endRepeat], 9: [.ending([2])], 12: [.daCapo, .fine]]),
         ["1-8", "1-6", "9-12", "1-6", "9-12"]),
    ]

    @Test("signs unfold into runs of bars", arguments: cases)
    func unfold(name: String, signs: RepeatSigns, expected: [String]) {
        #expect(signs.playingOrder().map(\.description) == expected, "\(name)")
    }

    @Test("contradictory signs stop instead of looping")
    func bounded() {
        let signs = Self.signs(4, [2: [.dalSegno, .segno], 1: [.daCapo]])
        #expect(signs.playedIndices().count <= 64)
    }
}
