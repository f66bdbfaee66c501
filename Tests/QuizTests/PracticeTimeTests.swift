import Quiz
import Testing

/// Practice times: ISO-8601 in and out, day arithmetic and clamping.
@Suite("Practice time")
struct PracticeTimeTests {
    @Test("ISO-8601 text of known instants", arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (1_740_823_200_000, "2025-03-01T10:00:00Z"),
        (1_740_823_200_033, "2025-03-01T10:00:00.033Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
    func format(milliseconds: Int64, text: String) throws {
        let time = PracticeTime(milliseconds: milliseconds)
        #expect(time.iso8601 == text)
        #expect(try PracticeTime(iso8601: text) == time)
    }

    @Test("other accepted forms: a date, minutes, fractions, offsets, no zone")
    func readForms() throws {
        let base = try PracticeTime(iso8601: "2025-03-01T10:00:00Z")
        #expect(try PracticeTime(iso8601: "2025-03-01T10:00") == base)
        #expect(try PracticeTime(iso8601: "2025-03-01 10:00:00") == base)
        #expect(try PracticeTime(iso8601: "2025-03-01T11:00:00+01:00") == base)
        #expect(try PracticeTime(iso8601: "2025-03-01T05:30:00-04:30") == base)
        #expect(try PracticeTime(iso8601: "2025-03-01T10:00:00.5Z").milliseconds == base.milliseconds + 500)
        #expect(try PracticeTime(iso8601: " 2025-03-01 ") == base.adding(days: -10.0 / 24))
    }

    @Test("bad times are refused with a message", arguments: [
        "", "yesterday", "2025-13-01", "2025-02-29", "2024-02-30", "2025-03-01T24:00", "2025-03-01T10:61",
        "2025-03-01T10:00:00.1234Z", "1969-12-31T23:59:59Z", "2025/03/01", "2025-03-01T10", "２０２５-03-01",
    ])
    func refuses(text: String) {
        #expect(throws: QuizError.self) { try PracticeTime(iso8601: text) }
    }

    @Test("days between times, adding days, and clamping to 1970…9999")
    func arithmetic() {
        let t = PracticeTime(milliseconds: 1_000_000_000_000)
        #expect(t.adding(days: 1.5).days(since: t) == 1.5)
        #expect(t.days(since: t.adding(days: 2)) == -2)
        #expect(PracticeTime(milliseconds: -5).milliseconds == 0)
        #expect(t.adding(days: 1e12) == PracticeTime(milliseconds: PracticeTime.range.upperBound))
        #expect(t.adding(days: -.infinity).milliseconds == 0)
        #expect(PracticeTime(secondsSince1970: .nan).milliseconds == 0)
        #expect(PracticeTime(secondsSince1970: 1.2345).milliseconds == 1235)
    }
}
