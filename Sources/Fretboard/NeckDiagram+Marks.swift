import TheoryCore

extension NeckDiagram {
    /// A plain-text neck with any text on any cells, drawn like ``ascii()``: one line per string from the
    /// highest-numbered string down to string 1, frets as columns, the nut as `||` when fret 0 is shown.
    ///
    /// Quiz worksheets use it to show a root and a `?` without naming the note that would give the answer away.
    public static func ascii(marks: [FretCell: String], on neck: Neck, frets: ClosedRange<Int>) -> String {
        let width = max(5, (marks.values.map(\.count).max() ?? 1) + 2)
        let showsNut = frets.lowerBound == 0
        let columns = neck.handedness == .left ? Array(frets).reversed() : Array(frets)
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
                } else if let mark = marks[FretCell(string: s, fret: f)] {
                    text = centred(mark, width, fill: "-")
                } else {
                    text = String(repeating: "-", count: width)
                }
                body += left ? "|" + text : text + "|"
            }
            var open = ""
            if showsNut {
                let mark = marks[FretCell(string: s, fret: 0)] ?? ""
                open = centred(mark, width - 2, fill: " ")
            }
            row += left ? body + (showsNut ? "||" + open : "|") : (showsNut ? open + "||" : "|") + body
            lines.append(row.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
