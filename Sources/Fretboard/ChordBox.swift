import TheoryCore

/// A chord box: the vertical diagram of one voicing found in chord books.
///
/// Strings are columns, string 1 (thumb side) on the left for a right-handed player and on the right for a
/// left-handed one; frets are rows from the nut (or from the lowest fretted fret, named at the side).
/// Above the nut, `x` marks a muted string and `o` an open one; dots carry fingers, intervals or notes;
/// the root is highlighted. Render with ``ascii()`` or ``svg(title:)``.
public struct ChordBox: Sendable {
    /// The voicing drawn.
    public let voicing: Voicing
    /// The neck (capo and handedness).
    public let neck: Neck
    /// What the dots carry.
    public let labels: DiagramLabels

    /// Creates a chord box.
    public init(_ voicing: Voicing, on neck: Neck, labels: DiagramLabels = .fingers) {
        self.voicing = voicing
        self.neck = neck
        self.labels = labels
    }

    /// The first fret row: 1 (just below the nut or capo) when the shape fits there, else the lowest fretted fret.
    var firstFret: Int {
        let fretted = zip(voicing.frets.indices, voicing.frets).compactMap { i, f -> Int? in
            guard let f, f > neck.nut(string: i + 1) else { return nil }
            return f
        }
        guard let low = fretted.min(), let high = fretted.max() else { return neck.capo + 1 }
        return high - neck.capo <= 4 ? neck.capo + 1 : low
    }

    /// The number of fret rows (at least four, enough for the span).
    var rowCount: Int {
        let fretted = voicing.frets.enumerated().compactMap { i, f -> Int? in
            guard let f, f > neck.nut(string: i + 1) else { return nil }
            return f
        }
        guard let high = fretted.max() else { return 4 }
        return max(4, high - firstFret + 1)
    }

    /// True when the box starts at the nut (drawn as a thick line).
    var startsAtNut: Bool { firstFret == neck.capo + 1 }

    /// The strings in drawing order, left to right (0-based indices).
    var columns: [Int] {
        let all = Array(0..<neck.stringCount)
        return neck.handedness == .left ? all.reversed() : all
    }

    /// The label on string `i` (0-based) when it sounds.
    func label(string i: Int) -> String? {
        guard voicing.frets[i] != nil else { return nil }
        switch labels {
        case .fingers: return voicing.fingers[i].map(String.init)
        case .intervals: return voicing.intervals[i]?.degreeLabel
        case .notes: return voicing.pitches[i]?.pitchClass.description
        }
    }

    /// True when string `i` (0-based) sounds the root.
    func isRoot(string i: Int) -> Bool {
        guard let p = voicing.pitches[i] else { return false }
        return p.pitchClass.semitone == voicing.chord.root.semitone
    }

    /// A plain-text chord box.
    ///
    /// ```
    /// C  x32010
    ///   x           o       o
    ///   =====================
    ///   |   |   |   |   1   |
    ///   |   |   2   |   |   |
    ///   |   3   |   |   |   |
    ///   |   |   |   |   |   |
    ///       C   E   G   C   E
    ///       1   3   5   1   3
    /// ```
    public func ascii() -> String {
        let w = 4
        let cols = columns
        func line(_ cell: (Int) -> String, fill: (Int, Int) -> Character = { _, _ in " " }) -> String {
            var s = "  "
            for (k, i) in cols.enumerated() {
                s += cell(i)
                if k < cols.count - 1 {
                    let gap = w - cell(i).count
                    s += String(repeating: fill(i, cols[k + 1]), count: max(1, gap))
                }
            }
            return s.trimmingTrailingSpaces()
        }
        var out = ["\(voicing.chord.symbol)  \(voicing.shape)"]
        out.append(line { i in
            guard let f = voicing.frets[i] else { return "x" }
            return f == neck.nut(string: i + 1) ? "o" : " "
        })
        let nutWidth = (cols.count - 1) * w + 1
        out.append("  " + String(repeating: startsAtNut ? "=" : "-", count: nutWidth))
        for r in 0..<rowCount {
            let fret = firstFret + r
            var row = line({ i in
                if voicing.frets[i] == fret, fret > neck.nut(string: i + 1) { return label(string: i) ?? "*" }
                if voicing.barres.contains(where: { $0.fret == fret && ($0.fromString...$0.toString).contains(i + 1) }) {
                    return "-"
                }
                return "|"
            }, fill: { a, b in
                for barre in voicing.barres where barre.fret == fret {
                    let lo = barre.fromString - 1, hi = barre.toString - 1
                    if (lo...hi).contains(a) && (lo...hi).contains(b) { return "-" }
                }
                return " "
            })
            if r == 0 && !startsAtNut { row = row.padding(to: nutWidth + 2) + "  \(fret)fr" }
            out.append(row)
        }
        let notes = line { i in voicing.pitches[i]?.pitchClass.description ?? " " }
        let degrees = line { i in voicing.intervals[i]?.degreeLabel ?? " " }
        out.append(notes)
        out.append(degrees)
        return out.joined(separator: "\n") + "\n"
    }
}
