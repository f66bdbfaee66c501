import Testing
import TheoryCore
@testable import ScoreLayout

/// Aligning the bars of two editions: a bar is a letter (its content), `|` starts a system.
@Suite("Bar alignment")
struct BarAlignmentTests {
    /// The letters and which of them start a system: "ab|cd" is a, b on one system, c, d on the next.
    static func bars(_ text: String) -> (letters: [Character], starts: [Bool]) {
        var letters: [Character] = [], starts: [Bool] = [], next = true
        for c in text {
            if c == "|" { next = true; continue }
            letters.append(c)
            starts.append(next)
            next = false
        }
        return (letters, starts)
    }

    /// The alignment written as the new index of each old bar ("-" for none).
    static func align(_ old: String, _ new: String) -> String {
        let a = bars(old), b = bars(new)
        let matches = BarAlignment(oldStarts: a.starts, newStarts: b.starts) { i, j in a.letters[i] == b.letters[j] ? 1 : -1 }.matches
        return matches.map { $0.map(String.init) ?? "-" }.joined(separator: " ")
    }

    @Test("hand-checked alignments", arguments: [
        // The same bars reflowed onto other systems.
        ("abc|def|gh", "abcd|efgh", "0 1 2 3 4 5 6 7"),
        // A system removed.
        ("abc|def|ghi", "abc|ghi", "0 1 2 - - - 3 4 5"),
        // A system added.
        ("abc|ghi", "abc|def|ghi", "0 1 2 6 7 8"),
        // Periodic music (every bar the same): the removed bars are the ones that make a whole system.
        ("aaa|aa|aaa", "aaa|aaa", "0 1 2 - - 3 4 5"),
        // Removed at the end and at the start.
        ("ab|cd", "ab", "0 1 - -"),
        ("ab|cd", "cd", "- - 0 1"),
        // A changed bar is still matched in its place rather than dropped.
        ("abcd", "abxd", "0 1 2 3"),
        // Nothing in common with one side empty.
        ("ab", "", "- -"),
    ])
    func aligns(old: String, new: String, expected: String) {
        #expect(Self.align(old, new) == expected)
    }

    @Test("an empty old edition matches nothing")
    func empty() {
        #expect(BarAlignment(oldStarts: [], newStarts: [true, false]) { _, _ in 1 }.matches.isEmpty)
    }

    @Test("bars are matched in order, each new bar at most once (seeded random editions)")
    func property() {
        var generator = SplitMix64(seed: 26)
        for _ in 0..<200 {
            let n = Int(generator.next() % 30), m = Int(generator.next() % 30)
            let oldStarts = (0..<n).map { $0 == 0 || generator.next() % 4 == 0 }
            let newStarts = (0..<m).map { $0 == 0 || generator.next() % 4 == 0 }
            let oldLetters = (0..<n).map { _ in generator.next() % 3 }, newLetters = (0..<m).map { _ in generator.next() % 3 }
            let matches = BarAlignment(oldStarts: oldStarts, newStarts: newStarts) { i, j in oldLetters[i] == newLetters[j] ? 1 : -1 }.matches
            #expect(matches.count == n)
            let matched = matches.compactMap { $0 }
            #expect(matched == matched.sorted() && Set(matched).count == matched.count && matched.allSatisfy { (0..<m).contains($0) })
        }
    }
}
