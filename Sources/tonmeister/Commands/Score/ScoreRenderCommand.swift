import ArgumentParser
import ScoreLayout
import Foundation
import ScoreDocument

/// `tonmeister score render S.pdf --page 1 --dpi 150 -o p1.png`: pages to PNG.
struct ScoreRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a page (or every page, in parallel) to PNG.",
        discussion: """
            With --page, -o names the PNG file. Without --page every page is rendered and -o names a
            directory that receives page-001.png, page-002.png, …
            """
    )

    @OptionGroup var score: ScoreFileOptions

    @Option(help: "The page to render (1-based); all pages when omitted.")
    var page: Int?

    @Option(help: "Resolution in dots per inch.")
    var dpi: Double = 150

    @Flag(help: "Write 8-bit grayscale instead of colour.")
    var gray = false

    @Option(name: .shortAndLong, help: "Output PNG file (with --page) or directory (without).")
    var output: String

    @OptionGroup var options: OutputOptions

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page must be 1 or more") }
        if !(dpi.isFinite && dpi >= 1 && dpi <= 100_000) { throw ValidationError("--dpi must be a number from 1 to 100000, not \(dpi)") }
    }

    func run() throws {
        let document = try score.open()
        var written: [String] = []
        if let page {
            try document.writePNG(page: page, dpi: dpi, gray: gray, to: output)
            written = [output]
        } else {
            try makeOutputDirectory(output)
            let images = try document.renderPNGs(dpi: dpi, gray: gray)
            for (n, data) in images.enumerated() {
                let path = (output as NSString).appendingPathComponent(String(format: "page-%03d.png", n + 1))
                do { try data.write(to: URL(fileURLWithPath: path)) } catch {
                    throw CLIError.failure("cannot write \(path): \(error.localizedDescription)")
                }
                written.append(path)
            }
        }
        options.emit(["files": .strings(written), "dpi": .double(dpi), "gray": .bool(gray)],
                     text: written.map { "wrote \($0)" })
    }
}
