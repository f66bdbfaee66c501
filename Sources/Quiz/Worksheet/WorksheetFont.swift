/// Advance widths of DejaVu Sans (the font the PDF painter sets text in), to wrap and place text before it is drawn.
///
/// Widths are in font units (2048 to the em) for printable ASCII and the few other characters quiz text uses
/// (dashes, ellipsis, ♯ ♭ ♮, quotes, arrows); any other character counts as a full em, so a line measured here
/// is never shorter than it prints. Taken from DejaVuSans.ttf and DejaVuSans-Bold.ttf 2.37.
package enum WorksheetFont {
    /// Font units to the em.
    static let unitsPerEm = 2048.0

    /// The width of `text` in points at `size` points.
    package static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        let (ascii, extra) = bold ? (boldASCII, boldExtra) : (regularASCII, regularExtra)
        var units = 0
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            if v >= 32 && v < 127 { units += ascii[v - 32] } else { units += extra[v] ?? 2048 }
        }
        return Double(units) / unitsPerEm * size
    }

    /// `text` broken at spaces into lines no wider than `width` points; a word wider than a line is split.
    package static func wrap(_ text: String, width: Double, size: Double, bold: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if self.width(candidate, size: size, bold: bold) <= width { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = ""
            var rest = word
            while self.width(rest, size: size, bold: bold) > width, rest.count > 1 {
                var cut = rest.count - 1
                while cut > 1 && self.width(String(rest.prefix(cut)), size: size, bold: bold) > width { cut -= 1 }
                lines.append(String(rest.prefix(cut)))
                rest = String(rest.dropFirst(cut))
            }
            line = rest
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` shortened with an ellipsis to fit `width` points, or unchanged when it fits.
    package static func truncated(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
        guard self.width(text, size: size, bold: bold) > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty && self.width(kept.trimmingSuffixSpaces + "…", size: size, bold: bold) > width { kept = kept.dropLast() }
        return kept.trimmingSuffixSpaces + "…"
    }

    private static let regularASCII: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]
    private static let regularExtra: [Int: Int] = [
        0x2013: 1024, 0x2014: 2048, 0x2026: 2048, 0x266F: 991, 0x266D: 966, 0x266E: 732, 0x2019: 651, 0x2018: 651,
        0x201C: 1061, 0x201D: 1061, 0x00B7: 651, 0x2022: 1208, 0x2192: 1716, 0x00D7: 1716, 0x2212: 1716, 0x00B0: 1024,
    ]

    private static let boldASCII: [Int] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748,
        1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188,
        2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
        1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024,
        1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
        1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
    private static let boldExtra: [Int: Int] = [
        0x2013: 1024, 0x2014: 2048, 0x2026: 2048, 0x266F: 991, 0x266D: 966, 0x266E: 732, 0x2019: 778, 0x2018: 778,
        0x201C: 1346, 0x201D: 1346, 0x00B7: 778, 0x2022: 1309, 0x2192: 1716, 0x00D7: 1716, 0x2212: 1716, 0x00B0: 1024,
    ]
}

extension Substring {
    /// The text without trailing spaces.
    fileprivate var trimmingSuffixSpaces: String {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
