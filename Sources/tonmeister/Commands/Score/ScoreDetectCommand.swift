import ArgumentParser
import Foundation
import ScoreDocument
import ScoreLayout

/// `tonmeister score detect S.pdf [--pages 1-3]`: the layout (systems, staves, bars) found on the pages.
struct ScoreDetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Detect systems, staves and bars and print the layout (the session JSON `layout` object).",
        discussion: """
            Bars are numbered as the engraver printed them (numbers read from the PDF's text: upbeats, a restart for \
            each piece, endings, numbers printed every few bars); where the print and the count of bars disagree the \
            print is followed and the report says so (`numbering` in --json). --count-bars numbers continuously from 1 \
            instead. Each page also reports a confidence.
            """
    )

    @OptionGroup var score: ScoreFileOptions

    @Option(help: "Pages to read: 3, 1-3, 2-, 1,4-5 (all when omitted).")
    var pages: PageSelection?

    @Option(help: "Resolution pages read from pixels are rendered at (scans: at least 300).")
    var dpi: Double = ScoreDocument.detectionDPI

    @Flag(help: "Read every page from pixels, born-digital pages too (a cross-check of the reading from the drawing).")
    var raster = false

    @Flag(help: "Number bars by counting from 1 through the pages, ignoring the printed numbers.")
    var countBars = false

    @Option(help: "Also write each page as PNG with the detected layout drawn on it into this directory.")
    var draw: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(dpi.isFinite && dpi >= 50 && dpi <= 600) { throw ValidationError("--dpi must be between 50 and 600") }
    }

    func run() throws {
        ScoreDocument.tuneMemoryForDetection()
        let document = try score.open()
        let wanted = try pages?.pages(count: document.pageCount)
        let detected = try document.detectLayout(pages: wanted, dpi: dpi, vector: !raster)
        for page in detected {
            if let reason = page.unreadableReason { FileHandle.standardError.write(Data("warning: page \(page.page) could not be read (\(reason))\n".utf8)) }
        }
        let layout = try DetectedLayoutFormatter(pages: detected, dpi: dpi, document: countBars ? nil : document)
        if let draw { try drawPages(document, detected, into: draw) }
        output.emit(layout.json, text: layout.text)
    }

    private func drawPages(_ document: ScoreDocument, _ detected: [DetectedPage], into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var overlays: [Int: [Overlay]] = [:]
        var number = 0
        for page in detected {
            var shapes: [Overlay] = []
            for system in page.systems {
                shapes.append(Overlay(.rectangle(origin: PagePoint(x: system.left, y: system.top), width: system.right - system.left,
                                                 height: system.bottom - system.top),
                                      stroke: .blue.opacity(0.8), fill: .blue.opacity(0.08), lineWidth: 0.8))
                for x in system.barlines {
                    number += 1
                    shapes.append(Overlay(.line(from: PagePoint(x: x, y: system.top - 6), to: PagePoint(x: x, y: system.bottom + 6)),
                                          stroke: .red.opacity(0.7), lineWidth: 1.5))
                    shapes.append(Overlay(.text(String(number), at: PagePoint(x: (system.barlines.last(where: { $0 < x }) ?? system.left) + 2, y: system.top - 4), size: 7),
                                          stroke: .red, fill: .white.opacity(0.8)))
                }
            }
            overlays[page.page] = shapes
        }
        let pages = detected.map(\.page)
        let images = try document.renderPNGs(pages: pages, dpi: 100, overlays: overlays)
        for (page, data) in zip(pages, images) {
            let path = (directory as NSString).appendingPathComponent(String(format: "page-%03d.png", page))
            do { try data.write(to: URL(fileURLWithPath: path)) } catch {
                throw CLIError.failure("cannot write \(path): \(error.localizedDescription)")
            }
        }
    }
}

/// A page list such as `1-3`, `2-`, `1,4-5`.
struct PageSelection: ExpressibleByArgument {
    var ranges: [(Int, Int?)]

    init?(argument: String) {
        var ranges: [(Int, Int?)] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Int(bounds[0]), first >= 1 else { return nil }
            if bounds.count == 1 {
                ranges.append((first, first))
            } else if bounds[1].isEmpty {
                ranges.append((first, nil))
            } else {
                guard let last = Int(bounds[1]), last >= first else { return nil }
                ranges.append((first, last))
            }
        }
        self.ranges = ranges
    }

    /// The selected pages in order, without repeats; pages past the end are an error.
    func pages(count: Int) throws -> [Int] {
        var result: [Int] = []
        for (first, last) in ranges {
            let end = last ?? count
            guard first <= count, end <= count else {
                throw CLIError.badInput("page \(max(first, end)) is out of range: the score has \(count) page\(count == 1 ? "" : "s")")
            }
            for page in first...end where !result.contains(page) { result.append(page) }
        }
        return result
    }
}
