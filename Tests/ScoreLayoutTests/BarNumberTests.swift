import Foundation
import Testing
@testable import ScoreLayout

@Suite("Bar numbers")
struct BarNumberTests {
    @Test(arguments: [
        ("12", 12, ""), ("12a", 12, "a"), ("0", 0, ""), (" 7 ", 7, ""), ("12A", 12, "a"),
        ("012", 12, ""), ("999999", 999_999, ""), ("3bis", 3, "bis"), ("000", 0, ""),
    ])
    func parses(text: String, value: Int, suffix: String) throws {
        let number = try BarNumber(text)
        #expect(number.value == value)
        #expect(number.suffix == suffix)
        #expect(number.description == "\(value)\(suffix)")
    }

    @Test(arguments: [
        ("", "empty"), ("   ", "empty"), ("-3", "negative"), ("a12", "digits first"), ("1234567", "more than 6 digits"),
        ("12-", "a–z"), ("12 a", "a–z"), ("12é", "a–z"), ("12abcde", "longer than 4"), ("1.5", "a–z"),
    ])
    func rejects(text: String, expected: String) {
        #expect {
            _ = try BarNumber(text)
        } throws: { error in
            guard let error = error as? LayoutError, case .invalidBarNumber = error else { return false }
            return error.description.contains(expected)
        }
    }

    @Test func ordersByValueThenSuffix() throws {
        let texts = ["13", "12aa", "12", "12b", "0", "12a", "2", "12z"]
        let sorted = try texts.map(BarNumber.init).sorted().map(\.description)
        #expect(sorted == ["0", "2", "12", "12a", "12b", "12z", "12aa", "13"])
    }

    @Test func suffixInitValidates() throws {
        #expect(try BarNumber(12, suffix: "a") == Fixtures.n("12a"))
        #expect(throws: LayoutError.self) { try BarNumber(12, suffix: "A1") }
        #expect(throws: LayoutError.self) { try BarNumber(-1, suffix: "") }
        #expect(try BarNumber(4).withSuffix("b").description == "4b")
    }

    @Test func codesAsJSONString() throws {
        let data = try JSONEncoder().encode([Fixtures.n("12a"), BarNumber(3)])
        #expect(String(decoding: data, as: UTF8.self) == #"["12a","3"]"#)
        let back = try JSONDecoder().decode([BarNumber].self, from: Data(#"["12a", 3, "007"]"#.utf8))
        #expect(back.map(\.description) == ["12a", "3", "7"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BarNumber].self, from: Data(#"["x"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BarNumber].self, from: Data(#"[-2]"#.utf8)) }
    }
}
