/// Numbering that agrees with the printed bar numbers, and the rules behind a numbered layout.
extension ScoreLayout {
    /// The rules that number this layout's bars as the engraver printed them.
    ///
    /// Numbers at the head of a system are trusted; numbers inside a system (printed every bar or every few bars)
    /// count only when they agree with the count from a system-head number next to them, or, on a score that
    /// prints none at system heads, with another such number. Where the print and the count of bars disagree,
    /// the print wins, explained by the first of these that fits:
    /// - the first printed number is one less than the count: the score opens with an upbeat (`.pickup`);
    /// - the count runs ahead of a small printed number, and a system starts exactly that many bars earlier (or
    ///   one more, for an upbeat): the numbering restarts there (a new piece; `.renumber` to 1, or 0);
    /// - the count runs ahead by the length of a second ending whose label was read (`endings`): the second
    ///   ending's bars take the first ending's numbers with the suffix "a" (a third ending "b"), and counting
    ///   goes on after them, as the print does;
    /// - otherwise the print is trusted from that bar on when the next printed number confirms it (or it is the
    ///   last one and off by at most 3); an unconfirmed number is ignored.
    public func numbering(agreeingWith printed: [PrintedBarNumber], endings: [PrintedEnding] = []) -> PrintedNumbering {
        let total = barCount
        let starts = systemStartIndices()
        var result = PrintedNumbering()
        let anchors = Self.consistentAnchors(printed.filter { (0..<total).contains($0.globalIndex) }, ignored: &result.ignored)
        var rules: [NumberingRule] = []
        var previous: PrintedBarNumber?
        /// Whether the print showed that later endings repeat the first ending's numbers (abcm2ps: 7, 7, 8).
        var repeatsEndingNumbers = false
        for (n, anchor) in anchors.enumerated() {
            let counted = counted(at: anchor.globalIndex, rules: rules)
            if counted == anchor.number {
                result.used.append(anchor); previous = anchor; continue
            }
            let floor = previous.map { $0.globalIndex + 1 } ?? 0
            var explained: (rules: [NumberingRule], cause: NumberingDisagreement.Cause)?
            if anchor.number.value < counted.value || previous == nil {
                explained = Self.restart(anchor, starts: starts, floor: floor, first: previous == nil)
            }
            if anchor.number.value < counted.value, mayBeEndings(explained) {
                // A first ending and its repeat can look like an upbeat: with ending labels read, the endings win,
                // unless the bar taken for an upbeat is drawn short (see `opensShort(at:)`).
                if let withEndings = restartWithEndings(anchor, starts: starts, floor: floor, rules: rules, endings: endings,
                                                        fromScoreStart: previous == nil) {
                    // At the score's start, nothing restarts: the endings alone explain the print.
                    let atStart: Bool
                    if case .renumber(0, _)? = withEndings.first { atStart = true } else { atStart = false }
                    explained = (withEndings, atStart ? .endings : .restart)
                }
            }
            if explained == nil, anchor.number.value < counted.value {
                explained = endingRules(anchor, counted: counted, rules: rules, endings: endings, floor: floor).map { ($0, .endings) }
            }
            // A number that disagrees with the count is an outlier when the next printed number agrees with the
            // count instead (a tempo mark "132" over the first system); unexplained, it must be confirmed by the next.
            let next = n + 1 < anchors.count ? anchors[n + 1] : nil
            if explained != nil, let next, next.atSystemStart, self.counted(at: next.globalIndex, rules: rules) == next.number { explained = nil }
            let confirmed = next.map { $0.number.value - anchor.number.value == $0.globalIndex - anchor.globalIndex }
            if explained == nil, confirmed ?? (abs(anchor.number.value - counted.value) <= 3) {
                explained = ([.renumber(fromGlobalIndex: anchor.globalIndex, to: BarNumber(anchor.number.value))], .mismatch)
            }
            guard let explained else { result.ignored.append(anchor); continue }
            repeatsEndingNumbers = repeatsEndingNumbers || explained.rules.contains { if case .suffix = $0 { true } else { false } }
            rules += explained.rules
            if anchor.number.hasSuffix {
                rules.append(.suffix(globalIndex: anchor.globalIndex, suffix: anchor.number.suffix))
            }
            result.disagreements.append(NumberingDisagreement(
                globalIndex: anchor.globalIndex, printed: anchor.number, counted: counted, cause: explained.cause))
            result.used.append(anchor)
            previous = anchor
        }
        if repeatsEndingNumbers {
            rules += endingsAsShown(rules: rules, used: result.used, endings: endings)
        }
        result.rules = rules
        return result
    }

    /// Rules numbering the later endings no printed number reaches (a second ending at the head of a piece's last
    /// system, a page numbered every fifth bar) as the score's other endings were printed: with the first ending's
    /// numbers and a suffix, where every printed number used still agrees. A label at a bar whose printed number is
    /// its ordinal ("2" over bar 2) is that number, not a label.
    func endingsAsShown(rules: [NumberingRule], used: [PrintedBarNumber], endings: [PrintedEnding]) -> [NumberingRule] {
        let labels = endings.filter { label in !used.contains { $0.globalIndex == label.globalIndex && $0.number.value == label.ordinal } }
            .sorted { $0.globalIndex < $1.globalIndex }
        var added: [NumberingRule] = []
        for (k, label) in labels.enumerated() where label.ordinal >= 2 {
            let current = rules + added
            guard !current.contains(where: { if case .suffix(label.globalIndex, _) = $0 { true } else { false } }),
                  let first = labels[..<k].last(where: { $0.ordinal == 1 }), label.globalIndex - first.globalIndex <= 8,
                  let second = label.ordinal == 2 ? label : labels[..<k].last(where: { $0.ordinal == 2 && $0.globalIndex > first.globalIndex })
            else { continue }
            var length = max(1, second.globalIndex - first.globalIndex)
            if k + 1 < labels.count, labels[k + 1].ordinal == label.ordinal + 1 { length = min(length, labels[k + 1].globalIndex - label.globalIndex) }
            let suffix = String(UnicodeScalar(UInt8(96 + min(label.ordinal - 1, 26))))
            var candidate: [NumberingRule] = []
            for j in 0..<length {
                let number = counted(at: first.globalIndex + j, rules: current + candidate)
                candidate += [.renumber(fromGlobalIndex: label.globalIndex + j, to: BarNumber(number.value)),
                              .suffix(globalIndex: label.globalIndex + j, suffix: suffix)]
            }
            guard let numbered = try? renumbered(current + candidate),
                  used.allSatisfy({ numbered.bar(atGlobalIndex: $0.globalIndex)?.number == $0.number }) else { continue }
            added += candidate
        }
        return added
    }

    /// The rules that give this layout the numbers its bars carry now: `renumbered(numberingRules())` gives
    /// back the same numbers.
    public func numberingRules() -> [NumberingRule] {
        var rules: [NumberingRule] = []
        var next = 1
        var previous: BarNumber?
        for location in allBars() {
            let number = location.number, index = location.globalIndex
            if number.hasSuffix {
                if previous?.value != number.value || (previous == nil && number.value != 0) {
                    rules.append(.renumber(fromGlobalIndex: index, to: BarNumber(number.value)))
                    next = number.value + 1
                }
                rules.append(.suffix(globalIndex: index, suffix: number.suffix))
            } else if number.value != next {
                if index == 0 && number.value == 0 { rules.append(.pickup) } else {
                    rules.append(.renumber(fromGlobalIndex: index, to: number))
                }
                next = number.value + 1
            } else {
                next += 1
            }
            previous = number
        }
        return rules
    }

    /// The global indices of the first bars of systems that have bars, in score order.
    public func systemStartIndices() -> [Int] {
        var result: [Int] = [], count = 0
        for page in pages {
            for system in page.systems {
                let bars = system.bars?.count ?? 0
                if bars > 0 { result.append(count) }
                count += bars
            }
        }
        return result
    }

    /// The number counting with `rules` gives the bar at `index`.
    func counted(at index: Int, rules: [NumberingRule]) -> BarNumber {
        (try? renumbered(rules))?.bar(atGlobalIndex: index)?.number ?? BarNumber(0)
    }

    /// The printed numbers in bar order that can be trusted (see `numbering(agreeingWith:endings:)`); the rest go to
    /// `ignored`.
    static func consistentAnchors(_ printed: [PrintedBarNumber], ignored: inout [PrintedBarNumber]) -> [PrintedBarNumber] {
        var byIndex: [Int: PrintedBarNumber] = [:]
        for p in printed where byIndex[p.globalIndex] == nil || (p.atSystemStart && !byIndex[p.globalIndex]!.atSystemStart) {
            byIndex[p.globalIndex] = p
        }
        let sorted = byIndex.values.sorted { $0.globalIndex < $1.globalIndex }
        let heads = sorted.filter(\.atSystemStart)
        func offset(_ p: PrintedBarNumber) -> Int { p.number.value - p.globalIndex }
        var result: [PrintedBarNumber] = []
        for p in sorted {
            if p.atSystemStart { result.append(p); continue }
            let keep: Bool
            if heads.isEmpty {
                keep = sorted.contains { $0 != p && offset($0) == offset(p) }
            } else {
                let before = heads.last { $0.globalIndex < p.globalIndex }, after = heads.first { $0.globalIndex > p.globalIndex }
                // Or another number inside a system agrees with it and no system-head number stands between them: a
                // piece that prints numbers every few bars, after one whose heads carry numbers. One of the two must
                // be 5 or more: ending labels "1", "2" over neighbouring bars agree with each other too.
                keep = [before, after].contains { $0.map(offset) == offset(p) } || sorted.contains { q in
                    !q.atSystemStart && q != p && offset(q) == offset(p) && max(p.number.value, q.number.value) >= 5
                        && !heads.contains { $0.globalIndex > min(p.globalIndex, q.globalIndex) && $0.globalIndex < max(p.globalIndex, q.globalIndex) }
                }
            }
            if keep { result.append(p) } else { ignored.append(p) }
        }
        return result
    }

    /// The bar an explanation makes an upbeat 0: the score's first for `.pickup`, the restart's bar for a restart
    /// at 0; nil for other explanations.
    static func upbeatBar(_ explained: (rules: [NumberingRule], cause: NumberingDisagreement.Cause)?) -> Int? {
        guard let explained else { return nil }
        if explained.cause == .pickup { return 0 }
        guard explained.cause == .restart, case .renumber(let index, let to)? = explained.rules.first, to.value == 0 else { return nil }
        return index
    }

    /// Whether endings may explain a disagreement instead of `explained`: nothing else did, or an upbeat did whose
    /// bar is not drawn short (a restart) or is drawn full (the score's opening upbeat, which stays an upbeat when
    /// the drawing cannot tell).
    func mayBeEndings(_ explained: (rules: [NumberingRule], cause: NumberingDisagreement.Cause)?) -> Bool {
        guard explained != nil else { return true }
        guard let bar = Self.upbeatBar(explained) else { return false }
        return bar > 0 ? opensShort(at: bar) != true : opensShort(at: bar) == false
    }

    /// Whether the bar at `index`, the first of its system, is drawn short like an upbeat: narrower than 0.85 times
    /// the median of the system's other bars (true), or wider than 1.1 times it, as a full bar with the clef, key and
    /// time signature before it is (false); nil in between, for a bar inside a system, or with fewer than two others.
    func opensShort(at index: Int) -> Bool? {
        guard let location = bar(atGlobalIndex: index), location.bar == 0,
              let bars = page(location.page)?.systems[location.system].bars, bars.count >= 3 else { return nil }
        let others = bars.dropFirst().map(\.width).sorted()
        let median = others[others.count / 2]
        guard median > 0 else { return nil }
        let ratio = bars[0].width / median
        return ratio < 0.85 ? true : ratio > 1.1 ? false : nil
    }

    /// A restart at 1 (or at an upbeat 0) at a system start before `anchor` (or at the score's start,
    /// `fromScoreStart`) whose later endings (labels read) make up the difference.
    func restartWithEndings(_ anchor: PrintedBarNumber, starts: [Int], floor: Int, rules: [NumberingRule],
                            endings: [PrintedEnding], fromScoreStart: Bool = false) -> [NumberingRule]? {
        for start in starts.reversed() where start >= floor && (start > 0 || fromScoreStart) && start <= anchor.globalIndex {
            guard endings.contains(where: { $0.ordinal >= 2 && $0.globalIndex >= start && $0.globalIndex < anchor.globalIndex }) else { continue }
            // At 1, or at an upbeat 0 where the piece's first bar is not drawn full (an upbeat and endings together).
            for first in opensShort(at: start) == false ? [1] : [1, 0] {
                let restart = NumberingRule.renumber(fromGlobalIndex: start, to: BarNumber(first))
                let counted = counted(at: anchor.globalIndex, rules: rules + [restart])
                if counted == anchor.number { return nil }
                if let extra = endingRules(anchor, counted: counted, rules: rules + [restart], endings: endings, floor: start) {
                    return [restart] + extra
                }
            }
        }
        return nil
    }

    /// A restart of the numbering at a system start before `anchor` (after `floor`) that explains its printed
    /// number: the system starts `number - 1` bars before it (numbered from 1) or `number` bars (an upbeat 0).
    /// For the score's first printed number, an upbeat or another first number at the score's start.
    static func restart(_ anchor: PrintedBarNumber, starts: [Int], floor: Int, first: Bool)
        -> (rules: [NumberingRule], cause: NumberingDisagreement.Cause)?
    {
        let value = anchor.number.value, index = anchor.globalIndex
        if first {
            if value == index { return ([.pickup], .pickup) }
            if value > index { return ([.renumber(fromGlobalIndex: 0, to: BarNumber(value - index))], .offset) }
        }
        for start in starts.reversed() where start >= floor && start <= index && start > 0 {
            if index - start == value - 1 { return ([.renumber(fromGlobalIndex: start, to: BarNumber(1))], .restart) }
            if index - start == value { return ([.renumber(fromGlobalIndex: start, to: BarNumber(0))], .restart) }
        }
        return nil
    }

    /// Rules numbering second (and later) endings after `floor` like their first ending, when that accounts for
    /// the whole of the count's lead over the printed number at `anchor`.
    func endingRules(_ anchor: PrintedBarNumber, counted countedNumber: BarNumber, rules: [NumberingRule], endings: [PrintedEnding],
                     floor: Int) -> [NumberingRule]? {
        var excess = countedNumber.value - anchor.number.value
        var added: [NumberingRule] = []
        // An ending may begin at the printed number's own bar (abcm2ps prints 15 over a second ending after 15).
        let labels = endings.filter { $0.globalIndex <= anchor.globalIndex }.sorted { $0.globalIndex < $1.globalIndex }
        for label in labels where label.ordinal >= 2 && label.globalIndex >= floor && excess > 0 {
            guard let first = labels.last(where: { $0.ordinal == 1 && $0.globalIndex < label.globalIndex }) else { continue }
            let length = min(excess, label.globalIndex - first.globalIndex)
            guard length > 0 else { continue }
            let suffix = String(UnicodeScalar(UInt8(96 + min(label.ordinal - 1, 26))))
            for j in 0..<length {
                let number = counted(at: first.globalIndex + j, rules: rules + added)
                added.append(.renumber(fromGlobalIndex: label.globalIndex + j, to: BarNumber(number.value)))
                added.append(.suffix(globalIndex: label.globalIndex + j, suffix: suffix))
            }
            excess -= length
        }
        return excess == 0 && !added.isEmpty ? added : nil
    }
}
