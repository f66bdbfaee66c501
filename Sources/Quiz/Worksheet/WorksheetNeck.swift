import Fretboard
import ScoreLayout

/// A neck diagram drawn as page overlays for a worksheet, laid out like ``NeckDiagram``'s SVG: frets as columns
/// (nut on the left, the open strings before it), string 1 at the bottom, inlay dots, fret numbers below, each
/// string labelled with its number and open note at the left.
package struct WorksheetNeck: Sendable {
    /// How a marked cell is drawn.
    package enum Style: Sendable, Hashable {
        /// The given root: a filled circle with its note.
        case root
        /// The cell asked about: an open circle with a question mark (or other text).
        case target
        /// An answer cell: an open circle with a heavy outline and the note.
        case answer
    }

    /// A marked cell and the text written in it.
    package struct Mark: Sendable, Hashable {
        package let cell: FretCell
        package let text: String
        package let style: Style
        /// A mark of `style` on `cell` reading `text`.
        package init(_ cell: FretCell, _ text: String, _ style: Style) { (self.cell, self.text, self.style) = (cell, text, style) }
    }

    package let neck: Neck
    package let frets: ClosedRange<Int>
    package let marks: [Mark]

    /// The widest a fret column gets, in points (short fret ranges do not stretch across the page).
    private static let maximumFretGap = 30.0
    /// The type size of the string labels.
    private static let labelSize = 7.0

    /// A diagram of `frets` on `neck` with `marks` drawn on their cells.
    package init(neck: Neck, frets: ClosedRange<Int>, marks: [Mark]) {
        self.neck = neck
        self.frets = frets
        self.marks = marks
    }

    private var stringGap: Double { neck.stringCount <= 6 ? 13 : neck.stringCount <= 8 ? 12 : 10 }
    private var showsNut: Bool { frets.lowerBound == 0 }
    private var fretted: [Int] { Array(frets).filter { !(showsNut && $0 == 0) } }

    /// The height the diagram takes, in points.
    package var height: Double { 8 + Double(neck.stringCount - 1) * stringGap + 19 }

    /// The width of the string labels at the left.
    private var labelWidth: Double {
        let widest = (1...neck.stringCount).map { s in
            WorksheetFont.width(String(s), size: Self.labelSize, bold: true) + 2.5
                + WorksheetFont.width(neck.tuning.strings[s - 1].open.description, size: Self.labelSize)
        }.max() ?? 20
        return widest + 6
    }

    /// The diagram's overlays for a space `width` points wide, from its top-left corner.
    package func draw(width: Double) -> WorksheetCanvas {
        var c = WorksheetCanvas()
        let n = neck.stringCount
        let openWidth = showsNut ? 17.0 : 0
        let labels = labelWidth
        let count = Double(max(1, fretted.count))
        let gap = min(Self.maximumFretGap, max(8, (width - labels - openWidth - 2) / count))
        let neckLeft = labels + openWidth
        let neckRight = neckLeft + Double(fretted.count) * gap
        let top = 8.0
        func y(_ string: Int) -> Double { top + Double(n - string) * stringGap }
        func x(_ fret: Int) -> Double {
            if showsNut && fret == 0 { return neckLeft - openWidth / 2 - 1 }
            return neckLeft + (Double(fretted.firstIndex(of: fret) ?? 0) + 0.5) * gap
        }
        let radius = min(6.4, gap * 0.42, stringGap * 0.49)
        // Inlays between the middle strings, as on the neck (a pair at the octave).
        let middle = (y(n) + y(1)) / 2
        for f in fretted {
            let r = f % 12
            if [3, 5, 7, 9].contains(r) || (r == 0 && n < 4) {
                c.circle(x: x(f), y: middle, radius: 2.4, stroke: nil, fill: WorksheetCanvas.Ink.light)
            } else if r == 0 {
                c.circle(x: x(f), y: middle - stringGap, radius: 2.4, stroke: nil, fill: WorksheetCanvas.Ink.light)
                c.circle(x: x(f), y: middle + stringGap, radius: 2.4, stroke: nil, fill: WorksheetCanvas.Ink.light)
            }
        }
        // Fret wires, then the nut (or the first fret wire of a range above the nut).
        for i in fretted.indices {
            let fx = neckLeft + Double(i + 1) * gap
            c.line(fx, y(n), fx, y(1), width: 0.8, colour: WorksheetCanvas.Ink.rule)
        }
        c.line(neckLeft, y(n) - 0.5, neckLeft, y(1) + 0.5, width: showsNut ? 3 : 0.8,
               colour: showsNut ? WorksheetCanvas.Ink.text : WorksheetCanvas.Ink.rule)
        // Strings, heavier toward string 1; a string that starts higher up the neck (banjo 5th) starts at its fret.
        for s in 1...n {
            let first = neck.tuning.strings[s - 1].firstFret
            guard first <= frets.upperBound else { continue }
            var from = neckLeft
            if first > frets.lowerBound, let index = fretted.firstIndex(of: first) { from = neckLeft + Double(index + 1) * gap }
            let weight = 0.5 + 0.9 * Double(n - s) / Double(max(1, n - 1))
            c.line(from, y(s), neckRight, y(s), width: weight, colour: OverlayColor(red: 0.25, green: 0.25, blue: 0.25))
            let name = neck.tuning.strings[s - 1].open.description
            let nameRight = labels - 6
            c.text(name, x: nameRight, y: y(s) + 2.5, size: Self.labelSize, colour: WorksheetCanvas.Ink.muted, alignment: .right)
            c.text(String(s), x: nameRight - WorksheetFont.width(name, size: Self.labelSize) - 2.5, y: y(s) + 2.5,
                   size: Self.labelSize, bold: true, alignment: .right)
        }
        // Fret numbers under the neck.
        let numberSize = gap < 14 ? 6.0 : 7.0
        for f in frets {
            c.text(String(f), x: x(f), y: y(1) + radius + 9, size: numberSize, colour: WorksheetCanvas.Ink.muted, alignment: .center)
        }
        for mark in marks where frets.contains(mark.cell.fret) && (1...n).contains(mark.cell.string) {
            draw(mark, at: x(mark.cell.fret), y(mark.cell.string), radius: radius, on: &c)
        }
        return c
    }

    private func draw(_ mark: Mark, at cx: Double, _ cy: Double, radius: Double, on c: inout WorksheetCanvas) {
        let ink = WorksheetCanvas.Ink.text
        switch mark.style {
        case .root: c.circle(x: cx, y: cy, radius: radius, stroke: ink, fill: ink, lineWidth: 0.8)
        case .target: c.circle(x: cx, y: cy, radius: radius, stroke: ink, fill: .white, lineWidth: 1)
        case .answer: c.circle(x: cx, y: cy, radius: radius, stroke: ink, fill: .white, lineWidth: 1.6)
        }
        let unit = WorksheetFont.width(mark.text, size: 1, bold: true)
        let size = min(7.5, unit > 0 ? radius * 1.6 / unit : 7.5)
        c.text(mark.text, x: cx, y: cy + size * 0.36, size: size, bold: true,
               colour: mark.style == .root ? .white : ink, alignment: .center)
    }
}
