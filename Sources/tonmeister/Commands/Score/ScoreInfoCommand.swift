import ArgumentParser
import ScoreLayout
import ScoreDocument

/// `tonmeister score info S.pdf`: page count and page sizes in points.
struct ScoreInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the page count and the size of every page in points (after /Rotate)."
    )

    @OptionGroup var score: ScoreFileOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let document = try score.open()
        output.emit(
            ["file": .string(score.file), "pageCount": .int(document.pageCount),
             "pages": .array(document.pageSizes.enumerated().map { n, size in
                 ["page": .int(n + 1), "width": .double(rounded(size.width)), "height": .double(rounded(size.height))]
             })],
            text: ["\(score.file): \(document.pageCount) page\(document.pageCount == 1 ? "" : "s")"]
                + document.pageSizes.enumerated().map { n, size in
                    "  page \(n + 1): \(rounded(size.width)) × \(rounded(size.height)) pt"
                }
        )
    }
}

/// Rounds to hundredths of a point for printing.
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
