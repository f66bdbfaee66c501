import Foundation
import Testing
@testable import RecordingProtocol

/// CSV export of takes and marks (issue 4 item 3): RFC 4180 quoting and the example session's rows.
@Suite("Session CSV export")
struct CSVTests {
    /// A small RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to read the export back.
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false; afterQuote = true }
                } else { field.append(c) }
            } else if c == "\"" && field.isEmpty && !afterQuote {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""; afterQuote = false
            } else if c == "\r\n" || c == "\n" {
                record.append(field); records.append(record); record = []; field = ""; afterQuote = false
            } else { field.append(c) }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    static func example() throws -> Session {
        try Session(json: Data(contentsOf: Fixtures.root.appendingPathComponent("Examples/chorale-session.json")))
    }

    @Test("fields are quoted only when RFC 4180 requires it", arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"bravo\"", "\"say \"\"bravo\"\"\""),
        ("\"", "\"\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\r\nlf", "\"cr\r\nlf\""),
        ("  spaces kept ", "  spaces kept "),
        ("Bläser; zu laut", "Bläser; zu laut"),
    ])
    func quoting(field: String, expected: String) {
        #expect(Session.csvField(field) == expected)
        #expect(Self.parse(Session.csvRow([field, "x"])) == [[field, "x"]])
    }

    @Test("numbers are written in their shortest form")
    func numbers() {
        #expect(Session.csvNumber(25) == "25")
        #expect(Session.csvNumber(29.97) == "29.97")
        #expect(Session.csvNumber(386.4) == "386.4")
        #expect(Session.csvNumber(-3) == "-3")
    }

    @Test("the example session: one row per take and per mark, bars through the layout")
    func exampleRows() throws {
        let session = try Self.example()
        let takes = Self.parse(session.takesCSV())
        let marks = Self.parse(session.marksCSV())
        #expect(takes.first == Session.takesCSVHeader)
        #expect(marks.first == Session.marksCSVHeader)
        #expect(takes.count == 1 + 30)
        #expect(marks.count == 1 + 78)
        #expect(takes.allSatisfy { $0.count == Session.takesCSVHeader.count })
        #expect(marks.allSatisfy { $0.count == Session.marksCSVHeader.count })

        let header = Session.takesCSVHeader
        let last = Dictionary(uniqueKeysWithValues: zip(header, takes[30]))
        #expect(last["number"] == "30")
        #expect(last["start_page"] == "3")
        #expect(last["open"] == "true")
        #expect(last["from_bar"] == "25")
        #expect(last["to_bar"] == "")
        #expect(last["end_page"] == "")
        #expect(last["fps"] == "25")
        #expect(last["source"] == "T030.wav")
        #expect(last["record_start"] == "11:02:26:02")

        let markHeader = Session.marksCSVHeader
        let rows = marks.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(markHeader, $0)) }
        #expect(rows.map { $0["id"] } == session.marks.map { String($0.id) })
        let problem = try #require(rows.first { $0["problem"] == "intonation" && $0["to_page"] != "" })
        #expect(problem["kind"] == "problem")
        #expect(problem["value"] == "")
        #expect(problem["text"] == "first violin sharp")
        #expect(rows.filter { $0["kind"] == "rating" }.allSatisfy { ("1"..."5").contains($0["value"] ?? "") })
        #expect(rows.allSatisfy { $0["bar"] != "" && $0["deleted"] == "false" })
    }

    @Test("a session without a layout leaves the bar columns empty; deleted marks are flagged")
    func withoutLayout() throws {
        var session = try Self.example()
        session.layout = nil
        session.marks[0].deleted = true
        session.marks[0].text = "sharp, \"very\"\nsee bar 3"
        let marks = Self.parse(session.marksCSV())
        let first = Dictionary(uniqueKeysWithValues: zip(Session.marksCSVHeader, marks[1]))
        #expect(first["deleted"] == "true")
        #expect(first["bar"] == "")
        #expect(first["text"] == "sharp, \"very\"\nsee bar 3")
        #expect(Self.parse(session.takesCSV()).dropFirst().allSatisfy { $0[9] == "" && $0[10] == "" })
    }
}
