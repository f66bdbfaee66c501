extension ChordBox {
    private static let stringGap = 26.0, fretGap = 32.0, margin = 44.0, top = 64.0, dot = 11.0

    /// The width and height of one box in pixels.
    var svgSize: (width: Double, height: Double) {
        (2 * Self.margin + Double(neck.stringCount - 1) * Self.stringGap, Self.top + Double(rowCount) * Self.fretGap + 52)
    }

    /// A printable SVG chord box: title, `x`/`o` above the nut, dots with fingers, intervals or notes (the root
    /// in red), barres as bars, the notes and intervals under the strings.
    public func svg(title: String? = nil) -> String {
        let size = svgSize
        return canvas(title: title).document(width: size.width, height: size.height)
    }

    /// Several chord boxes on one sheet, `columns` per row.
    public static func svgSheet(_ boxes: [ChordBox], columns: Int = 4) -> String {
        guard let first = boxes.first else { return SVGCanvas().document(width: 10, height: 10) }
        let w = boxes.map(\.svgSize.width).max() ?? first.svgSize.width
        let h = boxes.map(\.svgSize.height).max() ?? first.svgSize.height
        var sheet = SVGCanvas()
        for (i, box) in boxes.enumerated() {
            sheet.group(box.canvas(title: nil), dx: Double(i % columns) * w, dy: Double(i / columns) * h)
        }
        let rows = (boxes.count + columns - 1) / columns
        return sheet.document(width: w * Double(min(columns, boxes.count)), height: h * Double(rows))
    }

    func canvas(title: String?) -> SVGCanvas {
        var c = SVGCanvas()
        let cols = columns
        let n = cols.count
        let left = Self.margin, top = Self.top
        let right = left + Double(n - 1) * Self.stringGap
        let bottom = top + Double(rowCount) * Self.fretGap
        func x(_ string: Int) -> Double { left + Double(cols.firstIndex(of: string)!) * Self.stringGap }
        c.text(title ?? "\(voicing.chord.symbol)", (left + right) / 2, 18, size: 20, bold: true)
        c.text(voicing.shape, (left + right) / 2, 36, size: 11, colour: SVGCanvas.Colour.muted)
        // Frets and strings.
        for r in 0...rowCount {
            let y = top + Double(r) * Self.fretGap
            c.line(left, y, right, y, width: r == 0 && startsAtNut ? 6 : 1.2, cap: "square")
        }
        for i in 0..<n { c.line(x(i), top, x(i), bottom, width: 1.2) }
        if !startsAtNut { c.text("\(firstFret)fr", left - 16, top + Self.fretGap / 2, size: 12, anchor: "end") }
        // Open and muted strings above the nut.
        for i in 0..<n {
            let y = top - 12
            if voicing.frets[i] == nil {
                let d = 5.0
                c.line(x(i) - d, y - d, x(i) + d, y + d, width: 1.8)
                c.line(x(i) - d, y + d, x(i) + d, y - d, width: 1.8)
            } else if voicing.frets[i] == neck.nut(string: i + 1) {
                c.circle(x(i), y, r: 5.5, fill: "none", stroke: SVGCanvas.Colour.ink, strokeWidth: 1.6)
            }
        }
        // Barres, then single dots.
        for barre in voicing.barres {
            let y = top + (Double(barre.fret - firstFret) + 0.5) * Self.fretGap
            let xs = (barre.fromString...barre.toString).map { x($0 - 1) }
            let x0 = xs.min()!, x1 = xs.max()!
            c.rect(x0 - Self.dot, y - Self.dot, x1 - x0 + 2 * Self.dot, 2 * Self.dot, rx: Self.dot, fill: SVGCanvas.Colour.ink)
        }
        for i in 0..<n {
            guard let f = voicing.frets[i], f > neck.nut(string: i + 1) else { continue }
            let y = top + (Double(f - firstFret) + 0.5) * Self.fretGap
            c.circle(x(i), y, r: Self.dot, fill: isRoot(string: i) ? SVGCanvas.Colour.root : SVGCanvas.Colour.ink)
            if let text = label(string: i) {
                c.text(text, x(i), y, size: text.count > 2 ? 9 : 12, colour: SVGCanvas.Colour.paper, bold: true)
            }
        }
        // Notes and intervals under the strings.
        for i in 0..<n {
            guard let p = voicing.pitches[i] else { continue }
            let root = isRoot(string: i)
            c.text(p.pitchClass.description, x(i), bottom + 16, size: 11, colour: root ? SVGCanvas.Colour.root : SVGCanvas.Colour.ink, bold: root)
            c.text(voicing.intervals[i]?.degreeLabel ?? "", x(i), bottom + 32, size: 10, colour: SVGCanvas.Colour.muted)
        }
        return c
    }
}
