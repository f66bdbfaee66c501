import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol
import TonmeisterSupport

/// The session JSON: the DESIGN example, byte-stable round trips, unknown fields, malformed documents.
@Suite struct SessionJSONTests {
    /// DESIGN §6's example with a layout that has the pages and bars its positions need.
    static let example = """
        {"format":"tonmeister-session/1","title":"Botifarra — day 1",\
        "score":{"file":"Scores/chorale.pdf","sha256":"…"},\
        "layout":{"pages":[{"page":1,"systems":[{"top":60.0,"bottom":210.5,"bars":[\
        {"number":"1","left":72.0,"right":190.0},{"number":"2","left":190.0,"right":330.0},{"number":"3","left":330.0,"right":470.0}]}]},\
        {"page":2,"systems":[{"top":400.0,"bottom":600.0,"bars":[{"number":"4","left":72.0,"right":250.0},{"number":"5","left":250.0,"right":400.0}]}]}]},\
        "numbering":{"first":1,"prefixPerPiece":false},\
        "pieces":[{"title":"I. Allegro","firstBar":"1","lastBar":"5","key":"D major"}],\
        "takes":[{"number":1,"label":"1","start":{"page":1,"x":80.0,"y":120.0},"end":{"page":2,"x":300.0,"y":500.0},\
        "source":"T001.wav","recordStart":"10:02:11:00","fps":25,"note":""}],\
        "marks":[{"take":1,"kind":"rating","value":4,"at":{"page":1,"x":150.0,"y":130.0},"time":3.2},\
        {"take":1,"kind":"problem","problem":"intonation","at":{"page":1,"x":410.0,"y":140.0},\
        "to":{"page":1,"x":450.0,"y":140.0},"text":"viola"}]}
        """

    @Test func readsTheDesignExample() throws {
        let session = try Session(json: Data(Self.example.utf8))
        #expect(session.title == "Botifarra — day 1")
        #expect(session.score == ScoreReference(file: "Scores/chorale.pdf", sha256: "…"))
        #expect(session.layout?.barCount == 5)
        #expect(session.numbering == TakeNumbering(first: 1, prefixPerPiece: false, continuous: true))
        #expect(session.pieces == [Piece(title: "I. Allegro", firstBar: BarNumber(1), lastBar: BarNumber(5), key: "D major")])
        #expect(session.takes == [Take(
            number: 1, label: "1", start: ScorePosition(page: 1, x: 80, y: 120), end: ScorePosition(page: 2, x: 300, y: 500),
            source: "T001.wav", recordStart: "10:02:11:00", fps: 25, note: "")])
        #expect(session.marks == [
            Mark(id: 1, take: 1, kind: .rating(4), at: ScorePosition(page: 1, x: 150, y: 130), time: 3.2),
            Mark(id: 2, take: 1, kind: .problem(.intonation), at: ScorePosition(page: 1, x: 410, y: 140),
                 to: ScorePosition(page: 1, x: 450, y: 140), text: "viola"),
        ])
        let index = try session.coverageIndex()
        #expect(try index.covers(bar: BarNumber(3)) == [CoverResult(take: 1, label: "1", coverage: .full, rating: 4, open: false)])
        #expect(index.quality(take: 1, barIndex: 2) == 3)
        // The first export differs from the example only by the explicit `continuous` flag.
        let written = String(decoding: session.jsonData(), as: UTF8.self)
        #expect(written == Self.example.replacingOccurrences(
            of: "\"prefixPerPiece\":false}", with: "\"prefixPerPiece\":false,\"continuous\":true}"))
    }

    @Test(arguments: [false, true])
    func roundTripIsByteStable(pretty: Bool) throws {
        var session = try Session(json: Data(Self.example.utf8))
        try session.addTake(start: ScorePosition(page: 1, x: 200, y: 100), source: "T002.wav", recordStart: "10:09:00;12", fps: 29.97)
        try session.addMark(take: 2, kind: .editPoint, at: ScorePosition(page: 2, x: 100, y: 500), colour: "#d33")
        try session.addMark(take: 2, kind: .problem(.symbol("♯?")), at: ScorePosition(page: 2, x: 120, y: 500), text: "tab\tand \"quotes\"")
        try session.deleteMark(1)
        try session.deleteTake(1)
        session.layout = nil  // `layout` may be absent
        let first = session.jsonData(pretty: pretty)
        let reread = try Session(json: first)
        #expect(reread == session)
        #expect(reread.jsonData(pretty: pretty) == first)
        #expect(try Session(json: reread.jsonData(pretty: !pretty)).jsonData(pretty: pretty) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("\"fps\":29.97") || text.contains("\"fps\": 29.97"))
        #expect(!text.contains("\"layout\""))
    }

    @Test func idsAreWrittenOnlyWhenTheyDifferFromThePosition() throws {
        var session = try Session(json: Data(Self.example.utf8))
        session.marks.removeFirst()
        let text = String(decoding: session.jsonData(), as: UTF8.self)
        #expect(text.contains("\"text\":\"viola\",\"id\":2}"))
        #expect(try Session(json: Data(text.utf8)).marks.map(\.id) == [2])
    }

    @Test func unknownFieldsArePreserved() throws {
        let text = Self.example
            .replacingOccurrences(of: "\"title\":\"Botifarra — day 1\",", with: "\"title\":\"Botifarra — day 1\",\"producer\":{\"name\":\"M\",\"ids\":[1,2.5,null,true]},")
            .replacingOccurrences(of: "\"note\":\"\"}", with: "\"note\":\"\",\"mic\":\"AB pair\"}")
            .replacingOccurrences(of: "\"time\":3.2}", with: "\"time\":3.2,\"pressure\":0.3,\"zz\":[]}")
            .replacingOccurrences(of: "\"key\":\"D major\"}", with: "\"key\":\"D major\",\"opus\":12}")
        let session = try Session(json: Data(text.utf8))
        #expect(session.extra["producer"] == "{\"name\":\"M\",\"ids\":[1,2.5,null,true]}")
        #expect(session.takes[0].extra["mic"] == "\"AB pair\"")
        #expect(session.marks[0].extra.members.map(\.key) == ["pressure", "zz"])
        #expect(session.pieces[0].extra["opus"] == "12")
        let written = String(decoding: session.jsonData(), as: UTF8.self)
        #expect(written.hasSuffix(",\"producer\":{\"name\":\"M\",\"ids\":[1,2.5,null,true]}}"))
        #expect(written.contains("\"note\":\"\",\"mic\":\"AB pair\"}"))
        #expect(written.contains("\"time\":3.2,\"pressure\":0.3,\"zz\":[]}"))
        #expect(written.contains("\"key\":\"D major\",\"opus\":12}"))
        #expect(try Session(json: Data(written.utf8)).jsonData() == Data(written.utf8))
    }

    struct Malformed: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: String) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.expected = expected
        }

        init(_ name: String, bytes: [UInt8], _ expected: String) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }

        /// The example with one replacement.
        static func edit(_ name: String, _ from: String, _ to: String, _ expected: String) -> Malformed {
            precondition(SessionJSONTests.example.contains(from), "fixture text not found: \(from)")
            return Malformed(name, SessionJSONTests.example.replacingOccurrences(of: from, with: to), expected)
        }
    }

    static let malformed: [Malformed] = [
        Malformed("empty document", "", "invalid session JSON: top level: not valid JSON: unexpected end of document at byte 0"),
        Malformed("not JSON", "hello", "invalid session JSON: top level: not valid JSON: unexpected character at byte 0"),
        Malformed("truncated", String(example.prefix(200)), "not valid JSON"),
        Malformed("trailing text", example + " x", "not valid JSON: unexpected text after the JSON value"),
        Malformed("an array", "[1,2]", "invalid session JSON: top level: expected an object, found an array"),
        Malformed("deep nesting", String(repeating: "[", count: 100_000), "nesting deeper than 256 levels"),
        Malformed("invalid UTF-8", bytes: Array("{\"format\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8), "invalid UTF-8"),
        Malformed("duplicate key", "{\"format\":\"tonmeister-session/1\",\"format\":\"x\"}", "duplicate key 'format'"),
        Malformed("missing format", "{\"title\":\"x\"}", "invalid session JSON: format: missing required key 'format'"),
        Malformed.edit("unknown version", "tonmeister-session/1", "tonmeister-session/2",
             "unsupported session format version 'tonmeister-session/2': this version reads tonmeister-session/1"),
        Malformed.edit("other format", "\"tonmeister-session/1\"", "\"musicxml\"", "not a Tonmeister session: format is 'musicxml'"),
        Malformed.edit("format of wrong type", "\"tonmeister-session/1\"", "1", "format: expected a string, found a number"),
        Malformed.edit("title of wrong type", "\"Botifarra — day 1\"", "[]", "title: expected a string, found an array"),
        Malformed.edit("missing score", "\"score\":{\"file\":\"Scores/chorale.pdf\",\"sha256\":\"…\"},", "",
             "score: missing required key 'score'"),
        Malformed.edit("score file null", "\"file\":\"Scores/chorale.pdf\"", "\"file\":null", "score.file: expected a string, found null"),
        Malformed.edit("numbering first not an integer", "\"first\":1", "\"first\":1.5", "numbering.first: expected an integer, found 1.5"),
        Malformed.edit("prefixPerPiece not a boolean", "\"prefixPerPiece\":false", "\"prefixPerPiece\":\"no\"",
             "numbering.prefixPerPiece: expected true or false, found a string"),
        Malformed.edit("bad bar number", "\"lastBar\":\"5\"", "\"lastBar\":\"five\"", "pieces[0].lastBar: invalid bar number 'five'"),
        Malformed.edit("bad key", "\"D major\"", "\"Q major\"", "piece 1 ('I. Allegro'): key 'Q major' cannot be read"),
        Malformed.edit("takes not an array", "\"takes\":[", "\"takes\":\"none\",\"unused\":[", "takes: expected an array, found a string"),
        Malformed.edit("take number a string", "\"number\":1", "\"number\":\"1\"", "takes[0].number: expected an integer, found a string"),
        Malformed.edit("take without start", "\"start\":{\"page\":1,\"x\":80.0,\"y\":120.0},", "", "takes[0].start: missing required key 'start'"),
        Malformed.edit("position without page", "\"end\":{\"page\":2,", "\"end\":{", "takes[0].end.page: missing required key 'page'"),
        Malformed.edit("position x a string", "\"x\":300.0", "\"x\":\"300\"", "takes[0].end.x: expected a number, found a string"),
        Malformed.edit("fps a string", "\"fps\":25", "\"fps\":\"25\"", "takes[0].fps: expected a number, found a string"),
        Malformed.edit("bad timecode", "10:02:11:00", "10:02:11:25", "take 1: record start '10:02:11:25' is not a timecode HH:MM:SS:FF: frame 25 must be below 25"),
        Malformed.edit("unknown mark kind", "\"kind\":\"rating\"", "\"kind\":\"star\"",
             "marks[0].kind: unknown mark kind 'star' (expected rating, problem, edit-point, text or ink)"),
        Malformed.edit("rating without value", "\"value\":4,", "", "marks[0].value: missing required key 'value'"),
        Malformed.edit("rating out of range", "\"value\":4", "\"value\":9", "mark 1 on take 1: rating 9 is outside 1…5"),
        Malformed.edit("mark for unknown take", "{\"take\":1,\"kind\":\"problem\"", "{\"take\":7,\"kind\":\"problem\"",
             "mark 2 belongs to take 7, which does not exist"),
        Malformed.edit("mark time a boolean", "\"time\":3.2", "\"time\":true", "marks[0].time: expected a number, found a boolean"),
        Malformed.edit("layout of wrong type", "\"layout\":{\"pages\":", "\"layout\":{\"pages\":3,\"x\":", "invalid session JSON: layout.pages: expected an array, found a number"),
        Malformed.edit("layout value of wrong type", "\"top\":60.0", "\"top\":\"sixty\"", "invalid session JSON: layout.pages[0].systems[0].top: expected a number, found a string"),
        Malformed.edit("layout invalid", "\"right\":190.0", "\"right\":50.0", "invalid session layout:"),
        Malformed.edit("take on a missing page", "\"end\":{\"page\":2,", "\"end\":{\"page\":4,", "take 1 end at p4 (300, 500): page 4 is not part of the layout"),
        Malformed.edit("take ending before it starts", "\"end\":{\"page\":2,\"x\":300.0", "\"end\":{\"page\":1,\"x\":75.0",
             "take 1 ends at p1 (75, 500), before its start at p1 (80, 120)"),
        Malformed.edit("mark outside its take", "\"at\":{\"page\":1,\"x\":150.0", "\"at\":{\"page\":1,\"x\":75.0",
             "mark 1 at p1 (75, 130) lies outside take 1: it comes before the take's start at p1 (80, 120)"),
    ]

    @Test(arguments: malformed)
    func malformedDocumentsGiveClearErrors(_ document: Malformed) {
        do {
            _ = try Session(json: Data(document.bytes))
            Issue.record("\(document.name) was accepted")
        } catch let error as ProtocolError {
            #expect(error.description.contains(document.expected), "\(error)")
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }

    @Test func jsonStringsWithEscapesReadBack() throws {
        let value = try JSONReader.parse(Array(#"{"a":"\u00e9\ud83c\udfb5\n\/","b":-0.5e2,"c":[],"d":{},"e":12345678901234567890}"#.utf8))
        #expect(value.serialized() == #"{"a":"é🎵\n/","b":-50.0,"c":[],"d":{},"e":1.2345678901234567e+19}"#)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(#"{"a":"\ud83c"}"#.utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[01]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[1.]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[nul]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("{\"a\" 1}".utf8)) }
    }
}
