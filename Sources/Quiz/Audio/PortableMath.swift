/// Sine, cosine, exponential and logarithm built from IEEE-754 additions, multiplications and divisions only.
///
/// The synthesizer computes every coefficient with these functions rather than the platform's libm, whose
/// last-bit results may differ between Glibc and Darwin (and between their versions). Basic floating-point
/// operations are correctly rounded everywhere and Swift does not fuse them, so a render is byte-identical on
/// every machine. Accuracy is a few units in the last place, far beyond what 16-bit audio can show.
enum PortableMath {
    /// 2π, rounded to the nearest double.
    static let twoPi = 6.283185307179586
    /// ln 2, rounded to the nearest double.
    static let ln2 = 0.6931471805599453

    /// The sine of an angle given in turns (1 turn = 2π radians).
    static func sin(turns: Double) -> Double { sinCos(turns: turns).sin }

    /// The cosine of an angle given in turns (1 turn = 2π radians).
    static func cos(turns: Double) -> Double { sinCos(turns: turns).cos }

    /// Sine and cosine of an angle given in turns: reduced to an eighth of a turn, then Taylor polynomials.
    static func sinCos(turns: Double) -> (sin: Double, cos: Double) {
        let r = turns - turns.rounded()                   // -0.5 ... 0.5, exact
        let quadrant = (r * 4).rounded()                  // -2 ... 2
        let x = (r - quadrant / 4) * twoPi                // -π/4 ... π/4
        let x2 = x * x
        // Terms up to x^17 / 17! and x^16 / 16!: the remainder is below 1e-16 on |x| <= π/4.
        var s = inverseFactorials[17]
        var c = inverseFactorials[16]
        for k in stride(from: 15, through: 1, by: -2) {
            s = inverseFactorials[k] - x2 * s
            c = inverseFactorials[k - 1] - x2 * c
        }
        s *= x
        switch Int(quadrant) {
        case 1: return (c, -s)
        case -1: return (-c, s)
        case 2, -2: return (-s, -c)
        default: return (s, c)
        }
    }

    /// 2 raised to `y`: an exact power of two times a Taylor series of e^r with |r| <= ln2 / 2.
    static func exp2(_ y: Double) -> Double {
        let k = y.rounded()
        let r = (y - k) * ln2
        var sum = 1.0
        var term = 1.0
        for n in 1...18 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// e raised to `x`.
    static func exp(_ x: Double) -> Double { exp2(x / ln2) }

    /// The base-2 logarithm of a positive finite number: exponent plus 2·atanh series of the significand.
    static func log2(_ x: Double) -> Double {
        precondition(x > 0 && x.isFinite, "log2 needs a positive finite number")
        var m = x.significand                             // 1 ..< 2, exact
        var e = Double(x.exponent)
        if m > 1.4142135623730951 {                       // keep m within 1/√2 ... √2
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)                         // |s| <= 0.1716
        let s2 = s * s
        var series = 0.0
        for k in stride(from: 23, through: 1, by: -2) {
            series = 1.0 / Double(k) + s2 * series
        }
        return e + 2 * s * series / ln2
    }

    /// 1/k! for k = 0 … 17 (every k! here is exact in a double).
    private static let inverseFactorials: [Double] = (0...17).map { k in
        1 / Double((1...max(k, 1)).reduce(1, *))
    }
}
