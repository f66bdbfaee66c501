import ScoreLayout

/// The repeat signs of a piece, bar by bar, and the playing order they give (what `score form --detect` proposes).
///
/// Whatever reads the signs (repeat barlines, first/second-ending brackets, D.C./D.S./Fine/Coda from the drawing)
/// fills one of these with the piece's bars in score order and calls `playingOrder()`. The order follows the usual
/// conventions: a repeat goes back to the last start-repeat barline (or the piece's start) and is taken once, or
/// once per extra ending; an ending bracket is played on the passes it is numbered for; after a D.C. or D.S. the
/// music is played without its repeats (each ending bracket on its last pass), stops at Fine, and jumps from
/// "To Coda" to the Coda.
public struct RepeatSigns: Hashable, Sendable {
    /// A sign at a bar.
    public enum Sign: Hashable, Sendable {
        /// A start-repeat barline at the bar's left.
        case startRepeat
        /// An end-repeat barline at the bar's right.
        case endRepeat
        /// The bar lies under an ending bracket numbered with these passes (`[1]`, `[2]`, `[1, 2]`).
        case ending([Int])
        /// "Fine" at the bar's end: the music stops here after a D.C. or D.S.
        case fine
        /// "D.C." at the bar's end: back to the piece's start.
        case daCapo
        /// "D.S." at the bar's end: back to the segno.
        case dalSegno
        /// The segno at the bar's start.
        case segno
        /// "To Coda" at the bar's end: after a D.C. or D.S., on to the coda.
        case toCoda
        /// The coda starts at this bar.
        case coda
    }

    /// The piece's bars in score order.
    public var bars: [BarNumber]
    /// The signs per index into `bars`.
    public var signs: [Int: Set<Sign>]

    /// Signs for a piece's bars (none yet).
    public init(bars: [BarNumber], signs: [Int: Set<Sign>] = [:]) {
        self.bars = bars
        self.signs = signs
    }

    private func has(_ sign: Sign, _ bar: Int) -> Bool { signs[bar]?.contains(sign) ?? false }

    private func ending(_ bar: Int) -> [Int]? {
        for sign in signs[bar] ?? [] { if case .ending(let passes) = sign { return passes } }
        return nil
    }

    /// The highest pass number of the run of ending brackets a bar belongs to (1 outside endings).
    private func lastEnding(around bar: Int) -> Int {
        guard ending(bar) != nil else { return 1 }
        var first = bar, last = bar
        while first > 0, ending(first - 1) != nil { first -= 1 }
        while last + 1 < bars.count, ending(last + 1) != nil { last += 1 }
        return (first...last).compactMap { ending($0)?.max() }.max() ?? 1
    }

    /// The bars in the order played, as indices into `bars` (at most 16 times the number of bars, so a contradictory
    /// set of signs cannot loop forever).
    public func playedIndices() -> [Int] {
        var played: [Int] = []
        var sectionStart = 0, sectionPass = 1, jumped = false, cameBack = false, bar = 0
        let limit = 16 * max(1, bars.count)
        while bar < bars.count, played.count < limit {
            if !cameBack, has(.startRepeat, bar) { (sectionStart, sectionPass) = (bar, 1) }
            let returned = cameBack
            cameBack = false
            if let passes = ending(bar) {
                let pass = jumped ? lastEnding(around: bar) : sectionPass
                if !passes.contains(pass) {
                    var next = bar
                    while next < bars.count, ending(next) == passes { next += 1 }
                    bar = next
                    continue
                }
            } else if !returned, bar > 0, ending(bar - 1) != nil, sectionPass > 1 {
                // Past the last ending: the next repeat is a section of its own (not when a repeat has just come back
                // here, to a section that begins right after an ending).
                (sectionStart, sectionPass) = (bar, 1)
            }
            played.append(bar)
            if has(.endRepeat, bar), !jumped {
                if sectionPass < max(2, lastEnding(around: bar)) {
                    sectionPass += 1
                    bar = sectionStart
                    cameBack = true
                    continue
                }
                if ending(bar) == nil { (sectionStart, sectionPass) = (bar + 1, 1) }
            }
            if jumped, has(.fine, bar) { break }
            if jumped, has(.toCoda, bar), let coda = (bar + 1..<bars.count).first(where: { has(.coda, $0) }) {
                bar = coda
                continue
            }
            if !jumped, has(.daCapo, bar) || has(.dalSegno, bar) {
                jumped = true
                bar = has(.dalSegno, bar) ? ((0..<bars.count).first { has(.segno, $0) } ?? 0) : 0
                cameBack = true
                continue
            }
            bar += 1
        }
        return played
    }

    /// The playing order as runs of printed bar numbers (consecutive bars joined): what `Piece.order` holds.
    public func playingOrder() -> [BarSpan] {
        var spans: [BarSpan] = []
        var runStart: Int?, previous: Int?
        for bar in playedIndices() {
            if let p = previous, bar == p + 1 { previous = bar; continue }
            if let s = runStart, let p = previous { spans.append(BarSpan(first: bars[s], last: bars[p])) }
            runStart = bar
            previous = bar
        }
        if let s = runStart, let p = previous { spans.append(BarSpan(first: bars[s], last: bars[p])) }
        return spans
    }
}
