/// One measure as it is played: which notated measure, and on which pass through it.
public struct PlayedMeasure: Sendable, Equatable {
    /// Index into `FollowedScore.measures`.
    public var measure: Int
    /// 1 the first time this measure is played, 2 the second, ...
    public var pass: Int

    public init(measure: Int, pass: Int) {
        self.measure = measure
        self.pass = pass
    }
}

extension FollowedScore {
    /// The measures in playing order: repeats taken, the volta of each pass, D.C./D.S. jumps with Fine and Coda.
    ///
    /// Conventions: a backward repeat is played `times` times (default 2, or one more than its volta's highest
    /// number); after a D.C. or D.S. repeats are not taken again and only the last volta of each group is played;
    /// "To Coda" jumps to the coda only after a D.C./D.S.; Fine ends the piece only after one. A D.C. or D.S. written
    /// before the end of its section (in the trio's last bar but one, "Menuetto da capo" above the trio's repeated second
    /// half) is taken at the end of the first measure from it, within ``jumpReach`` measures, that closes a section or
    /// ends a repeat, on its last pass.
    public var playingOrder: [PlayedMeasure] {
        var order: [PlayedMeasure] = []
        var visits = [Int](repeating: 0, count: measures.count)
        var repeatsTaken = [Int](repeating: 0, count: measures.count)
        var sectionStart = 0
        var sectionPass = 1
        var jumped = false
        var index = 0
        let limit = measures.count * 16 + 16
        let jumps = jumpPoints
        while index < measures.count, order.count < limit {
            let m = measures[index]
            if m.repeatStart, index != sectionStart {
                sectionStart = index
                sectionPass = 1
            }
            if !m.endings.isEmpty {
                let play = jumped ? isLastEnding(index) : m.endings.contains(sectionPass)
                if !play { index += 1; continue }
            }
            visits[index] += 1
            order.append(PlayedMeasure(measure: index, pass: visits[index]))
            if m.repeatEnd, !jumped {
                let times = m.repeatTimes ?? (m.endings.max().map { $0 + 1 } ?? 2)
                if repeatsTaken[index] + 1 < times {
                    repeatsTaken[index] += 1
                    sectionPass += 1
                    index = sectionStart
                    continue
                }
                sectionStart = index + 1
                sectionPass = 1
            }
            if jumped, m.fine { break }
            if jumped, m.toCoda, let coda = measures.indices.first(where: { $0 > index && measures[$0].coda }) {
                index = coda
                continue
            }
            if !jumped, let dalSegno = jumps[index] {
                jumped = true
                sectionPass = 1
                index = dalSegno ? (measures.indices.first(where: { measures[$0].segno }) ?? 0) : 0
                continue
            }
            index += 1
        }
        return order
    }

    /// How many measures after its mark a D.C. or D.S. may wait for the end of its section.
    static let jumpReach = 3

    /// Where each D.C. (false) or D.S. (true) is taken: the first measure from its mark, within ``jumpReach`` and
    /// before any coda or segno, that closes a section or ends a repeat; else the mark's own.
    private var jumpPoints: [Int: Bool] {
        var points: [Int: Bool] = [:]
        for (index, m) in measures.enumerated() where m.daCapo || m.dalSegno {
            var end = index
            for next in index...min(measures.count - 1, index + Self.jumpReach) {
                if next > index, measures[next].coda || measures[next].segno { break }
                if measures[next].closesSection || measures[next].repeatEnd { end = next; break }
            }
            if points[end] == nil { points[end] = m.dalSegno && !m.daCapo }
        }
        return points
    }

    /// Whether measure `index` belongs to the last volta of its group (no volta follows the group).
    private func isLastEnding(_ index: Int) -> Bool {
        var next = index + 1
        while next < measures.count, measures[next].endings == measures[index].endings { next += 1 }
        return next >= measures.count || measures[next].endings.isEmpty
    }
}

extension ScoreMeasure {
    /// Marks the playing-order instructions in a direction's `words`: D.C. or D.S. anywhere in them ("D.C. al Fine",
    /// "Menuetto da capo"), Fine alone, "To Coda" at their start.
    mutating func readNavigation(words: String) {
        let w = words.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if w.range(of: #"(^|[^a-z])(d\.\s?c\.|da capo)"#, options: .regularExpression) != nil { daCapo = true }
        if w.range(of: #"(^|[^a-z])(d\.\s?s\.|dal segno)"#, options: .regularExpression) != nil { dalSegno = true }
        if w == "fine" { fine = true }
        if w.hasPrefix("to coda") { toCoda = true }
    }
}
