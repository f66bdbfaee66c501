import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// Which printed words count as bar numbers and ending labels: the rules on hand-built pages, and the systems' first
/// bars on real engravings where a word beside the bar number is something else (checked by eye on the PDFs).
@Suite("Printed bar numbers: what is a bar number")
struct PrintedNumberReaderTests {
    /// A page of `systems` single-staff systems 60 pt apart, each with bars 100 pt wide from x = 50, numbered on.
    static func layout(systems: Int, bars: Int) -> ScoreLayout {
        var number = 1
        let page = PageLayout(page: 1, systems: (0..<systems).map { s in
            let top = 100 + 60 * Double(s)
            return SystemLayout(top: top, bottom: top + 16, staves: [StaffLayout(top: top, bottom: top + 16)],
                                bars: (0..<bars).map { b in
                                    defer { number += 1 }
                                    return BarLayout(number: BarNumber(number), left: 50 + 100 * Double(b), right: 150 + 100 * Double(b))
                                })
        })
        return ScoreLayout(pages: [page])
    }

    /// A word of `height` whose box ends 2 pt above `y`.
    static func word(_ text: String, x: Double, above y: Double, height: Double = 7) -> PageWord {
        PageWord(text: text, left: x, top: y - 2 - height, right: x + 5 * Double(text.count), bottom: y - 2)
    }

    @Test("an ending label after the clef loses to the bar number at the staff's left end, and is read as an ending")
    func endingLabelAtHead() {
        let layout = Self.layout(systems: 2, bars: 3)
        // System 2 prints its bar number 4 at the staff's start and the second ending's "2" after the clef, lower.
        let words = [Self.word("4", x: 50, above: 160), Self.word("2", x: 77, above: 161, height: 10)]
        let reading = PrintedNumberReader.read(layout: layout, words: [1: words])
        #expect(reading.numbers.map(\.number.description) == ["4"])
        #expect(reading.endings == [PrintedEnding(globalIndex: 3, ordinal: 2)])
    }

    @Test("an undotted digit after the clef without a bar number beside it is no ending")
    func loneDigitAtHead() {
        let reading = PrintedNumberReader.read(layout: Self.layout(systems: 2, bars: 3), words: [1: [Self.word("2", x: 77, above: 161)]])
        #expect(reading.endings.isEmpty)
    }

    @Test("a number set larger than the page's bar numbers is a page number")
    func pageNumber() {
        let layout = Self.layout(systems: 4, bars: 3)
        // Systems 2-4 print 4, 7, 10 (7 pt); a page number "2" (10 pt) stands over the first system, far above.
        let words = [Self.word("2", x: 50, above: 60, height: 10), Self.word("4", x: 40, above: 160),
                     Self.word("7", x: 40, above: 220), Self.word("10", x: 35, above: 280)]
        let reading = PrintedNumberReader.read(layout: layout, words: [1: words])
        #expect(reading.numbers.map(\.number.description) == ["4", "7", "10"])
    }

    @Test("\"(1)\" over an upbeat, with 1 over the next bar, names the bar in progress, not the upbeat")
    func barInProgress() {
        let layout = Self.layout(systems: 2, bars: 3)
        let words = [Self.word("(1)", x: 70, above: 100), Self.word("1", x: 148, above: 100), Self.word("2", x: 248, above: 100)]
        let reading = PrintedNumberReader.read(layout: layout, words: [1: words])
        #expect(reading.numbers.map(\.number.description) == ["1", "2"])
        #expect(reading.numbers.map(\.globalIndex) == [1, 2])
        // Alone (a bar broken across systems), a number in parentheses stays.
        let alone = PrintedNumberReader.read(layout: layout, words: [1: [Self.word("(7)", x: 50, above: 160)]])
        #expect(alone.numbers.map(\.number.description) == ["7"])
    }

    @Test("a drawn ending bracket begins an ending, and the small number under its start is its label")
    func drawnBrackets() {
        var reading = PrintedNumberReader.Reading()
        reading.numbers = [PrintedBarNumber(globalIndex: 4, number: BarNumber(5), atSystemStart: true),
                           PrintedBarNumber(globalIndex: 9, number: BarNumber(2), atSystemStart: true),
                           PrintedBarNumber(globalIndex: 10, number: BarNumber(10), atSystemStart: false)]
        reading.endings = [PrintedEnding(globalIndex: 8, ordinal: 1)]
        let brackets = [DrawnForm.Ending(first: 8, last: 8, passes: [1], page: 1), DrawnForm.Ending(first: 9, last: 9, passes: [2], page: 1),
                        DrawnForm.Ending(first: 10, last: 10, passes: [3], page: 1)]
        let joined = reading.with(brackets: brackets)
        #expect(joined.numbers.map(\.number.description) == ["5", "10"])
        #expect(joined.endings == [PrintedEnding(globalIndex: 8, ordinal: 1), PrintedEnding(globalIndex: 9, ordinal: 2),
                                   PrintedEnding(globalIndex: 10, ordinal: 3)])
    }

    /// (folder/file, page, each system's first bar as printed; checked by eye on the PDF).
    static let engravings: [(String, Int, [String])] = [
        // abcm2ps numbers a second ending like the first (7, 7, 8) and prints its "2" right of the bar number 15
        // at the last system's head: 15 is the number, "2" the second ending (15a here).
        ("form/abcm2ps-endings", 1, ["1", "5", "8", "12", "15a"]),
        ("numbering/tunes-a", 1, ["0", "5", "8", "12", "1", "6", "11", "0", "5"]),
        // LilyPond's page number "2", larger, stands over page 2's first system, which prints no number.
        ("numbering/book-pages", 2, ["0", "4", "7"]),
        ("numbering/book-pages", 1, ["1", "5", "9"]),
    ]

    @Test("each system's first bar gets the printed number", arguments: engravings)
    func engraved(file: String, page: Int, expected: [String]) throws {
        let url = DetectionCorpusTests.corpus.appendingPathComponent(file + ".pdf")
        let document = try ScoreDocument(path: url.path)
        let layout = try document.numberedAsPrinted(try ScoreLayout(detected: try document.detectLayout())).layout
        let firsts = (layout.page(page)?.systems ?? []).compactMap { $0.bars?.first?.number.description }
        #expect(firsts == expected, "\(file) p\(page)")
    }
}
