/// One piece of ink of a cut-out group, drawn onto a square grid for comparison with the digits' templates
/// (``DigitTemplates``): its box scaled to ``side`` cells along its longer edge, centred, each cell the share of it
/// the piece covers (2 × 2 samples a pixel), then smoothed by a 3 × 3 binomial filter and normalised (mean 0,
/// length 1), so that a dot product is the normalised correlation of two glyphs.
///
/// The same drawing makes the templates (scripts/gen_digit_templates.py, from the fonts' rendered digits) and reads
/// the scans' glyphs: the two must stay alike.
struct DigitGlyph {
    /// Cells along each edge of the grid.
    static let side = 16

    /// The piece's box in the cut-out (`x1`, `y1` exclusive).
    var x0: Int, y0: Int, x1: Int, y1: Int
    /// Its pixel count.
    var area: Int
    /// The grid, ``side`` × ``side`` row by row, mean 0 and length 1 (all zero for a piece without shape).
    var cells: [Double]

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    /// Width over height.
    var aspect: Double { Double(width) / Double(height) }

    /// The glyph of the pixels at `points` (x, y in the cut-out), inside the box `x0..<x1`, `y0..<y1`.
    init(points: [(x: Int, y: Int)], x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        area = points.count
        let side = Self.side
        let w = Double(x1 - x0), h = Double(y1 - y0)
        let s = Double(side) / max(w, h)
        let ox = (Double(side) - w * s) / 2, oy = (Double(side) - h * s) / 2
        var grid = [Double](repeating: 0, count: side * side)
        for p in points {
            for sy in [0.25, 0.75] {
                let gy = min(max(Int((oy + (Double(p.y - y0) + sy) * s).rounded(.down)), 0), side - 1)
                for sx in [0.25, 0.75] {
                    let gx = min(max(Int((ox + (Double(p.x - x0) + sx) * s).rounded(.down)), 0), side - 1)
                    grid[gy * side + gx] += 1
                }
            }
        }
        cells = Self.normalised(Self.smoothed(grid.map { $0 * s * s / 4 }))
    }

    /// `grid` smoothed by the binomial filter 1 2 1 along each edge (outside the grid counts as empty).
    static func smoothed(_ grid: [Double]) -> [Double] {
        let side = Self.side
        var out = [Double](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                var sum = 0.0
                for dy in -1...1 where (0..<side).contains(y + dy) {
                    for dx in -1...1 where (0..<side).contains(x + dx) {
                        sum += Double((dy == 0 ? 2 : 1) * (dx == 0 ? 2 : 1)) * grid[(y + dy) * side + x + dx]
                    }
                }
                out[y * side + x] = sum / 16
            }
        }
        return out
    }

    /// `values` less their mean, scaled to length 1 (all zero when they are all alike).
    static func normalised(_ values: [Double]) -> [Double] {
        guard !values.isEmpty else { return [] }
        var out = values
        let mean = out.reduce(0, +) / Double(out.count)
        var squares = 0.0
        for i in out.indices {
            out[i] -= mean
            squares += out[i] * out[i]
        }
        let length = squares.squareRoot()
        guard length > 1e-12 else { return [Double](repeating: 0, count: out.count) }
        for i in out.indices { out[i] /= length }
        return out
    }
}
