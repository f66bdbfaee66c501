import Fretboard

extension Worksheet {
    /// The raw HTML line that starts the answer key on a new printed page (HTML, browsers' print, pandoc to HTML
    /// or to PDF through a browser engine); Markdown viewers show nothing for it.
    public static let markdownPageBreak = "<div style=\"page-break-before: always\"></div>"

    /// The worksheet as Markdown (CommonMark): `# title`, the subtitle, a name and date line, the instructions,
    /// the questions as a numbered list (answer blanks, `- [ ]` options, audio files as links, necks as ASCII
    /// diagrams in `text` code blocks), then ``markdownPageBreak`` and `## Answer key` with the answers (and the
    /// answer necks of "find" questions).
    public func markdown() -> String {
        var lines = ["# \(Self.escaped(title))", "", subtitle, "", "Name: ______________________________   Date: ______________", ""]
        if !instructions.isEmpty { lines += ["*\(Self.escaped(instructions))*", ""] }
        for (index, question) in quiz.questions.enumerated() {
            let marker = "\(index + 1). "
            let pad = String(repeating: " ", count: marker.count)
            lines.append(marker + Self.escaped(question.prompt))
            var body: [String] = []
            if let files = audio[index], !files.isEmpty {
                body.append("Audio: " + files.map(Self.link).joined(separator: ", "))
            }
            if question.kind == .fretboardInterval, let neck {
                body.append(Self.codeBlock(neckText(neck, marks: Self.questionMarks(question))))
            }
            if !question.choices.isEmpty {
                body.append(Self.options(question).map { "- [ ] " + Self.escaped($0) }.joined(separator: "\n"))
            } else if question.task != .find {
                body.append("Answer: ____________")
            }
            for part in body {
                lines.append("")
                lines += part.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
            }
            lines.append("")
        }
        lines += [Self.markdownPageBreak, "", "## Answer key", "", "*\(Self.escaped(title)) · \(subtitle)*", ""]
        for (index, question) in quiz.questions.enumerated() {
            let marker = "\(index + 1). "
            lines.append(marker + Self.escaped(Self.keyAnswer(question)))
            if question.task == .find, let neck {
                let pad = String(repeating: " ", count: marker.count)
                lines.append("")
                lines += Self.codeBlock(neckText(neck, marks: Self.keyMarks(question))).split(separator: "\n").map { pad + $0 }
                lines.append("")
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The ASCII neck of the quiz's fret range with the marks written on their cells.
    private func neckText(_ neck: Neck, marks: [WorksheetNeck.Mark]) -> String {
        var byCell: [FretCell: String] = [:]
        for mark in marks where byCell[mark.cell] == nil { byCell[mark.cell] = mark.text }
        return NeckDiagram.ascii(marks: byCell, on: neck, frets: quiz.spec.frets)
    }

    private static func codeBlock(_ text: String) -> String {
        "```text\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "```"
    }

    /// A file name as a relative link (in angle brackets when it has spaces or parentheses).
    private static func link(_ file: String) -> String {
        let target = file.contains(where: { " ()".contains($0) }) ? "<\(file)>" : file
        return "[\(escaped(file))](\(target))"
    }

    /// Text with the characters Markdown would read as formatting escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_[]<>".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
