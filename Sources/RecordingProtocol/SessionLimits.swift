/// The ranges Tonmeister accepts for numbers that come from outside (a request, a command line, a document).
///
/// Every number is checked against these before any arithmetic is done with it, so that one absurd value
/// (a take numbered `Int.max`, a mark time of 1e300 s) is refused with a named error instead of trapping
/// later. A session that already holds such a value opens with an `out-of-range` warning and keeps working:
/// the next take or mark is numbered after the highest number inside the range.
public enum SessionLimits {
    /// Take numbers: 0…999 999.
    public static let takeNumbers = 0...999_999
    /// Mark ids: 1…99 999 999.
    public static let markIDs = 1...99_999_999
    /// The longest mark time, in seconds into its take's recording: 1 000 000 s (about 11½ days).
    public static let maxSeconds: Double = 1_000_000

    /// True for a time a mark may carry: finite, 0…`maxSeconds`.
    public static func isValidTime(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= maxSeconds
    }

    /// `range` written for a message: `0…999 999`.
    public static func describe(_ range: ClosedRange<Int>) -> String {
        "\(grouped(range.lowerBound))…\(grouped(range.upperBound))"
    }

    /// `999999` as `999 999`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(" ") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}
