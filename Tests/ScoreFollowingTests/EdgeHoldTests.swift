import Foundation
import Testing
@testable import ScoreFollowing

/// The sixth round's edges: a path held to begin on the score's first note or to end past a downbeat.
struct EdgeHoldTests {
    static func chord(_ classes: [Int], weights: [Float]? = nil) -> [Float] {
        var c = [Float](repeating: 0, count: 12)
        for (n, k) in classes.enumerated() { c[k] = weights?[n] ?? 1 }
        let norm = c.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return c.map { $0 / norm }
    }

    static let c = chord([0, 4, 7]), g = chord([7, 11, 2]), f = chord([5, 9, 0])
    /// A soft attack: the chord's classes faint under others.
    static func faint(_ classes: [Int]) -> [Float] { chord(classes + [1, 3, 6, 10], weights: [0.6, 0.6, 0.6, 1, 1, 1, 1]) }

    /// Score: C (5 frames, the first note), G (10), F (10). Audio: silence, C faintly (6 frames), G (10), F faintly
    /// (6), silence. Unheld, the path leaves both faint chords out (they cost more than skipping); held, it begins
    /// on the score's first frames (inside the faint C) and ends inside F.
    @Test func heldPathBeginsOnTheFirstNoteAndEndsPastTheDownbeat() {
        let score = AccuracyChoiceTests.sequence(Array(repeating: Self.c, count: 5) + Array(repeating: Self.g, count: 10)
                                                 + Array(repeating: Self.f, count: 10))
        let audio = AccuracyChoiceTests.sequence(Array(repeating: nil, count: 5) + Array(repeating: Self.faint([0, 4, 7]), count: 6)
                                                 + Array(repeating: Self.g, count: 10) + Array(repeating: Self.faint([5, 9, 0]), count: 6)
                                                 + Array(repeating: nil, count: 5))
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.wideSteps = true
        dtw.onsetWeight = 0
        let faintCost = max(dtw.cost(0, 5), dtw.cost(15, 21))
        #expect(faintCost > 0.2)
        dtw.skipCost = faintCost * 0.8
        let plain = dtw.align()
        #expect(plain?.path.first?.score ?? 0 >= 5)
        #expect(plain?.path.last?.score ?? 99 < 15)
        dtw.startLimit = 2
        dtw.endMinimum = 17
        let held = dtw.align()
        #expect(held?.path.first?.score ?? 99 <= 2)
        #expect((5...10).contains(held?.path.first?.audio ?? 0))  // inside the faint C, before G's onset at 11
        #expect(held?.path.last?.score ?? 0 >= 17)
        #expect(held?.path.last?.audio ?? 99 <= 26)
    }
}
