import Testing
@testable import ScoreLayout

/// Numbering that agrees with the printed numbers (`ScoreLayout.numbering(agreeingWith:endings:)`), on layouts
/// whose systems hold the given numbers of bars.
@Suite("Numbering from printed bar numbers")
struct PrintedNumberingTests {
    /// One page whose systems hold these many bars.
    static func layout(_ systems: [Int]) -> ScoreLayout {
        var result: [SystemLayout] = []
        for (n, count) in systems.enumerated() {
            var bars: [BarLayout] = []
            for b in 0..<count {
                let left = Double(50 + 40 * b)
                bars.append(BarLayout(number: BarNumber(b + 1), left: left, right: left + 40))
            }
            let top = Double(100 * n + 50)
            result.append(SystemLayout(top: top, bottom: top + 40, bars: bars))
        }
        return ScoreLayout(pages: [PageLayout(page: 1, systems: result)]).renumberedContinuously()
    }

    static func head(_ index: Int, _ number: String) -> PrintedBarNumber {
        PrintedBarNumber(globalIndex: index, number: try! BarNumber(number), atSystemStart: true)
    }

    static func mid(_ index: Int, _ number: String) -> PrintedBarNumber {
        PrintedBarNumber(globalIndex: index, number: try! BarNumber(number), atSystemStart: false)
    }

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var systems: [Int]
        var printed: [PrintedBarNumber]
        var endings: [PrintedEnding] = []
        /// Every system's first bar number afterwards.
        var firsts: [String]
        var causes: [NumberingDisagreement.Cause]
        var description: String { name }
    }

    static let cases = [
        Case(name: "agreeing print", systems: [4, 4, 4], printed: [head(4, "5"), head(8, "9")], firsts: ["1", "5", "9"], causes: []),
        Case(name: "upbeat", systems: [5, 4, 4], printed: [head(5, "5"), head(9, "9")], firsts: ["0", "5", "9"], causes: [.pickup]),
        Case(name: "a second piece restarts at 1", systems: [4, 4, 3, 3], printed: [head(4, "5"), head(11, "4")],
             firsts: ["1", "5", "1", "4"], causes: [.restart]),
        Case(name: "a second piece with an upbeat", systems: [4, 4, 5, 4], printed: [head(4, "5"), head(13, "5")],
             firsts: ["1", "5", "0", "5"], causes: [.restart]),
        Case(name: "an excerpt from bar 41", systems: [4, 4], printed: [head(4, "45")], firsts: ["41", "45"], causes: [.offset]),
        Case(name: "second ending numbered like the first", systems: [5, 4, 4], printed: [head(5, "6"), head(9, "9")],
             endings: [PrintedEnding(globalIndex: 7, ordinal: 1), PrintedEnding(globalIndex: 8, ordinal: 2)],
             firsts: ["1", "6", "9"], causes: [.endings]),
        Case(name: "a missed barline: the print wins, confirmed by the next number", systems: [4, 4, 4, 4],
             printed: [head(4, "5"), head(8, "10"), head(12, "14")], firsts: ["1", "5", "10", "14"], causes: [.mismatch]),
        Case(name: "a stray number no neighbour confirms is ignored", systems: [4, 4, 4, 4],
             printed: [head(4, "5"), head(8, "96"), head(12, "13")], firsts: ["1", "5", "9", "13"], causes: []),
        Case(name: "numbers every five bars, none at system heads", systems: [6, 6, 6],
             printed: [mid(5, "5"), mid(10, "10"), mid(15, "15")], firsts: ["0", "6", "12"], causes: [.pickup]),
        Case(name: "an ending label inside a system is not a bar number", systems: [4, 4, 4],
             printed: [head(4, "5"), mid(6, "2"), head(8, "9")], firsts: ["1", "5", "9"], causes: []),
    ]

    @Test(arguments: cases)
    func numbering(_ c: Case) throws {
        let layout = Self.layout(c.systems)
        let result = layout.numbering(agreeingWith: c.printed, endings: c.endings)
        let numbered = try layout.renumbered(result.rules)
        #expect(numbered.pages[0].systems.map { $0.bars![0].number.description } == c.firsts)
        #expect(result.disagreements.map(\.cause) == c.causes)
        for printed in result.used {
            #expect(numbered.bar(atGlobalIndex: printed.globalIndex)?.number == printed.number, "printed \(printed.number)")
        }
    }

    @Test func secondEndingBarsTakeTheFirstEndingsNumbersWithASuffix() throws {
        let layout = Self.layout([5, 4, 4])
        let result = layout.numbering(agreeingWith: [Self.head(5, "6"), Self.head(9, "9")],
                                      endings: [PrintedEnding(globalIndex: 7, ordinal: 1), PrintedEnding(globalIndex: 8, ordinal: 2)])
        let numbers = try layout.renumbered(result.rules).allBars().map(\.number.description)
        #expect(numbers == ["1", "2", "3", "4", "5", "6", "7", "8", "8a", "9", "10", "11", "12"])
    }

    /// abcm2ps prints a second ending with the first ending's number: 15 over the second ending that opens the last
    /// system, after the first ending 15 at the end of the system before.
    @Test func aSecondEndingAtThePrintedNumbersOwnBarTakesTheSuffix() throws {
        let layout = Self.layout([4, 4, 4, 4, 1])
        let result = layout.numbering(agreeingWith: [Self.head(4, "5"), Self.head(8, "8"), Self.head(12, "12"), Self.head(16, "15")],
                                      endings: [PrintedEnding(globalIndex: 6, ordinal: 1), PrintedEnding(globalIndex: 7, ordinal: 2),
                                                PrintedEnding(globalIndex: 15, ordinal: 1), PrintedEnding(globalIndex: 16, ordinal: 2)])
        let numbers = try layout.renumbered(result.rules).allBars().map(\.number.description)
        #expect(numbers == ["1", "2", "3", "4", "5", "6", "7", "7a", "8", "9", "10", "11", "12", "13", "14", "15", "15a"])
    }

    @Test(arguments: [
        [NumberingRule](), [.pickup], [.renumber(fromGlobalIndex: 6, to: BarNumber(1))],
        [.pickup, .renumber(fromGlobalIndex: 5, to: BarNumber(0)), .suffix(globalIndex: 9, suffix: "a")],
        [.renumber(fromGlobalIndex: 0, to: BarNumber(40)), .renumber(fromGlobalIndex: 3, to: BarNumber(41)), .suffix(globalIndex: 3, suffix: "b")],
    ])
    func rulesOfANumberedLayoutGiveItsNumbersBack(_ rules: [NumberingRule]) throws {
        let numbered = try Self.layout([4, 4, 4]).renumbered(rules)
        let again = try numbered.renumbered(numbered.numberingRules())
        #expect(again.allBars().map(\.number) == numbered.allBars().map(\.number))
    }
}

extension ScoreLayout {
    /// The layout numbered 1, 2, 3, … in score order.
    fileprivate func renumberedContinuously() -> ScoreLayout { (try? renumbered([])) ?? self }
}
