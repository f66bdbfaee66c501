import Testing
@testable import ScoreLayout
import TonmeisterSupport

/// The one JSON reading layer: typed members, paths built only for errors, unread members in order.
struct JSONObjectTests {
    private func tree(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

    private struct Point: Equatable { var page: Int; var x: Double }

    private func point(_ value: JSONValue) throws -> Point {
        var m = try JSONObject(value)
        return Point(page: try m.required("page", JSONValue.int), x: try m.required("x", JSONValue.double))
    }

    private func points(_ text: String) throws -> [Point] {
        var top = try JSONObject(try tree(text))
        return try top.required("takes", JSONValue.array { value, _ in
            var take = try JSONObject(value)
            return try take.required("start", point)
        })
    }

    @Test func readsNestedMembers() throws {
        #expect(try points(#"{"takes":[{"start":{"page":1,"x":80}},{"start":{"page":2,"x":90.5}}]}"#)
            == [Point(page: 1, x: 80), Point(page: 2, x: 90.5)])
    }

    static let errors: [(String, String)] = [
        (#"{"takes":[{"start":{"page":1,"x":80}},{"start":{"page":2,"x":"a"}}]}"#, "takes[1].start.x: expected a number, found a string"),
        (#"{"takes":[{"start":{"page":1.5,"x":80}}]}"#, "takes[0].start.page: expected an integer, found 1.5"),
        (#"{"takes":[{"start":{"x":80}}]}"#, "takes[0].start.page: missing required key 'page'"),
        (#"{"takes":[{}]}"#, "takes[0].start: missing required key 'start'"),
        (#"{"takes":[{"start":null}]}"#, "takes[0].start: expected an object, found null"),
        (#"{"takes":[3]}"#, "takes[0]: expected an object, found a number"),
        (#"{"takes":{}}"#, "takes: expected an array, found an object"),
        (#"[1]"#, "top level: expected an object, found an array"),
    ]

    @Test(arguments: errors)
    func errorsNameThePath(json: String, message: String) throws {
        #expect(throws: JSONFieldError.self) { try points(json) }
        do { _ = try points(json) } catch let error as JSONFieldError { #expect(error.description == message) }
    }

    @Test func unreadMembersKeepDocumentOrder() throws {
        var m = try JSONObject(try tree(#"{"z":1,"page":2,"a":[true],"m":{"k":null}}"#))
        _ = try m.required("page", JSONValue.int)
        #expect(m.unread.map(\.key) == ["z", "a", "m"])
        #expect(m.unread.map { $0.value.serialized() } == ["1", "[true]", #"{"k":null}"#])
    }

    @Test func manyMembersAreTrackedPastSixtyFour() throws {
        let text = "{" + (0..<100).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        var m = try JSONObject(try tree(text))
        for n in stride(from: 0, to: 100, by: 2) { #expect(try m.required("k\(n)", JSONValue.int) == n) }
        #expect(m.unread.map(\.key) == stride(from: 1, to: 100, by: 2).map { "k\($0)" })
    }

    @Test func nullOptionalsAreAbsent() throws {
        var m = try JSONObject(try tree(#"{"a":null}"#))
        #expect(try m.optional("a", JSONValue.string) == nil)
        #expect(try m.optional("b", JSONValue.string) == nil)
        #expect(m.has("a") && !m.has("b"))
    }

    @Test func unknownKeysAreRefusedByName() throws {
        let m = try JSONObject(try tree(#"{"count":3,"levle":2}"#))
        #expect(throws: JSONFieldError("unknown key (known: count, level)", at: [.key("levle")])) {
            try m.rejectUnknown(known: ["count", "level"])
        }
    }

    @Test func coordinatesReadTheNonFiniteSpellings() throws {
        #expect(try JSONValue.coordinate(.string("inf")) == .infinity)
        #expect(try JSONValue.coordinate(.string("nan")).isNaN)
        #expect(throws: JSONFieldError.self) { try JSONValue.coordinate(.string("1.5")) }
    }

    @Test func nonASCIIStringsAreValidatedAndKept() throws {
        #expect(try tree(#"{"t":"Botifarra — día 1 ♯"}"#) == .object([("t", .string("Botifarra — día 1 ♯"))]))
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(#"{"a":1,"a":2}"#.utf8)) }
        let large = "{" + (0..<40).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"k7\":1}"
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(large.utf8)) }
    }
}
