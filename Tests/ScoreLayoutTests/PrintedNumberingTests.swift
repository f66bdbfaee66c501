import Testing
@testable import ScoreLayout

/// Numbering that agrees with the printed numbers (`ScoreLayout.numbering(agreeingWith:endings:)`), on layouts
/// whose systems hold the given numbers of bars.
@Suite("Numbering from printed bar numbers")
struct PrintedNumberingTests {
    /// One page whose systems hold these many bars, 40 pt wide (the first of system `s` `firstWidths[s]` wide).
    static func layout(_ systems: [Int], firstWidths: [Int: Double] = [:]) -> ScoreLayout {
        var result: [SystemLayout] = []
        for (n, count) in systems.enumerated() {
            var bars: [BarLayout] = []
            var left = 50.0
            for b in 0..<count {
                let width = b == 0 ? firstWidths[n] ?? 40 : 40
                bars.append(BarLayout(number: BarNumber(b + 1), left: left, right: left + width))
                left += width
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
        /// The width of a system's first bar, where it is not 40 pt like the others.
        var firstWidths: [Int: Double] = [:]
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
        // A page of pieces: the first prints numbers at system heads, the second every fifth bar inside systems
        // only; those agree with each other and restart the count where the second piece begins.
        Case(name: "a second piece numbered every fifth bar, starting on a system without a number", systems: [4, 4, 5, 5],
             printed: [head(4, "5"), mid(12, "5"), mid(17, "10")], firsts: ["1", "5", "1", "6"], causes: [.restart]),
        // Ending labels "1", "2" read (by OCR, say) over neighbouring bars agree with each other but are no numbers.
        Case(name: "ending labels over neighbouring bars are not a piece numbered inside its systems", systems: [5, 6, 6],
             printed: [head(5, "6"), mid(6, "1"), mid(7, "2"), head(11, "12")], firsts: ["1", "6", "12"], causes: []),
        // A trio whose first system holds 1-3 and both endings (4 and 4a): the count to the next head's 5 fits an
        // upbeat too; the trio's first bar, drawn wider than the others (clef, key and time before it), is no upbeat.
        Case(name: "a trio with both endings on its first system, its first bar full", systems: [4, 4, 5, 4],
             printed: [head(4, "5"), head(13, "5")],
             endings: [PrintedEnding(globalIndex: 11, ordinal: 1), PrintedEnding(globalIndex: 12, ordinal: 2)],
             firstWidths: [2: 60], firsts: ["1", "5", "1", "5"], causes: [.restart]),
        Case(name: "a piece with an upbeat drawn short and both endings on its first system", systems: [4, 4, 5, 4],
             printed: [head(4, "5"), head(13, "5")],
             endings: [PrintedEnding(globalIndex: 11, ordinal: 1), PrintedEnding(globalIndex: 12, ordinal: 2)],
             firstWidths: [2: 20], firsts: ["1", "5", "0", "5"], causes: [.restart]),
        // The score's first piece: 1, 2, the first ending 3 and the second 3a, then 4 at the second system's head.
        Case(name: "endings on the score's first system, its first bar full", systems: [4, 4], printed: [head(4, "4")],
             endings: [PrintedEnding(globalIndex: 2, ordinal: 1), PrintedEnding(globalIndex: 3, ordinal: 2)],
             firstWidths: [0: 60], firsts: ["1", "4"], causes: [.endings]),
        Case(name: "an upbeat drawn short before endings on the score's first system", systems: [4, 4], printed: [head(4, "4")],
             endings: [PrintedEnding(globalIndex: 2, ordinal: 1), PrintedEnding(globalIndex: 3, ordinal: 2)],
             firstWidths: [0: 20], firsts: ["0", "4"], causes: [.pickup]),
        // Piece 1 shows its second ending numbered like the first (6, 6a, 7: the head's 8 says so); piece 2, numbered
        // every fifth bar, has its second ending at the head of its last system with no number after it: 12a too.
        Case(name: "a second ending no number reaches is numbered as the score's others were", systems: [4, 4, 4, 6, 6, 3, 4, 4],
             printed: [head(4, "5"), head(8, "8"), mid(16, "5"), mid(21, "10"), head(31, "5")],
             endings: [PrintedEnding(globalIndex: 5, ordinal: 1), PrintedEnding(globalIndex: 6, ordinal: 2),
                       PrintedEnding(globalIndex: 23, ordinal: 1), PrintedEnding(globalIndex: 24, ordinal: 2)],
             firsts: ["1", "5", "8", "1", "7", "12a", "1", "5"], causes: [.endings, .restart, .restart]),
        // An upbeat and both endings on the first system (0, 1, 2, the first ending 3, the second 3a), then 4, 5: the
        // 5 printed inside the second system needs both the upbeat and the endings.
        Case(name: "an upbeat drawn short and endings repeating the first ending's number, at the score's start",
             systems: [5, 4], printed: [mid(6, "5"), mid(8, "7")],
             endings: [PrintedEnding(globalIndex: 3, ordinal: 1), PrintedEnding(globalIndex: 4, ordinal: 2)],
             firstWidths: [0: 20], firsts: ["0", "4"], causes: [.endings]),
        Case(name: "a second piece with an upbeat drawn short and endings repeating the first ending's number",
             systems: [4, 4, 5, 4], printed: [head(4, "5"), head(13, "4")],
             endings: [PrintedEnding(globalIndex: 11, ordinal: 1), PrintedEnding(globalIndex: 12, ordinal: 2)],
             firstWidths: [2: 20], firsts: ["1", "5", "0", "4"], causes: [.restart]),
        Case(name: "an opening bar the drawing cannot tell stays an upbeat", systems: [4, 4], printed: [head(4, "4")],
             endings: [PrintedEnding(globalIndex: 2, ordinal: 1), PrintedEnding(globalIndex: 3, ordinal: 2)],
             firsts: ["0", "4"], causes: [.pickup]),
    ]

    @Test(arguments: cases)
    func numbering(_ c: Case) throws {
        let layout = Self.layout(c.systems, firstWidths: c.firstWidths)
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
