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
        Self.ascii(marks: cellsByPlace.mapValues(label), on: neck, frets: frets)
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
