/// Carrying bar numbers from one edition to another (`session rescore` onto a print without numbers).
extension ScoreLayout {
    /// The layout with each bar that `matches` pairs with a bar of `old` numbered as that old bar, and each bar
    /// without a partner numbered after the bar before it with a suffix ("12a", "12b", like an inserted bar); bars
    /// before the first partnered bar keep their numbers.
    ///
    /// - Parameter matches: for each bar of `old` (by global index), the global index of its bar here, or nil.
    public func carryingNumbers(from old: ScoreLayout, matches: [Int?]) -> ScoreLayout {
        let oldBars = old.allBars()
        var numbers = [BarNumber?](repeating: nil, count: barCount)
        for (i, j) in matches.enumerated() where i < oldBars.count {
            if let j, numbers.indices.contains(j) { numbers[j] = oldBars[i].number }
        }
        var result = self
        var index = 0, previous: BarNumber?, inserted = 0
        for p in result.pages.indices {
            for s in result.pages[p].systems.indices {
                guard var bars = result.pages[p].systems[s].bars else { continue }
                for b in bars.indices {
                    if let number = numbers[index] {
                        bars[b].number = number
                        previous = number
                        inserted = 0
                    } else if let before = previous {
                        inserted += 1
                        if let number = try? BarNumber(before.value, suffix: before.suffix + Self.letters(inserted)) { bars[b].number = number }
                    }
                    index += 1
                }
                result.pages[p].systems[s].bars = bars
            }
        }
        return result
    }

    /// "a", "b", … "z", "za", … for the n-th bar (from 1) inserted after a numbered one.
    private static func letters(_ n: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return String(repeating: "z", count: (n - 1) / 26) + String(alphabet[(n - 1) % 26])
    }
}
