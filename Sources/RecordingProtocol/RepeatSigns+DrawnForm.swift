import ScoreLayout

extension RepeatSigns {
    /// The signs a score's drawing shows over one piece: the bars `range` (global indices into `bars`, the
    /// layout's bars in score order) with the marks and endings of `form` that fall inside it.
    public init(form: DrawnForm, bars: [BarLayout], range: ClosedRange<Int>) {
        let range = max(0, range.lowerBound)...min(range.upperBound, bars.count - 1)
        self.init(bars: range.map { bars[$0].number })
        func add(_ sign: Sign, at bar: Int) {
            guard range.contains(bar) else { return }
            signs[bar - range.lowerBound, default: []].insert(sign)
        }
        for mark in form.marks {
            switch mark.sign {
            case .startRepeat: add(.startRepeat, at: mark.bar)
            case .endRepeat: add(.endRepeat, at: mark.bar)
            case .fine: add(.fine, at: mark.bar)
            case .daCapo: add(.daCapo, at: mark.bar)
            case .dalSegno: add(.dalSegno, at: mark.bar)
            case .segno: add(.segno, at: mark.bar)
            case .toCoda: add(.toCoda, at: mark.bar)
            case .coda: add(.coda, at: mark.bar)
            }
        }
        for ending in form.endings where range.contains(ending.first) {
            for bar in ending.first...min(ending.last, range.upperBound) { add(.ending(ending.passes), at: bar) }
        }
    }

    /// True when no sign changes the score order.
    public var isEmpty: Bool { signs.values.allSatisfy(\.isEmpty) }
}
