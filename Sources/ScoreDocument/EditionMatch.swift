import ScoreLayout

/// Matches the bars of two editions of a score (`session rescore`): by their printed numbers where both editions
/// print them, and by what the bars look like (`BarFingerprint`) where both PDFs are at hand, in one alignment in
/// score order (`BarAlignment`) that prefers runs of added or removed bars to begin and end where systems do.
public struct EditionMatch: Sendable {
    /// One edition: its layout (numbered as it prints them, when it does), whether those numbers are the print's,
    /// and its bars' fingerprints (nil when its PDF is not at hand).
    public struct Edition: Sendable {
        public var layout: ScoreLayout
        public var printed: Bool
        public var fingerprints: [BarFingerprint]?

        /// Creates an edition.
        public init(layout: ScoreLayout, printed: Bool, fingerprints: [BarFingerprint]?) {
            self.layout = layout
            self.printed = printed
            self.fingerprints = fingerprints
        }
    }

    /// For each old bar (by global index), the new bar it is (nil: the new edition lacks it).
    public let matches: [Int?]
    /// What the match used: `numbers`, `content` or `numbers+content`.
    public let basis: String

    /// Matches `old`'s bars with `new`'s.
    ///
    /// Printed numbers on both sides score ±1 (the same number, another); the drawing adds 2 × (`similarity` − 0.5),
    /// about ±1, so a system whose number was misread still matches by its drawing. With neither (no print, no PDFs) the bars' numbers are all there is.
    public init(old: Edition, new: Edition) {
        let oldBars = old.layout.allBars(), newBars = new.layout.allBars()
        let content: (old: [BarFingerprint], new: [BarFingerprint])? = {
            guard let a = old.fingerprints, let b = new.fingerprints, a.count == oldBars.count, b.count == newBars.count else { return nil }
            return (a, b)
        }()
        let numbers = old.printed && new.printed || content == nil
        basis = content == nil ? "numbers" : numbers ? "numbers+content" : "content"
        matches = BarAlignment(oldStarts: oldBars.map { $0.bar == 0 }, newStarts: newBars.map { $0.bar == 0 }) { i, j in
            var score = 0.0
            if numbers { score += oldBars[i].number == newBars[j].number ? 1 : -1 }
            if let content { score += 2 * (min(content.old[i].similarity(to: content.new[j]), 1.5) - 0.5) }
            return score
        }.matches
    }
}
