import ArgumentParser
import Foundation
import Quiz
import ScoreDocument

/// `--worksheet FILE.pdf|FILE.md [--paper a4|letter] [--worksheet-title TEXT]`: also write the quiz as a printable
/// worksheet with an answer key.
struct QuizWorksheet: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a printable worksheet with an answer key: FILE.pdf or FILE.md.",
                               valueName: "file"))
    var worksheet: String?

    @Option(help: "The paper of a PDF worksheet: a4 (default) or letter.")
    var paper: WorksheetPaper?

    @Option(name: .customLong("worksheet-title"), help: "The worksheet's title (default: \"\(Worksheet.defaultTitle)\").")
    var title: String?

    /// The kinds of file a worksheet is written as, by extension.
    enum Format { case pdf, markdown }

    /// The format `--worksheet` names by its extension, or nil without `--worksheet`.
    var format: Format? {
        get throws {
            guard let worksheet else { return nil }
            switch URL(fileURLWithPath: worksheet).pathExtension.lowercased() {
            case "pdf": return .pdf
            case "md", "markdown": return .markdown
            default:
                throw ValidationError("--worksheet writes a .pdf or a .md file; '\(worksheet)' is neither")
            }
        }
    }

    func validate() throws {
        let format = try self.format
        if paper != nil && format != .pdf { throw ValidationError("--paper goes with --worksheet FILE.pdf") }
        if let title {
            if format == nil { throw ValidationError("--worksheet-title goes with --worksheet FILE") }
            if title.allSatisfy(\.isWhitespace) { throw ValidationError("--worksheet-title is empty") }
        }
    }

    /// Writes the worksheet of `quiz` when `--worksheet` was given and reports it on standard error, so standard
    /// output stays the quiz's text or JSON. `audio` names the audio files of each question (by 0-based index) in
    /// `audioDirectory`; the sheet names them by their path from the worksheet's directory (Markdown links work).
    func write(_ quiz: Quiz, audio: [Int: [String]] = [:], audioDirectory: String? = nil) throws {
        guard let path = worksheet, let format = try self.format else { return }
        var files = audio
        if let audioDirectory {
            let from = URL(fileURLWithPath: path).deletingLastPathComponent()
            let prefix = Self.relativePath(of: URL(fileURLWithPath: audioDirectory, isDirectory: true), from: from)
            files = audio.mapValues { names in names.map { prefix.isEmpty ? $0 : prefix + "/" + $0 } }
        }
        let sheet = try Worksheet(quiz: quiz, title: title, audio: files)
        let report: String
        switch format {
        case .markdown:
            try writeText(sheet.markdown(), to: path)
            report = "wrote \(path): Markdown worksheet, answer key after the page break"
        case .pdf:
            let paper = self.paper ?? .a4
            let layout = sheet.layout(paper: paper)
            try BlankPDF.write(pages: layout.pages, size: PageSize(width: paper.width, height: paper.height),
                               title: sheet.title, to: path)
            let count = layout.pages.count
            report = "wrote \(path): \(count) page\(count == 1 ? "" : "s") (\(paper)), answer key from page \(layout.answerKeyPage)"
        }
        printNote(report)
    }

    /// The path of `target` from the directory `base` ("" when they are the same, "audio", "../audio").
    static func relativePath(of target: URL, from base: URL) -> String {
        let to = target.standardizedFileURL.pathComponents, from = base.standardizedFileURL.pathComponents
        var common = 0
        while common < to.count && common < from.count && to[common] == from[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }
}

extension WorksheetPaper: ExpressibleByArgument {}
