import ScoreLayout

/// Reads D.C., D.S., Fine, To Coda and Coda from a page's words, and the segno and coda from its music-font symbols.
enum DirectionWordReader {
    /// Words on one line that follow one another closely: "D.C. al Fine".
    struct Phrase {
        var text: String
        var left: Double, top: Double, right: Double, bottom: Double
        var midY: Double { (top + bottom) / 2 }
    }

    /// The SMuFL and Unicode code points of the segno and the coda.
    static let segnoSymbols: Set<Unicode.Scalar> = ["\u{E047}", "\u{E04A}", "\u{E04B}", "\u{1D10B}"]
    static let codaSymbols: Set<Unicode.Scalar> = ["\u{E048}", "\u{E049}", "\u{1D10C}"]

    static func read(_ systems: [RepeatSignReader.System], page: RepeatSignReader.Page, into form: inout DrawnForm) {
        guard !systems.isEmpty else { return }
        let phrases = phrases(page.words)
        var words: [(Phrase, RepeatSignReader.System)] = []
        for phrase in phrases { if let system = owner(phrase, systems) { words.append((phrase, system)) } }
        var jumps: [(bar: Int, sign: DrawnForm.Sign)] = []
        for (phrase, system) in words {
            guard let sign = sign(of: phrase.text) else { continue }
            let bar = sign == .coda ? RepeatSignReader.openingBar(system, x: phrase.left)
                : RepeatSignReader.closingBar(system, left: phrase.left, right: phrase.right)
            form.marks.append(.init(bar: bar, sign: sign, page: page.layout.page, evidence: phrase.text))
            jumps.append((bar, sign))
        }
        for symbol in page.symbols {
            guard let scalar = symbol.text.unicodeScalars.first else { continue }
            let phrase = Phrase(text: symbol.text, left: symbol.left, top: symbol.top, right: symbol.right, bottom: symbol.bottom)
            guard let system = owner(phrase, systems) else { continue }
            let isSegno = segnoSymbols.contains(scalar), isCoda = codaSymbols.contains(scalar)
            guard isSegno || isCoda else { continue }
            // A coda symbol beside "To Coda" belongs to those words.
            if isCoda, words.contains(where: { w in
                abs(w.0.midY - phrase.midY) <= 2 * system.space && min(abs(w.0.left - phrase.right), abs(phrase.left - w.0.right)) <= 3 * system.space
                    && sign(of: w.0.text) == .toCoda
            }) { continue }
            // Centred on the barline of the bar it opens, or over that bar's start.
            form.marks.append(.init(bar: RepeatSignReader.openingBar(system, x: symbol.midX), sign: isSegno ? .segno : .coda,
                                    page: page.layout.page, evidence: isSegno ? "segno symbol" : "coda symbol"))
        }
        // A D.S. on this page without a segno read anywhere: a tall symbol above the staff before it.
        if let ds = form.marks.first(where: { $0.sign == .dalSegno && $0.page == page.layout.page }),
           !form.marks.contains(where: { $0.sign == .segno }),
           let segno = drawnSegno(systems, drawing: page.drawing, words: page.words, before: ds.bar) {
            form.marks.append(.init(bar: segno, sign: .segno, page: page.layout.page, evidence: "symbol above the staff"))
        }
    }

    /// The sign a phrase names, nil for other words.
    static func sign(of text: String) -> DrawnForm.Sign? {
        let key = text.lowercased().filter { $0.isLetter }
        let dotted = text.lowercased().replacingSpaces()
        if dotted.hasPrefix("d.c.") || key.hasPrefix("dacapo") || key == "dc" || key.hasPrefix("dcal") { return .daCapo }
        if dotted.hasPrefix("d.s.") || key.hasPrefix("dalsegno") || key == "ds" || key.hasPrefix("dsal") { return .dalSegno }
        if key == "fine" { return .fine }
        if key == "tocoda" || key == "alcoda" { return .toCoda }
        if key == "coda" { return .coda }
        return nil
    }

    /// Words joined into phrases: same line, gaps under a word's height.
    static func phrases(_ words: [PageWord]) -> [Phrase] {
        var phrases: [Phrase] = []
        for word in words.sorted(by: { ($0.top, $0.left) < ($1.top, $1.left) }) {
            if let n = phrases.lastIndex(where: {
                abs($0.bottom - word.bottom) <= 0.3 * word.height && word.left >= $0.left && word.left - $0.right <= 1.2 * word.height
            }) {
                phrases[n].text += " " + word.text
                phrases[n].right = max(phrases[n].right, word.right)
                phrases[n].top = min(phrases[n].top, word.top)
                phrases[n].bottom = max(phrases[n].bottom, word.bottom)
            } else {
                phrases.append(Phrase(text: word.text, left: word.left, top: word.top, right: word.right, bottom: word.bottom))
            }
        }
        return phrases
    }

    /// The system a phrase belongs to: the nearest, within six staff spaces above its top or below its bottom, and
    /// horizontally over its bars.
    static func owner(_ phrase: Phrase, _ systems: [RepeatSignReader.System]) -> RepeatSignReader.System? {
        var best: (RepeatSignReader.System, Double)?
        for system in systems {
            let top = system.layout.top, bottom = system.layout.bottom
            let d = phrase.midY < top ? top - phrase.midY : phrase.midY > bottom ? phrase.midY - bottom : 0
            guard d <= 8 * system.space, phrase.right >= system.bars[0].left, phrase.left <= system.bars.last!.right + 4 * system.space
            else { continue }
            if best == nil || d < best!.1 { best = (system, d) }
        }
        return best?.0
    }

    /// The bar opened by a symbol drawn above a system's top staff, two to five spaces tall and narrower than tall
    /// (a segno), in the bars before `before`: the bar its middle opens (LilyPond centres it on the barline); nil
    /// when there is none.
    static func drawnSegno(_ systems: [RepeatSignReader.System], drawing: PageDrawing, words: [PageWord], before: Int) -> Int? {
        for system in systems where system.firstIndex <= before {
            let space = system.space, top = system.staves[0].top
            let candidates = drawing.boxes.filter { box in
                box.exact && box.maxY <= top + 0.5 * space && box.minY >= top - 8 * space && box.height >= 2 * space
                    && box.height <= 5 * space && box.width >= 0.8 * space && box.width <= 0.85 * box.height
                    && box.minX >= system.bars[0].left && !words.contains { $0.left < box.maxX && $0.right > box.minX && $0.top < box.maxY && $0.bottom > box.minY }
            }.sorted { $0.minX < $1.minX }
            for box in candidates {
                let bar = RepeatSignReader.openingBar(system, x: (box.minX + box.maxX) / 2)
                if bar < before { return bar }
            }
        }
        return nil
    }
}

private extension String {
    func replacingSpaces() -> String { filter { $0 != " " } }
}
