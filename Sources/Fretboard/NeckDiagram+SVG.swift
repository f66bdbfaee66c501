extension NeckDiagram {
    private static let fretGap = 58.0, stringGap = 28.0, left = 64.0, top = 58.0, dot = 11.5

    /// A printable SVG neck: frets as columns (nut on the left, or on the right for a left-handed neck), string 1
    /// at the bottom, inlay dots, fret numbers, each cell a circle with its interval or note, the root in red.
    public func svg(title: String? = nil) -> String {
        let n = neck.stringCount
        let showsNut = frets.lowerBound == 0
        let fretted = Array(frets).filter { !(showsNut && $0 == 0) }
        let count = Double(fretted.count)
        let openSpace = showsNut ? 40.0 : 0
        let neckLeft = Self.left + openSpace
        let neckRight = neckLeft + count * Self.fretGap
        let heading = title ?? "\(pattern.name) on \(neck.tuning.name)"
        let natural = neckRight + 30
        let width = max(natural, Double(heading.count) * 10.5 + 40)
        let shift = (width - natural) / 2   // a title wider than the neck: centre the neck under it
        let height = Self.top + Double(n - 1) * Self.stringGap + 62
        let mirrored = neck.handedness == .left
        func mx(_ x: Double) -> Double { (mirrored ? natural - x : x) + shift }
        func y(_ string: Int) -> Double { Self.top + Double(n - string) * Self.stringGap }
        /// The x of the middle of fret `f`'s space (or of the open-string column).
        func x(_ f: Int) -> Double {
            if showsNut && f == 0 { return mx(neckLeft - openSpace / 2 - 2) }
            let index = Double(fretted.firstIndex(of: f) ?? 0)
            return mx(neckLeft + (index + 0.5) * Self.fretGap)
        }
        var c = SVGCanvas()
        c.text(heading, width / 2, 20, size: 18, bold: true)
        let yTop = y(n), yBottom = y(1)
        // Inlays between the middle strings.
        let mid = (yTop + yBottom) / 2
        for f in fretted {
            let r = f % 12
            if [3, 5, 7, 9].contains(r) || (r == 0 && f > 0 && n < 4) {
                c.circle(x(f), mid, r: 5, fill: SVGCanvas.Colour.inlay)
            } else if r == 0 && f > 0 {
                c.circle(x(f), mid - Self.stringGap, r: 5, fill: SVGCanvas.Colour.inlay)
                c.circle(x(f), mid + Self.stringGap, r: 5, fill: SVGCanvas.Colour.inlay)
            }
        }
        // Frets and nut.
        for (i, _) in fretted.enumerated() {
            let fx = mx(neckLeft + Double(i + 1) * Self.fretGap)
            c.line(fx, yTop, fx, yBottom, width: 2, colour: "#888888")
        }
        c.line(mx(neckLeft), yTop - 1, mx(neckLeft), yBottom + 1, width: showsNut ? 7 : 2, colour: showsNut ? SVGCanvas.Colour.ink : "#888888")
        // Strings: thicker toward string 1; string names at the side.
        for s in 1...n {
            let start = neck.tuning.strings[s - 1].firstFret
            let from = start > 0 && showsNut ? mx(neckLeft + Double(max(0, (fretted.firstIndex(of: start) ?? -1) + 1)) * Self.fretGap) : mx(neckLeft)
            c.line(from, y(s), mx(neckRight), y(s), width: 0.8 + 1.6 * Double(n - s) / Double(max(1, n - 1)), colour: "#444444")
            c.text(neck.tuning.strings[s - 1].open.description, mx(Self.left - 40), y(s), size: 12,
                   colour: SVGCanvas.Colour.muted, anchor: mirrored ? "start" : "end")
        }
        for f in fretted { c.text(String(f), x(f), yBottom + 26, size: 12, colour: SVGCanvas.Colour.muted) }
        // Cells.
        for cell in pattern.cells where frets.contains(cell.fret) {
            let cx = x(cell.fret), cy = y(cell.string), text = label(cell)
            if cell.isRoot {
                c.circle(cx, cy, r: Self.dot, fill: SVGCanvas.Colour.root)
            } else {
                c.circle(cx, cy, r: Self.dot, fill: SVGCanvas.Colour.paper, stroke: SVGCanvas.Colour.ink, strokeWidth: 1.6)
            }
            c.text(text, cx, cy, size: text.count > 2 ? 9.5 : 12, colour: cell.isRoot ? SVGCanvas.Colour.paper : SVGCanvas.Colour.ink, bold: true)
        }
        let note = "string 1 (nearest the thumb) at the bottom" + (mirrored ? "; left-handed" : "")
        c.text(note, width / 2, height - 10, size: 10, colour: SVGCanvas.Colour.muted)
        return c.document(width: width, height: height)
    }
}
