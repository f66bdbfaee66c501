/// A moment in UTC, in whole milliseconds since 1970-01-01T00:00:00Z: when a practice answer was given.
///
/// The practice log stores this number; the scheduler measures elapsed time in days from it. It prints and
/// reads ISO-8601 (`2025-03-01T14:05:09Z`) with its own calendar arithmetic (proleptic Gregorian, UTC), so the
/// same log gives the same schedule and the same text on every machine.
public struct PracticeTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let milliseconds: Int64

    /// The times the log accepts: 1970-01-01T00:00:00Z through 9999-12-31T23:59:59.999Z.
    public static let range: ClosedRange<Int64> = 0...253_402_300_799_999
    /// Milliseconds in a day.
    public static let millisecondsPerDay: Int64 = 86_400_000

    /// A time from milliseconds since 1970, clamped to `range`.
    public init(milliseconds: Int64) {
        self.milliseconds = min(max(milliseconds, Self.range.lowerBound), Self.range.upperBound)
    }

    /// A time from seconds since 1970 (rounded to the millisecond, clamped to `range`).
    public init(secondsSince1970 seconds: Double) {
        let millis = (seconds * 1000).rounded()
        if !(millis > 0) {
            self.init(milliseconds: 0)  // negative, or NaN
        } else if millis >= Double(Self.range.upperBound) {
            self.init(milliseconds: Self.range.upperBound)
        } else {
            self.init(milliseconds: Int64(millis))
        }
    }

    public static func < (a: PracticeTime, b: PracticeTime) -> Bool { a.milliseconds < b.milliseconds }

    /// Days from `earlier` to this time (negative when `earlier` is later).
    public func days(since earlier: PracticeTime) -> Double {
        Double(milliseconds - earlier.milliseconds) / Double(Self.millisecondsPerDay)
    }

    /// This time plus a number of days (rounded to the millisecond, clamped to `range`).
    public func adding(days: Double) -> PracticeTime {
        let delta = (days * Double(Self.millisecondsPerDay)).rounded()
        guard delta.isFinite, abs(delta) < Double(Self.range.upperBound) else {
            return PracticeTime(milliseconds: delta > 0 ? Self.range.upperBound : 0)
        }
        return PracticeTime(milliseconds: milliseconds + Int64(delta))
    }

    /// ISO-8601 in UTC: `2025-03-01T14:05:09Z`, with `.123` milliseconds when there are any.
    public var iso8601: String {
        let day = milliseconds / Self.millisecondsPerDay, rest = milliseconds % Self.millisecondsPerDay
        let (year, month, date) = Self.civil(fromDays: day)
        let seconds = rest / 1000, millis = rest % 1000
        func pad(_ n: Int64, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(date, 2))T"
            + "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    public var description: String { iso8601 }

    /// Reads ISO-8601: `2025-03-01`, `2025-03-01T14:05`, `2025-03-01T14:05:09`, with optional `.sss` and a zone
    /// `Z` or `±hh:mm` (no zone: UTC).
    public init(iso8601 text: String) throws(QuizError) {
        func bad(_ reason: String) -> QuizError {
            .invalidDocument(what: "time '\(text)'", reason: reason + " (write ISO-8601 such as 2025-03-01T14:05:09Z)")
        }
        var chars = Array(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        var offsetMinutes: Int64 = 0
        if chars.last == "Z" || chars.last == "z" {
            chars.removeLast()
        } else if chars.count > 16, let sign = chars.dropLast(5).last, sign == "+" || sign == "-",
                  chars[chars.count - 3] == ":" {
            let zone = chars.suffix(5)
            guard let h = Int64(String(zone.prefix(2))), let m = Int64(String(zone.suffix(2))), h < 24, m < 60 else {
                throw bad("the time zone is not ±hh:mm")
            }
            offsetMinutes = (h * 60 + m) * (sign == "+" ? 1 : -1)
            chars.removeLast(6)
        }
        func number(_ from: Int, _ count: Int, _ what: String) throws(QuizError) -> Int64 {
            guard chars.count >= from + count, let value = Int64(String(chars[from..<(from + count)])),
                  chars[from..<(from + count)].allSatisfy(\.isASCII) else { throw bad("the \(what) is missing or not a number") }
            return value
        }
        let year = try number(0, 4, "year"), month = try number(5, 2, "month"), date = try number(8, 2, "day")
        guard chars.count >= 10, chars[4] == "-", chars[7] == "-" else { throw bad("the date is not yyyy-mm-dd") }
        guard (1...12).contains(month), date >= 1, date <= Self.daysIn(month: month, year: year) else {
            throw bad("\(year)-\(month)-\(date) is not a day of the calendar")
        }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, millis: Int64 = 0
        if chars.count > 10 {
            guard chars[10] == "T" || chars[10] == "t" || chars[10] == " ", chars.count >= 16, chars[13] == ":" else {
                throw bad("the time of day is not hh:mm")
            }
            hour = try number(11, 2, "hour")
            minute = try number(14, 2, "minute")
            if chars.count > 16 {
                guard chars[16] == ":" else { throw bad("unexpected '\(chars[16])' after the minutes") }
                second = try number(17, 2, "second")
                if chars.count > 19 {
                    guard chars[19] == ".", chars.count > 20, chars.count <= 23 else { throw bad("the fraction of a second is not .s, .ss or .sss") }
                    let fraction = String(chars[20...])
                    guard let value = Int64(fraction), fraction.allSatisfy(\.isASCII) else { throw bad("the fraction of a second is not a number") }
                    millis = value * [100, 10, 1][fraction.count - 1]
                }
            }
            guard hour < 24, minute < 60, second < 60 else { throw bad("\(hour):\(minute):\(second) is not a time of day") }
        }
        let total = (Self.days(year: year, month: month, day: date) * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60)
            * 1000 + millis
        guard Self.range.contains(total) else { throw bad("it is outside 1970…9999") }
        milliseconds = total
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number since 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        if month == 2 { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
    }
}
