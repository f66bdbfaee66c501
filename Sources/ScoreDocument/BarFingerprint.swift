import ScoreLayout

/// What a bar looks like on the page, to recognise it in another edition where its place, width and number may
/// differ: its ink on a coarse grid scaled to the bar (staff lines left out), the words printed over and under it
/// (dynamics, tempo, lyrics; numbers left out) and the staves of its system.
public struct BarFingerprint: Hashable, Sendable {
    /// The rows and columns of the ink grid.
    public static let rows = 16, columns = 16

    /// The ink per cell, zero-mean and of unit length (all zero for an empty bar).
    public var ink: [Float]
    /// The words printed in the bar's column of its system, lower-cased, without bare numbers.
    public var words: Set<String>
    /// The number of staves of the bar's system (0 when the layout does not say).
    public var staves: Int
    /// Whether the bar is the first of its system (its ink then holds the clef and key signature too).
    public var startsSystem: Bool

    /// Creates a fingerprint.
    public init(ink: [Float], words: Set<String>, staves: Int, startsSystem: Bool) {
        self.ink = ink
        self.words = words
        self.staves = staves
        self.startsSystem = startsSystem
    }

    /// How alike two bars look, about -1 (unlike) to 1 (the same drawing): the correlation of their ink, less for
    /// different words or staves.
    public func similarity(to other: BarFingerprint) -> Double {
        var correlation: Float = 0
        for (a, b) in zip(ink, other.ink) { correlation += a * b }
        var result = Double(correlation)
        // A bar that starts a system carries a clef and key signature the same bar mid-system lacks.
        if startsSystem != other.startsSystem { result = min(1, result + 0.15) }
        if !words.isEmpty || !other.words.isEmpty {
            let shared = Double(words.intersection(other.words).count), all = Double(words.union(other.words).count)
            result += 0.5 * (2 * shared / all - 1)
        }
        if staves > 0 && other.staves > 0 && staves != other.staves { result -= 1 }
        return result
    }

    /// The fingerprint of a bar drawn in `image` (a page rendered at `image.scale` pixels per point).
    static func of(bar: BarLayout, in system: SystemLayout, image: GrayImage, words: [PageWord], startsSystem: Bool) -> BarFingerprint {
        let scale = image.scale
        // The bar without its barlines (a few percent each side).
        let margin = 0.04 * bar.width
        let x0 = max(0, Int(((bar.left + margin) * scale).rounded())), x1 = min(image.width, Int(((bar.right - margin) * scale).rounded()))
        let y0 = max(0, Int((system.top * scale).rounded())), y1 = min(image.height, Int((system.bottom * scale).rounded()))
        var cells = [Float](repeating: 0, count: rows * columns)
        if x1 - x0 >= 2 && y1 - y0 >= 2 {
            let span = x1 - x0, tall = y1 - y0
            for y in y0..<y1 {
                var dark = 0
                for x in x0..<x1 where image[x, y] < 128 { dark += 1 }
                // A staff line (or a beam across the whole bar) is dark nearly all the way: left out.
                if dark * 10 >= span * 8 || dark == 0 { continue }
                let row = min(rows - 1, (y - y0) * rows / tall)
                for x in x0..<x1 where image[x, y] < 128 {
                    cells[row * columns + min(columns - 1, (x - x0) * columns / span)] += 1
                }
            }
        }
        let mean = cells.reduce(0, +) / Float(cells.count)
        var length: Float = 0
        for k in cells.indices { cells[k] -= mean; length += cells[k] * cells[k] }
        length = length.squareRoot()
        if length > 0 { for k in cells.indices { cells[k] /= length } }
        let reach = system.height / 2
        let text = words.filter { word in
            let midY = (word.top + word.bottom) / 2
            return bar.left <= word.midX && word.midX < bar.right && system.top - reach <= midY && midY <= system.bottom + reach
                && !word.text.allSatisfy(\.isNumber)
        }
        return BarFingerprint(ink: cells, words: Set(text.map { $0.text.lowercased() }), staves: system.staves?.count ?? 0,
                              startsSystem: startsSystem)
    }
}

extension ScoreDocument {
    /// The fingerprint of every bar of `layout` in score order, from this document's pages rendered at `dpi` and
    /// their text. A bar on a page the document lacks gets an empty fingerprint.
    public func barFingerprints(of layout: ScoreLayout, dpi: Double = 100) throws(ScoreDocumentError) -> [BarFingerprint] {
        var result: [BarFingerprint] = []
        for page in layout.pages {
            let bars = page.systems.reduce(0) { $0 + ($1.bars?.count ?? 0) }
            guard bars > 0 else { continue }
            guard (1...pageCount).contains(page.page) else {
                result += Array(repeating: BarFingerprint(ink: [], words: [], staves: 0, startsSystem: false), count: bars)
                continue
            }
            let image = try grayImage(page: page.page, dpi: dpi)
            let words = (try? self.words(onPage: page.page)) ?? []
            for system in page.systems {
                for (b, bar) in (system.bars ?? []).enumerated() {
                    result.append(.of(bar: bar, in: system, image: image, words: words, startsSystem: b == 0))
                }
            }
        }
        return result
    }
}
