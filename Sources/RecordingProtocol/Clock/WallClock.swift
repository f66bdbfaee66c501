import Foundation

/// A wall-clock time as a take's `startedAt` holds it: ISO 8601 local date and time with its UTC offset.
///
/// `2026-11-26T10:02:11.250+01:00` reads as the local date `2026-11-26` and 36 131.25 seconds since local
/// midnight, the way a recorder's `bext` origination date and time of day count (recorders write local time
/// without a zone). A time without an offset (`…T10:02:11`) is local time as written; `Z` is UTC.
public struct WallClock: Hashable, Sendable {
    /// The local date `yyyy-mm-dd`.
    public var date: String
    /// Seconds since local midnight.
    public var secondsOfDay: Double
    /// The offset from UTC in seconds, when the text gives one.
    public var utcOffset: Int?

    /// Reads `yyyy-mm-ddThh:mm:ss[.fff][Z|±hh:mm]`.
    ///
    /// - Throws: `ProtocolError.invalidClock` naming what is wrong.
    public init(_ text: String) throws {
        func fail(_ reason: String) -> ProtocolError { .invalidClock(what: "start time '\(text)'", reason: reason) }
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count else { return nil }
            var n = 0
            for c in chars[from..<from + count] { guard (48...57).contains(c) else { return nil }; n = n * 10 + Int(c - 48) }
            return n
        }
        guard chars.count >= 19, let year = number(0, 4), chars[4] == 45, let month = number(5, 2), chars[7] == 45,
              let day = number(8, 2), chars[10] == 84 || chars[10] == 32, let hour = number(11, 2), chars[13] == 58,
              let minute = number(14, 2), chars[16] == 58, let second = number(17, 2) else {
            throw fail("expected yyyy-mm-ddThh:mm:ss with an optional fraction and UTC offset")
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61, year > 0 else {
            throw fail("a part of the date or time is out of range")
        }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == 46 {
            var scale = 0.1
            index += 1
            let begin = index
            while index < chars.count, (48...57).contains(chars[index]) { fraction += Double(chars[index] - 48) * scale; scale /= 10; index += 1 }
            guard index > begin else { throw fail("a '.' must be followed by digits") }
        }
        var offset: Int?
        if index < chars.count {
            if chars[index] == 90, index + 1 == chars.count { offset = 0 } else if chars[index] == 43 || chars[index] == 45,
                      chars.count == index + 6, let h = number(index + 1, 2), chars[index + 3] == 58, let m = number(index + 4, 2), h < 24, m < 60 {
                offset = (chars[index] == 45 ? -1 : 1) * (h * 3600 + m * 60)
            } else {
                throw fail("expected Z or a UTC offset ±hh:mm after the time")
            }
        }
        date = String(decoding: chars[0..<10], as: UTF8.self)
        secondsOfDay = Double(hour * 3600 + minute * 60 + second) + fraction
        utcOffset = offset
    }

    /// The wall-clock time of `moment` in `zone`, to the millisecond (`2026-11-26T10:02:11.250+01:00`).
    public static func text(_ moment: Date, zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moment)
        func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
        let millis = min(999, Int((Double(parts.nanosecond ?? 0) / 1_000_000).rounded(.down)))
        let offset = zone.secondsFromGMT(for: moment)
        let sign = offset < 0 ? "-" : "+"
        return "\(pad(parts.year ?? 0, 4))-\(pad(parts.month ?? 1, 2))-\(pad(parts.day ?? 1, 2))T\(pad(parts.hour ?? 0, 2)):"
            + "\(pad(parts.minute ?? 0, 2)):\(pad(parts.second ?? 0, 2)).\(pad(millis, 3))\(sign)\(pad(abs(offset) / 3600, 2)):\(pad(abs(offset) % 3600 / 60, 2))"
    }
}
