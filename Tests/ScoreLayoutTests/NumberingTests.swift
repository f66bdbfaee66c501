import Testing
@testable import ScoreLayout

@Suite("Bar numbering")
struct NumberingTests {
    static let plain = (1...12).map(String.init)

    @Test(arguments: [
        ([NumberingRule](), plain),
        ([.pickup], (0...11).map(String.init)),
        ([.suffix(globalIndex: 4, suffix: "a")], ["1", "2", "3", "4", "4a", "5", "6", "7", "8", "9", "10", "11"]),
        ([.renumber(fromGlobalIndex: 7, to: BarNumber(1))], ["1", "2", "3", "4", "5", "6", "7", "1", "2", "3", "4", "5"]),
        ([.pickup, .suffix(globalIndex: 3, suffix: "a"), .suffix(globalIndex: 4, suffix: "b")],
         ["0", "1", "2", "2a", "2b", "3", "4", "5", "6", "7", "8", "9"]),
        ([.renumber(fromGlobalIndex: 5, to: BarNumber(40)), .suffix(globalIndex: 5, suffix: "a")],
         ["1", "2", "3", "4", "5", "40a", "41", "42", "43", "44", "45", "46"]),
        ([.suffix(globalIndex: 0, suffix: "x")], ["0x", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]),
        ([.renumber(fromGlobalIndex: 0, to: Fixtures.n("12a"))], (12...23).map { $0 == 12 ? "12a" : "\($0)" }),
    ])
    func numbers(rules: [NumberingRule], expected: [String]) throws {
        let layout = try Fixtures.score.renumbered(rules)
        #expect(Fixtures.numbers(layout) == expected)
        try layout.validate()
    }

    @Test func numberingIsContinuousAcrossPagesAndSkipsBarlessSystems() {
        let bars = Fixtures.score.allBars()
        #expect(bars.count == 12)
        #expect(bars.map(\.page) == [1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3])
        #expect(bars.map(\.system) == [0, 0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 2])
        #expect(bars.map(\.bar) == [0, 1, 2, 3, 0, 1, 2, 0, 1, 0, 1, 2])
        #expect(bars.map(\.globalIndex) == Array(0..<12))
        #expect(Fixtures.numbers(Fixtures.score) == Self.plain)
    }

    @Test(arguments: [
        (NumberingRule.renumber(fromGlobalIndex: 12, to: BarNumber(1)), "the layout has 12 bars (indices 0…11)"),
        (.suffix(globalIndex: -1, suffix: "a"), "negative"),
        (.suffix(globalIndex: 2, suffix: ""), "lower-case letters"),
        (.suffix(globalIndex: 2, suffix: "A"), "lower-case letters"),
    ])
    func invalidRules(rule: NumberingRule, expected: String) {
        #expect {
            _ = try Fixtures.score.renumbered([rule])
        } throws: { error in
            guard let error = error as? LayoutError, case .invalidRule(let r, _) = error else { return false }
            return r == rule && error.description.contains(expected)
        }
    }

    @Test func lookupByNumber() throws {
        let layout = Fixtures.score
        let bar9 = try #require(layout.bar(numbered: BarNumber(9)))
        #expect(bar9.page == 3 && bar9.system == 0 && bar9.bar == 1 && bar9.globalIndex == 8)
        #expect(bar9.layout.left == 300 && bar9.layout.right == 540)
        #expect(layout.bar(numbered: BarNumber(13)) == nil)
        #expect(layout.bar(atGlobalIndex: 8) == bar9)
        #expect(layout.bar(atGlobalIndex: 12) == nil)
        #expect(layout.globalIndexOfFirstBar(page: 3, system: 2) == 9)
    }

    @Test func duplicateNumbersReturnAllMatches() throws {
        // A repeated passage numbered again: bars 8… restart at 3.
        let layout = try Fixtures.score.renumbered([.renumber(fromGlobalIndex: 7, to: BarNumber(3))])
        let threes = layout.bars(numbered: BarNumber(3))
        #expect(threes.map(\.globalIndex) == [2, 7])
        #expect(threes.map(\.page) == [1, 3])
        #expect(layout.bar(numbered: BarNumber(3))?.globalIndex == 2)
        #expect(layout.bars(numbered: Fixtures.n("3a")).isEmpty)
    }
}
