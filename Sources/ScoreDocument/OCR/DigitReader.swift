import Foundation

/// Reads a group of ink cut out of a scan (``ScannedNumberReader/CutOut``) as a bar number without Tesseract, by
/// comparing each of its pieces with digits rendered from the fonts engravers print bar numbers in
/// (``DigitTemplates``); a group it cannot judge with a margin is left to Tesseract (``Verdict/uncertain``).
///
/// The cut-out's ink (darker than half way between white and its darkest pixel) is split into connected pieces
/// (eight neighbours), left to right, each drawn on a grid (``DigitGlyph``) and correlated with every template of
/// about its width over height (``aspectTolerance``). A group is a number when it has one to four pieces of about
/// one height side by side, each matching a digit well (``numberScore``) and better than any other digit, and any
/// character that is none (I, l, parentheses, letters), by ``numberMargin``. It is no number when it is one piece
/// that matches no template of any digit, whatever its width (``refusalScore``). Anything else (pieces that touch
/// or are broken, marks beside the digits, a weak or close match) is uncertain.
///
/// The pixels come from an untrusted file: any size and content reads without trapping (a cut-out larger than
/// ``maximumPixels`` is uncertain).
enum DigitReader {
    /// What the reader made of a group.
    enum Verdict: Equatable, Sendable {
        /// A number of one to four digits, with the weakest digit's correlation (0–1).
        case number(String, confidence: Double)
        /// Clearly not a number.
        case notANumber
        /// Left to Tesseract.
        case uncertain
    }

    /// The correlation each digit of a number must reach with its best template.
    static let numberScore = 0.9
    /// How much better each digit of a number must match its digit than any other digit or character.
    static let numberMargin = 0.1
    /// A group of one piece whose best correlation with any digit's template stays below this is no number.
    static let refusalScore = 0.4
    /// A template is compared with a piece only when their widths over heights differ by at most this factor
    /// (as a logarithm): a stem is no 1, an o no 0.
    static let aspectTolerance = 0.2
    /// A piece shorter than this share of the group's tallest is a mark beside the digits, not a digit.
    static let digitHeightShare = 0.75
    /// Cut-outs larger than this many pixels are not read (uncertain); a bar number's is under 20 000.
    static let maximumPixels = 1 << 20

    /// The verdict on an 8-bit grey cut-out (`width` × `height`, row by row, 0 black, white 255).
    static func read(pixels: [UInt8], width: Int, height: Int) -> Verdict {
        guard width > 0, height > 0, width <= maximumPixels / height, pixels.count >= width * height else { return .uncertain }
        let glyphs = pieces(pixels: pixels, width: width, height: height)
        guard let tallest = glyphs.map(\.height).max() else { return .uncertain }
        guard glyphs.count <= 4 else { return .uncertain }
        var text = ""
        var weakest = 1.0
        var previous: DigitGlyph?
        for glyph in glyphs {
            let match = classify(glyph, anyWidth: glyphs.count == 1)
            if glyphs.count == 1 && match.any < refusalScore { return .notANumber }
            let tall = Double(glyph.height) >= digitHeightShare * Double(tallest)
            guard tall, match.best >= numberScore, match.best - match.second >= numberMargin else { return .uncertain }
            // Pieces side by side, not one over another (a broken digit, a dot over a stroke).
            if let previous, glyph.x0 < previous.x1 - max(1, min(previous.width, glyph.width) / 4) { return .uncertain }
            text.append(Character(String(match.digit)))
            weakest = min(weakest, match.best)
            previous = glyph
        }
        guard text.first != "0" else { return .uncertain }
        // In hundredths, as Tesseract's confidence is given.
        return .number(text, confidence: (weakest * 100).rounded() / 100)
    }

    /// How a piece matches the templates.
    struct Match: Equatable {
        /// The digit whose templates of the piece's width over height match best, and its correlation.
        var digit: Int, best: Double
        /// The best correlation of another digit or of a character that is none (of the piece's width over height).
        var second: Double
        /// With `anyWidth`, the best correlation of any digit's template, whatever its width over height (else 1).
        var any: Double
    }

    /// How `glyph` matches the templates (``Match``); the templates of other widths over heights are compared only
    /// with `anyWidth`.
    static func classify(_ glyph: DigitGlyph, anyWidth: Bool) -> Match {
        var best = [Double](repeating: -1, count: 11)   // 0–9, then the characters that are none
        var any = anyWidth ? -1.0 : 1.0
        let aspect = glyph.aspect
        for template in DigitTemplates.all {
            let near = abs(log(aspect / template.aspect)) <= aspectTolerance
            guard near || anyWidth && template.digit != nil else { continue }
            let dot = template.cells.withUnsafeBufferPointer { t in
                glyph.cells.withUnsafeBufferPointer { g in
                    var sum = 0.0
                    for i in 0..<min(t.count, g.count) { sum += t[i] * g[i] }
                    return sum
                }
            }
            if anyWidth && template.digit != nil { any = max(any, dot) }
            guard near else { continue }
            let slot = template.digit ?? 10
            best[slot] = max(best[slot], dot)
        }
        let digit = (0..<10).max { best[$0] < best[$1] }!
        let second = best.indices.filter { $0 != digit }.map { best[$0] }.max()!
        return Match(digit: digit, best: best[digit], second: second, any: any)
    }

    /// The connected pieces of the cut-out's ink, left to right.
    static func pieces(pixels: [UInt8], width: Int, height: Int) -> [DigitGlyph] {
        let count = width * height
        guard let darkest = pixels[0..<count].min(), darkest < 200 else { return [] }
        let limit = (Int(darkest) + 255) / 2
        var seen = [Bool](repeating: false, count: count)
        var glyphs: [DigitGlyph] = []
        var stack: [Int] = []
        for start in 0..<count where !seen[start] && Int(pixels[start]) < limit {
            seen[start] = true
            stack.append(start)
            var points: [(x: Int, y: Int)] = []
            var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                points.append((x, y))
                x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) {
                        let neighbour = ny * width + nx
                        if !seen[neighbour] && Int(pixels[neighbour]) < limit { seen[neighbour] = true; stack.append(neighbour) }
                    }
                }
            }
            glyphs.append(DigitGlyph(points: points, x0: x0, y0: y0, x1: x1, y1: y1))
        }
        return glyphs.sorted { $0.x0 < $1.x0 }
    }
}
