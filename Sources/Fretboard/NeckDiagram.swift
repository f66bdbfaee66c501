import TheoryCore

/// A horizontal neck diagram of a pattern: strings as lines (string 1 at the bottom, as in tablature), frets as
/// columns, marked cells labelled with intervals or notes, the root highlighted. Left-handed necks are mirrored
/// (nut on the right). Render with ``ascii()`` or ``svg(title:)``.
public struct NeckDiagram: Sendable {
    /// The pattern drawn.
    public let pattern: FretPattern
    /// The neck (tuning, capo, handedness).
    public let neck: Neck
    /// The frets shown.
    public let frets: ClosedRange<Int>
    /// The labels written on the cells.
    public let labels: DiagramLabels

    /// Creates a diagram of a pattern; `frets` defaults to the pattern's range.
    public init(_ pattern: FretPattern, on neck: Neck, frets: ClosedRange<Int>? = nil, labels: DiagramLabels = .intervals) {
        self.pattern = pattern
        self.neck = neck
        self.frets = frets ?? pattern.frets
        self.labels = labels
    }

    /// The text written on a cell.
    func label(_ c: PatternCell) -> String {
        labels == .notes ? c.pitch.pitchClass.description : c.degree
    }

    /// The cells by (string, fret).
    var cellsByPlace: [FretCell: PatternCell] {
        Dictionary(pattern.cells.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The fret columns in drawing order, left to right (descending for a left-handed neck).
    var columns: [Int] {
        let all = Array(frets)
        return neck.handedness == .left ? all.reversed() : all
    }

    /// A plain-text diagram, one line per string from the highest-numbered string down to string 1.
    ///
    /// ```
    ///        0     1     2     3
    /// 6 E4   3 ||-----|--4--|--5--|
    /// ```
    public func ascii() -> String {
        let places = cellsByPlace
        let width = max(5, (pattern.cells.map { label($0).count }.max() ?? 1) + 2)
        let showsNut = frets.lowerBound == 0
        let fretted = columns.filter { !(showsNut && $0 == 0) }
        let left = neck.handedness == .left
        func centred(_ s: String, _ w: Int, fill: Character) -> String {
            let pad = max(0, w - s.count)
            return String(repeating: fill, count: pad / 2) + s + String(repeating: fill, count: pad - pad / 2)
        }
        let nameWidth = neck.tuning.strings.map { $0.open.description.count }.max() ?? 2
        let numberWidth = String(neck.stringCount).count
        let prefix = numberWidth + 1 + nameWidth + 1
        var header = String(repeating: " ", count: prefix)
        let fretHeader = fretted.map { f in
            left ? " " + centred(String(f), width, fill: " ") : centred(String(f), width, fill: " ") + " "
        }.joined()
        if left {
            header += fretHeader + (showsNut ? "  " + centred("0", width - 2, fill: " ") : "")
        } else {
            header += (showsNut ? centred("0", width - 2, fill: " ") + "  " : " ") + fretHeader
        }
        var lines = [header.trimmingTrailingSpaces()]
        for s in stride(from: neck.stringCount, through: 1, by: -1) {
            let string = neck.tuning.strings[s - 1]
            var row = String(repeating: " ", count: numberWidth - String(s).count) + "\(s) "
                + string.open.description.padding(to: nameWidth) + " "
            var body = ""
            for f in fretted {
                let text: String
                if !neck.isPlayable(FretCell(string: s, fret: f)) && f > 0 {
                    text = String(repeating: " ", count: width)
                } else if let c = places[FretCell(string: s, fret: f)] {
                    text = centred(label(c), width, fill: "-")
                } else {
                    text = String(repeating: "-", count: width)
                }
                body += left ? "|" + text : text + "|"
            }
            var open = ""
            if showsNut {
                let mark = places[FretCell(string: s, fret: 0)].map(label) ?? ""
                open = centred(mark, width - 2, fill: " ")
            }
            row += left ? body + (showsNut ? "||" + open : "|") : (showsNut ? open + "||" : "|") + body
            lines.append(row.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string padded with spaces on the right to at least `width` characters.
    func padding(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }

    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
