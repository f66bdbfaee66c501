import CKernels
import Foundation

/// The bend of a book page's staff lines toward its spine, and the mask straightened out.
///
/// A page scanned from a bound volume curls near the spine: its staff lines bend up or down there, leave their rows
/// and the staves seem to end early, with the last bars lost. Each staff is followed past its straight ends by
/// matching its five lines, shifted a little more at a time, against the ink; where the staves bend by more than a
/// third of a space, every column of the mask is shifted vertically (by the bend of the staves around, interpolated
/// between them) so the staves run straight again.
struct PageCurl {
    /// Staff centres (rows) and, per staff, the bend of its lines at every column (0 where straight).
    let centres: [Double]
    let bends: [[Float]]

    /// The curl of the page, or nil when its staves are straight (within a third of a space everywhere).
    init?(staves: [StaffCandidate], lineMask: InkMask) {
        guard !staves.isEmpty else { return nil }
        var bends: [[Float]] = [], largest = 0.0
        for staff in staves {
            let bend = Self.bend(of: staff, in: lineMask)
            largest = max(largest, Double(bend.map { abs($0) }.max() ?? 0) / staff.space)
            bends.append(bend)
        }
        guard largest >= 1.0 / 3 else { return nil }
        self.centres = staves.map { ($0.top + $0.bottom) / 2 }
        self.bends = bends
    }

    /// A curl given by its staff centres and their bends (tests).
    init(centres: [Double], bends: [[Float]]) {
        self.centres = centres
        self.bends = bends
    }

    /// How far (rows, down positive) the page at column `x`, row `y` lies from where it would be on a flat page.
    func offset(x: Int, y: Double) -> Double {
        offset(column: max(0, min(bends[0].count - 1, x)), between: staves(around: y))
    }

    /// The staves above and below row `y` (the same one beyond the first or last) and the weight of the lower.
    private func staves(around y: Double) -> (upper: Int, lower: Int, t: Double) {
        guard let below = centres.firstIndex(where: { $0 >= y }) else { return (bends.count - 1, bends.count - 1, 0) }
        guard below > 0 else { return (0, 0, 0) }
        return (below - 1, below, (y - centres[below - 1]) / max(1, centres[below] - centres[below - 1]))
    }

    @inline(__always) private func offset(column: Int, between staves: (upper: Int, lower: Int, t: Double)) -> Double {
        Self.interpolated(bends[staves.upper][column], bends[staves.lower][column], at: staves.t)
    }

    /// The bend `t` of the way from the staff above's bend to the staff below's.
    @inline(__always) static func interpolated(_ above: Float, _ below: Float, at t: Double) -> Double {
        Double(above) * (1 - t) + Double(below) * t
    }

    /// The mask with every column shifted back by the curl: staves run straight.
    ///
    /// Only the columns where the staves around a row bend are looked up one by one; the rest of the row (the
    /// straight middle of a page curled at one side, usually most of it) is copied as it is, since a bend of 0
    /// leaves a pixel where it was.
    func straightened(_ mask: InkMask) -> InkMask {
        let w = mask.width, h = mask.height
        // Per staff, the columns from its first bent one to its last (an empty range when it is straight).
        let bent: [Range<Int>] = bends.map { bend in
            guard let first = bend.firstIndex(where: { $0 != 0 }), let last = bend.lastIndex(where: { $0 != 0 }) else { return 0..<0 }
            // A bend held to the array's end holds for any column beyond it too.
            return first..<(last == bend.count - 1 ? Int.max : last + 1)
        }
        let bits = [UInt8](pageCapacity: w * h) { buffer, initialized in
            let out = UncheckedSendable(buffer)
            mask.bits.withUnsafeBufferPointer { source in
                Bands.forEach(rows: h, width: w) { band in
                    let target = out.value.baseAddress!
                    let shifts = UnsafeMutablePointer<Int32>.allocate(capacity: w)
                    defer { shifts.deallocate() }
                    for y in band {
                        // The staves around a row are the same all along it.
                        let around = staves(around: Double(y))
                        let a = bent[around.upper], b = bent[around.lower]
                        let columns = a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
                        let lower = min(columns.lowerBound, w), upper = min(max(columns.upperBound, lower), w)
                        let row = target + y * w
                        row.update(from: source.baseAddress! + y * w, count: lower)
                        // The two staves' bends read through their buffers, as `offset(column:between:)` interpolates
                        // them; the row is copied in runs of one shift (`tm_curl_row`).
                        let last = bends[0].count - 1, t = around.t
                        if lower < upper {
                            bends[around.upper].withUnsafeBufferPointer { above in
                                bends[around.lower].withUnsafeBufferPointer { below in
                                    tm_curl_row(row, source.baseAddress!, w, h, y, above.baseAddress!, below.baseAddress!, last, t,
                                                lower, upper, shifts)
                                }
                            }
                        }
                        (row + upper).update(from: source.baseAddress! + y * w + upper, count: w - upper)
                    }
                }
            }
            initialized = w * h
        }
        return InkMask(width: w, height: h, bits: bits)
    }

    /// `value.rounded()` (half away from zero) as an integer, without a call into the C library: the fraction left
    /// by truncation is exact for any offset a page can have.
    @inline(__always) static func rounded(_ value: Double) -> Int {
        let whole = Int(value), fraction = value - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }

    /// The bend of a staff at every column beyond its straight ends (0 within them): strips half a space wide are
    /// matched against the staff's five lines shifted up or down, a little more at a time, until no three lines
    /// match (the staff has ended); between the strips the bend is interpolated, beyond the last it is held.
    private static func bend(of staff: StaffCandidate, in mask: InkMask) -> [Float] {
        var bend = [Float](repeating: 0, count: mask.width)
        let space = staff.space, strip = max(2, Int((space / 2).rounded()))
        let rows = staff.lines.map { Int($0.y.rounded()) }
        // The line finder follows a line bending slowly for a while (a thick band of rows), so a staff may end
        // where its lines lie well off their rows already: each end is followed from some spaces inside it.
        let lead = Int((16 * space).rounded()), middle = (staff.left + staff.right) / 2
        for step in [1, -1] {
            let inner = step > 0 ? max(middle, staff.right - lead) : min(middle, staff.left + lead)
            var x = inner + step * strip / 2
            var shift = 0, lastX = inner, lastShift = 0
            while x >= 0, x < mask.width {
                let c0 = max(0, x - strip / 2), c1 = min(mask.width - 1, x + strip / 2)
                let limit = max(2, strip / 3 + 1)
                // The ink of each row within the strip, counted once per column: the columns where the row or one
                // beside it is inked. A strip of at most 64 columns reads the rows every shift may ask for once, as
                // bits (`bits[line * reach + k]`: row `rows[line] + shift - limit - 1 + k`), each count a popcount.
                let reach = 2 * limit + 3
                var bits: [UInt64] = []
                if c1 - c0 < 64 {
                    bits = [UInt64](repeating: 0, count: rows.count * reach)
                    for (line, row) in rows.enumerated() {
                        for k in 0..<reach {
                            let y = row + shift - limit - 1 + k
                            guard y >= 0, y < mask.height else { continue }
                            var word: UInt64 = 0
                            for c in c0...c1 where mask.bits[y * mask.width + c] != 0 { word |= 1 << UInt64(c - c0) }
                            bits[line * reach + k] = word
                        }
                    }
                }
                func inked(line: Int, shifted candidate: Int) -> Int {
                    if !bits.isEmpty {
                        let k = line * reach + candidate - shift + limit + 1
                        return (bits[k - 1] | bits[k] | bits[k + 1]).nonzeroBitCount
                    }
                    var n = 0
                    for c in c0...c1 where (-1...1).contains(where: { mask.ink(c, rows[line] + candidate + $0) }) {
                        n += 1
                    }
                    return n
                }
                var best = (shift: shift, lines: -1, ink: -1)
                // Nearest first: on a thick (blurred) line several shifts match as well, and the staff stays put.
                for candidate in [shift] + (1...limit).flatMap({ [shift - $0, shift + $0] }) {
                    let counts = rows.indices.map { inked(line: $0, shifted: candidate) }
                    let lines = counts.filter { 2 * $0 >= strip + 1 }.count, ink = counts.reduce(0, +)
                    if lines > best.lines || (lines == best.lines && ink > best.ink) { best = (candidate, lines, ink) }
                }
                guard best.lines >= 3 else { break }
                shift = best.shift
                // Fill from the last strip to this one linearly.
                let from = lastX, span = max(1, abs(x - from))
                var c = from
                while c != x {
                    bend[c] = Float(Double(lastShift) + Double(shift - lastShift) * Double(abs(c - from)) / Double(span))
                    c += step
                }
                bend[x] = Float(shift)
                (lastX, lastShift) = (x, shift)
                x += step * strip
            }
            var c = lastX
            while c >= 0, c < mask.width {
                bend[c] = Float(lastShift)
                c += step
            }
        }
        return bend
    }
}
