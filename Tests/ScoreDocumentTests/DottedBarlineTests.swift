import Testing
@testable import ScoreDocument

/// Barlines that a dark threshold broke into dots (a bilevel scan of thin barlines, issue 30): drawn by hand on a mask
/// of one staff, 16 pixels a space, lines 3 pixels thick, the dots two pixels wide.
@Suite("Barlines broken into dots")
struct DottedBarlineTests {
    static let space = 16, top = 100, width = 600

    /// A mask with one staff from column 20 to 580 and a drawing on it.
    static func staff(_ draw: (inout InkMask) -> Void) -> (InkMask, StaffCandidate) {
        var mask = InkMask(width: width, height: 260, bits: [UInt8](repeating: 0, count: width * 260))
        let lines = (0..<5).map { LineCandidate(y: Double(top + $0 * space), thickness: 3, left: 20, right: 580) }
        for line in lines {
            for y in Int(line.y) - 1...Int(line.y) + 1 { for x in 20...580 { mask.set(x, y) } }
        }
        draw(&mask)
        return (mask, StaffCandidate(lines: lines, left: 20, right: 580, regularity: 1, reach: 20))
    }

    /// Dots of `length` rows every `period` rows on columns `x` and `x + 1` from row `from` to row `to`, each dot on
    /// one of the two columns or both (`wander` picks), as a dark threshold leaves a thin line.
    static func dots(_ mask: inout InkMask, x: Int, from: Int, to: Int, length: Int = 3, period: Int = 6) {
        var y = from, n = 0
        while y <= to {
            for row in y..<min(to + 1, y + length) {
                if n % 3 != 2 { mask.set(x, row) }
                if n % 3 != 0 { mask.set(x + 1, row) }
            }
            y += period
            n += 1
        }
    }

    /// A filled notehead (an ellipse a space and a third wide, a space tall) centred at (`x`, `y`).
    static func head(_ mask: inout InkMask, x: Int, y: Int) {
        let a = Double(space) * 0.65, b = Double(space) * 0.5
        for row in (y - space)...(y + space) {
            for column in (x - space)...(x + space) {
                let u = Double(column - x) / a, v = Double(row - y) / b
                if u * u + v * v <= 1 { mask.set(column, row) }
            }
        }
    }

    static func barlines(_ mask: InkMask, _ staff: StaffCandidate) -> [Int] {
        BarlineFinder.barlines(in: [staff], mask: mask).map { Int($0.centre.rounded()) }
    }

    @Test("a barline of dots from the top line to the bottom line is a barline")
    func dottedBarline() {
        let (mask, staff) = Self.staff { Self.dots(&$0, x: 300, from: Self.top, to: Self.top + 4 * Self.space) }
        #expect(Self.barlines(mask, staff).map { abs($0 - 300) <= 1 } == [true])
    }

    @Test("a solid barline beside a dotted one: both are found")
    func solidAndDotted() {
        let (mask, staff) = Self.staff { mask in
            for y in Self.top...(Self.top + 4 * Self.space) { mask.set(150, y); mask.set(151, y) }
            Self.dots(&mask, x: 400, from: Self.top, to: Self.top + 4 * Self.space)
        }
        #expect(Self.barlines(mask, staff).count == 2)
    }

    @Test("a dotted stem running on past the staff to its beam is no barline")
    func dottedStemPastTheStaff() {
        let (mask, staff) = Self.staff { Self.dots(&$0, x: 300, from: Self.top - 2 * Self.space, to: Self.top + 4 * Self.space) }
        #expect(Self.barlines(mask, staff).isEmpty)
    }

    @Test("a dotted stem wandering a pixel aside past the staff is no barline")
    func dottedStemWandering() {
        let (mask, staff) = Self.staff { mask in
            Self.dots(&mask, x: 300, from: Self.top, to: Self.top + 4 * Self.space)
            Self.dots(&mask, x: 302, from: Self.top + 4 * Self.space + 3, to: Self.top + 6 * Self.space)
        }
        #expect(Self.barlines(mask, staff).isEmpty)
    }

    @Test("a dotted stem with its notehead at the bottom line is no barline")
    func dottedStemWithHead() {
        let (mask, staff) = Self.staff { mask in
            Self.dots(&mask, x: 300, from: Self.top, to: Self.top + 4 * Self.space)
            Self.head(&mask, x: 300 - 9, y: Self.top + 4 * Self.space)
        }
        #expect(Self.barlines(mask, staff).isEmpty)
    }

    @Test("scattered dots that leave half a staff bare are no barline")
    func sparseDots() {
        let (mask, staff) = Self.staff { Self.dots(&$0, x: 300, from: Self.top, to: Self.top + 2 * Self.space) }
        #expect(Self.barlines(mask, staff).isEmpty)
    }

    @Test("dots with ink beside them on many rows (letters, a clef) are no barline")
    func dotsInText() {
        let (mask, staff) = Self.staff { mask in
            Self.dots(&mask, x: 300, from: Self.top, to: Self.top + 4 * Self.space)
            for y in stride(from: Self.top, through: Self.top + 4 * Self.space, by: 2) { mask.set(298, y); mask.set(303, y) }
        }
        #expect(Self.barlines(mask, staff).isEmpty)
    }
}

extension InkMask {
    /// Marks a pixel as solid ink (for masks drawn by hand in tests).
    mutating func set(_ x: Int, _ y: Int) {
        if x >= 0, y >= 0, x < width, y < height { bits[y * width + x] = 2 }
    }
}
