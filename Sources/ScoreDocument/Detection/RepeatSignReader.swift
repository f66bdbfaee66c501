import ScoreLayout

/// Reads the repeat signs of a born-digital page from its drawing and text, over the page's bars.
///
/// - **Repeat barlines**: two dots, one in the second and one in the third space of a staff, beside a barline with a
///   thick stroke (in at least half the staves of the system). Dots left of the barline end a repeat (the bar they
///   stand in is its last), dots right of it start one (the bar they stand in is its first; a start repeat after the
///   clef at a system's head starts the system's first bar).
/// - **Ending brackets**: a horizontal line above the system with a hook down at its left end or a label `1.`, `2.`
///   under it; it covers the bars between its ends. A bracket without a readable label counts on from the one just
///   before it; a bracket without a hook at a system's head continues the ending of the previous system.
/// - **Words**: "D.C." (da capo), "D.S." (dal segno), "Fine" and "To Coda" close the bar whose barline is nearest
///   the words; "Coda" alone opens a coda. Symbols: the segno and coda of music fonts with Unicode (SMuFL U+E047,
///   U+E048; U+1D10B, U+1D10C). A segno drawn without text is taken from a tall symbol above the staff before the
///   D.S.; a coda drawn without text is taken to begin after the bar of "D.S./D.C. al Coda".
enum RepeatSignReader {
    /// What one page gives the reader.
    struct Page {
        var layout: PageLayout
        var drawing: PageDrawing
        var words: [PageWord]
        /// Music-font characters with a Unicode meaning (one character each).
        var symbols: [PageWord]
        /// The global index of the page's first bar.
        var firstIndex: Int
    }

    /// Reads pages in score order.
    static func read(_ pages: [Page]) -> DrawnForm {
        var form = DrawnForm()
        for page in pages { read(page, into: &form) }
        addFallbacks(&form)
        form.marks.sort { ($0.bar, $0.sign.rawValue) < ($1.bar, $1.sign.rawValue) }
        return form
    }

    /// A system of the page with what the reader needs of it.
    struct System {
        var layout: SystemLayout
        var bars: [BarLayout]
        var staves: [StaffLayout]
        var firstIndex: Int
        var space: Double
        var previousBottom: Double
        var nextTop: Double
    }

    static func systems(of page: Page) -> [System] {
        var result: [System] = []
        var index = page.firstIndex
        let all = page.layout.systems
        for (s, system) in all.enumerated() {
            let bars = system.bars ?? []
            defer { index += bars.count }
            guard !bars.isEmpty else { continue }
            let staves = system.staves ?? [StaffLayout(top: system.top, bottom: system.bottom)]
            let space = max(0.5, (staves[0].bottom - staves[0].top) / 4)
            result.append(System(layout: system, bars: bars, staves: staves, firstIndex: index, space: space,
                                 previousBottom: s > 0 ? all[s - 1].bottom : -.infinity,
                                 nextTop: s + 1 < all.count ? all[s + 1].top : .infinity))
        }
        return result
    }

    static func read(_ page: Page, into form: inout DrawnForm) {
        let systems = systems(of: page)
        for system in systems {
            RepeatBarlineReader.read(system, drawing: page.drawing, symbols: page.symbols, page: page.layout.page, into: &form)
            EndingBracketReader.read(system, drawing: page.drawing, words: page.words, page: page.layout.page, into: &form)
        }
        DirectionWordReader.read(systems, page: page, into: &form)
    }

    /// Signs implied by others: a coda after "al Coda" when none was drawn as text or symbol.
    static func addFallbacks(_ form: inout DrawnForm) {
        let hasCoda = form.marks.contains { $0.sign == .coda }
        if !hasCoda, form.marks.contains(where: { $0.sign == .toCoda }),
           let jump = form.marks.last(where: { ($0.sign == .dalSegno || $0.sign == .daCapo) && $0.evidence.lowercased().contains("coda") }) {
            form.marks.append(.init(bar: jump.bar + 1, sign: .coda, page: jump.page, evidence: "after \"\(jump.evidence)\""))
        }
    }

    /// The bar of `system` that end-of-bar words at `left...right` close. Engravers set them ending at the barline
    /// (MuseScore: the right end a little past it), starting at the barline (Verovio), or starting at the bar's last
    /// note and running on over the next, maybe narrow, bar (LilyPond, abcm2ps). So, in this order: a barline the
    /// words end at (from a fifth of a space before it to most of a space past it), a barline within a space of the
    /// words' left end, the bar the words begin in when they run on more than a space past its barline, and
    /// otherwise the barline nearest either end.
    static func closingBar(_ system: System, left: Double, right: Double) -> Int {
        let space = system.space, bars = system.bars
        func nearest(_ x: Double) -> (index: Int, distance: Double) {
            var best = (index: bars.count - 1, distance: Double.infinity)
            for (k, bar) in bars.enumerated() where abs(bar.right - x) < best.distance { best = (k, abs(bar.right - x)) }
            return best
        }
        if let k = bars.indices.first(where: { right >= bars[$0].right - 0.2 * space && right <= bars[$0].right + 0.8 * space }) {
            return system.firstIndex + k
        }
        let atLeft = nearest(left), atRight = nearest(right)
        if atLeft.distance <= space { return system.firstIndex + atLeft.index }
        if let k = bars.firstIndex(where: { left >= $0.left && left < $0.right }), right > bars[k].right + space {
            return system.firstIndex + k
        }
        return system.firstIndex + (atLeft.distance <= atRight.distance ? atLeft.index : atRight.index)
    }

    /// The bar of `system` a sign at its start opens (the bar containing a point a space right of `x`).
    static func openingBar(_ system: System, x: Double) -> Int {
        system.firstIndex + (system.layout.nearestBar(to: x + system.space) ?? 0)
    }
}
