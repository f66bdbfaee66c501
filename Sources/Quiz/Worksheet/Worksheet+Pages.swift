import ScoreLayout

extension Worksheet {
    /// Type sizes and spacing in points.
    private enum Metric {
        static let title = 19.0, heading = 16.0, body = 10.5, key = 10.0, small = 9.0, footer = 8.0
        static let line = 14.5, keyLine = 13.5, smallLine = 12.0
        static let questionGap = 16.0
    }

    /// Where question text starts, after the widest question number (the number ends 6 points before it).
    private var indent: Double {
        max(24, WorksheetFont.width("\(quiz.questions.count).", size: Metric.body, bold: true) + 8).rounded(.up)
    }

    /// The width of the widest multiple-choice option on the sheet, so options line up in the same columns throughout.
    private var widestOption: Double {
        quiz.questions.flatMap(Self.options).map { WorksheetFont.width($0, size: Metric.body) }.max() ?? 0
    }

    /// The worksheet as pages of overlays: a header with the title, a name and date line and instructions, the
    /// questions flowing over as many pages as they need (a question is never split), then the answer key from a
    /// new page; every page has a footer with its number.
    public func layout(paper: WorksheetPaper = .a4) -> WorksheetLayout {
        var composer = WorksheetComposer(paper: paper)
        let width = composer.width
        let (header, headerHeight) = self.header(width: width)
        composer.place(header, height: headerHeight, gap: 18)
        for (index, question) in quiz.questions.enumerated() {
            let (block, height) = questionBlock(question, index: index, width: width)
            composer.place(block, height: height, gap: Metric.questionGap)
        }
        composer.newPage()
        let keyPage = composer.pages.count
        let (keyHeader, keyHeaderHeight) = self.keyHeader(width: width)
        composer.place(keyHeader, height: keyHeaderHeight, gap: 16)
        var start = 0
        while start < quiz.questions.count {
            if quiz.questions[start].task == .find {
                let (block, height) = keyBlock(quiz.questions[start], index: start, width: width)
                composer.place(block, height: height, gap: 12)
                start += 1
                continue
            }
            var end = start
            while end < quiz.questions.count && quiz.questions[end].task != .find { end += 1 }
            for (block, height) in keyRows(start..<end, width: width) { composer.place(block, height: height, gap: 6) }
            start = end
        }
        let count = composer.pages.count
        for page in 0..<count {
            let part = (page + 1 >= keyPage ? " · answer key" : "") + " · page \(page + 1) of \(count)"
            let name = WorksheetFont.truncated(title, width: width - WorksheetFont.width(part, size: Metric.footer), size: Metric.footer)
            composer.draw(on: page) { c in
                c.text(name + part, x: paper.width / 2, y: paper.height - 34,
                       size: Metric.footer, colour: WorksheetCanvas.Ink.muted, alignment: .center)
            }
        }
        return WorksheetLayout(paper: paper, pages: composer.pages.map(\.overlays), answerKeyPage: keyPage)
    }

    /// The title, subtitle, name and date line, instructions and a rule.
    private func header(width: Double) -> (WorksheetCanvas, Double) {
        var c = WorksheetCanvas()
        var y = 0.0
        for line in WorksheetFont.wrap(title, width: width, size: Metric.title, bold: true) {
            y += Metric.title * 1.15
            c.text(line, x: 0, y: y - 4, size: Metric.title, bold: true)
        }
        y += 12
        c.text(subtitle, x: 0, y: y, size: Metric.small, colour: WorksheetCanvas.Ink.muted)
        y += 26
        let split = (width * 0.62).rounded()
        c.text("Name", x: 0, y: y, size: Metric.body)
        c.line(WorksheetFont.width("Name", size: Metric.body) + 6, y + 2, split, y + 2, width: 0.6)
        let dateX = split + 18
        c.text("Date", x: dateX, y: y, size: Metric.body)
        c.line(dateX + WorksheetFont.width("Date", size: Metric.body) + 6, y + 2, width, y + 2, width: 0.6)
        let instructions = self.instructions
        if !instructions.isEmpty {
            y += 8
            for line in WorksheetFont.wrap(instructions, width: width, size: Metric.small) {
                y += Metric.smallLine
                c.text(line, x: 0, y: y, size: Metric.small, colour: WorksheetCanvas.Ink.muted)
            }
        }
        y += 10
        c.line(0, y, width, y, width: 0.6, colour: WorksheetCanvas.Ink.rule)
        return (c, y)
    }

    /// The number and the prompt, then the audio files, the neck, the options or an answer blank.
    private func questionBlock(_ question: Question, index: Int, width: Double) -> (WorksheetCanvas, Double) {
        var c = WorksheetCanvas()
        let textWidth = width - indent
        var y = numbered(index, question.prompt, width: textWidth, size: Metric.body, lineHeight: Metric.line, on: &c)
        if let audio = audioLine(index) {
            for line in WorksheetFont.wrap(audio, width: textWidth, size: Metric.small) {
                y += Metric.smallLine
                c.text(line, x: indent, y: y, size: Metric.small, colour: WorksheetCanvas.Ink.muted)
            }
        }
        y += 4
        if question.kind == .fretboardInterval, let neck {
            let diagram = WorksheetNeck(neck: neck, frets: quiz.spec.frets, marks: Self.questionMarks(question))
            y += 4
            c.append(diagram.draw(width: textWidth), dx: indent, dy: y)
            y += diagram.height
        }
        if !question.choices.isEmpty {
            y = options(Self.options(question), top: y + 4, width: textWidth, on: &c)
        } else if question.task != .find {
            y += 16
            let label = "Answer:"
            c.text(label, x: indent, y: y, size: Metric.body, colour: WorksheetCanvas.Ink.muted)
            let start = indent + WorksheetFont.width(label, size: Metric.body) + 6
            c.line(start, y + 2, min(width, start + 150), y + 2, width: 0.6)
            y += 4
        }
        return (c, y)
    }

    /// Multiple-choice options in columns, each with a box to tick; returns the bottom.
    private func options(_ options: [String], top: Double, width: Double, on c: inout WorksheetCanvas) -> Double {
        let box = 9.0
        let column = max(64, box + 6 + widestOption + 22)
        let most = max(1, min(options.count, Int(width / column)))
        let rows = (options.count + most - 1) / most
        let columns = (options.count + rows - 1) / rows   // 8 options in two rows of 4, not 5 and 3
        var bottom = top
        for (i, option) in options.enumerated() {
            let x = indent + Double(i % columns) * column
            let baseline = top + 12 + Double(i / columns) * 18
            c.rectangle(x: x, y: baseline - box + 0.5, width: box, height: box, lineWidth: 0.8)
            c.text(option, x: x + box + 6, y: baseline, size: Metric.body)
            bottom = baseline + 4
        }
        return bottom
    }

    /// "Answer key", the title and subtitle, and a rule.
    private func keyHeader(width: Double) -> (WorksheetCanvas, Double) {
        var c = WorksheetCanvas()
        c.text("Answer key", x: 0, y: 15, size: Metric.heading, bold: true)
        var y = 15.0
        for line in WorksheetFont.wrap("\(title) · \(subtitle)", width: width, size: Metric.small) {
            y += Metric.smallLine + (y == 15 ? 4 : 0)
            c.text(line, x: 0, y: y, size: Metric.small, colour: WorksheetCanvas.Ink.muted)
        }
        y += 9
        c.line(0, y, width, y, width: 0.6, colour: WorksheetCanvas.Ink.rule)
        return (c, y)
    }

    /// Answers without a neck, in rows of up to three columns when they are short enough (1 2 3 / 4 5 6 …),
    /// one block per row; one answer per row, wrapped, when they are not.
    private func keyRows(_ range: Range<Int>, width: Double) -> [(WorksheetCanvas, Double)] {
        let answers = range.map { ($0, Self.keyAnswer(quiz.questions[$0])) }
        let widest = answers.map { WorksheetFont.width($0.1, size: Metric.key) }.max() ?? 0
        let gutter = 20.0
        let columns = max(1, min(3, Int((width + gutter) / (indent + widest + gutter))))
        guard columns > 1 else { return range.map { keyBlock(quiz.questions[$0], index: $0, width: width) } }
        let pitch = (width + gutter) / Double(columns)
        return stride(from: 0, to: answers.count, by: columns).map { first in
            var c = WorksheetCanvas()
            for (k, (index, answer)) in answers[first..<min(first + columns, answers.count)].enumerated() {
                let x = Double(k) * pitch
                c.text("\(index + 1).", x: x + indent - 6, y: Metric.key, size: Metric.key, bold: true, alignment: .right)
                c.text(answer, x: x + indent, y: Metric.key, size: Metric.key)
            }
            return (c, Metric.key * 1.3)
        }
    }

    /// The number and the answer; for a "find" question the neck with every answer cell marked.
    private func keyBlock(_ question: Question, index: Int, width: Double) -> (WorksheetCanvas, Double) {
        var c = WorksheetCanvas()
        let textWidth = width - indent
        var y = numbered(index, Self.keyAnswer(question), width: textWidth, size: Metric.key, lineHeight: Metric.keyLine, on: &c)
        if question.task == .find, let neck {
            let diagram = WorksheetNeck(neck: neck, frets: quiz.spec.frets, marks: Self.keyMarks(question))
            y += 8
            c.append(diagram.draw(width: textWidth), dx: indent, dy: y)
            y += diagram.height
        }
        return (c, y)
    }

    /// "3." in bold ending before the indent and `text` wrapped beside it; returns the bottom of the text.
    private func numbered(_ index: Int, _ text: String, width: Double, size: Double, lineHeight: Double,
                          on c: inout WorksheetCanvas) -> Double {
        c.text("\(index + 1).", x: indent - 6, y: size, size: size, bold: true, alignment: .right)
        var baseline = size
        for (i, line) in WorksheetFont.wrap(text, width: width, size: size).enumerated() {
            baseline = size + Double(i) * lineHeight
            c.text(line, x: indent, y: baseline, size: size)
        }
        return baseline + size * 0.3
    }
}
