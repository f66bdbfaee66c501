import Testing
@testable import ScoreFollowing

/// Playing orders of small hand-made scores, checked against the order a musician plays.
struct PlayingOrderTests {
    /// A score of `count` measures numbered 1..., with `edit` applied to set marks.
    static func score(_ count: Int, _ edit: (inout [ScoreMeasure]) -> Void) -> FollowedScore {
        var measures = (1...count).map { ScoreMeasure(number: "\($0)", duration: 4) }
        edit(&measures)
        return FollowedScore(measures: measures)
    }

    static func numbers(_ score: FollowedScore) -> String {
        score.playingOrder.map { score.measures[$0.measure].number + ($0.pass > 1 ? "'" : "") }.joined(separator: " ")
    }

    @Test func plainScoreIsPlayedOnce() {
        #expect(Self.numbers(Self.score(3) { _ in }) == "1 2 3")
    }

    @Test func repeatFromTheStart() {
        let s = Self.score(4) { $0[1].repeatEnd = true }
        #expect(Self.numbers(s) == "1 2 1' 2' 3 4")
    }

    @Test func repeatedSectionInTheMiddle() {
        let s = Self.score(5) { $0[1].repeatStart = true; $0[2].repeatEnd = true }
        #expect(Self.numbers(s) == "1 2 3 2' 3' 4 5")
    }

    @Test func firstAndSecondEndings() {
        let s = Self.score(5) { m in
            m[2].endings = [1]; m[2].repeatEnd = true
            m[3].endings = [2]
        }
        #expect(Self.numbers(s) == "1 2 3 1' 2' 4 5")
    }

    @Test func repeatPlayedThreeTimes() {
        let s = Self.score(2) { $0[0].repeatStart = true; $0[0].repeatEnd = true; $0[0].repeatTimes = 3 }
        #expect(Self.numbers(s) == "1 1' 1' 2")
        #expect(s.playingOrder.map(\.pass) == [1, 2, 3, 1])
    }

    @Test func daCapoAlFine() {
        let s = Self.score(4) { $0[1].fine = true; $0[3].daCapo = true }
        #expect(Self.numbers(s) == "1 2 3 4 1' 2'")
    }

    @Test func dalSegnoAlCodaSkipsRepeatsAndFirstEndings() {
        let s = Self.score(7) { m in
            m[1].segno = true
            m[2].endings = [1]; m[2].repeatEnd = true
            m[3].endings = [2]; m[3].toCoda = true
            m[4].dalSegno = true
            m[5].coda = true
        }
        // 1 2 3(1st ending) | 1 2 4(2nd ending) 5(D.S.) | 2 4(last ending, To Coda) | 6 7
        #expect(Self.numbers(s) == "1 2 3 1' 2' 4 5 2' 4' 6 7")
        #expect(s.playingOrder.map(\.pass) == [1, 1, 1, 2, 2, 1, 1, 3, 2, 1, 1])
    }
}
