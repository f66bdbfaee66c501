/// Numbers printed with the precision they have: times to the millisecond, coordinates to the hundredth of a point.
///
/// Sums of binary fractions print as `202.52999999999997`; rounding to the decimals a value really has first
/// prints `202.53`, in CSV and in JSON alike.
public enum PlainNumber {
    /// `value` rounded to `places` decimals (a finite value; others unchanged).
    public static func rounded(_ value: Double, places: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let result = (value * scale).rounded() / scale
        return result == 0 ? 0 : result
    }

    /// The shortest text of `value` rounded to `places` decimals: `202.53`, `4`, `-0.5`.
    public static func text(_ value: Double, places: Int) -> String {
        let r = rounded(value, places: places)
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }

    /// Seconds to the millisecond.
    public static func seconds(_ value: Double) -> Double { rounded(value, places: 3) }
}
