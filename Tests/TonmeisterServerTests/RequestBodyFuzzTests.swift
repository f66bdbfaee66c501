import Foundation
import Hummingbird
import HummingbirdTesting
import TheoryCore
import Testing
@testable import TonmeisterServer

/// Request bodies as a hostile client sends them, from a seeded generator: valid bodies with their numbers swapped
/// for extremes (Int.max, -Int.max, 1e300, 1e-300, -0, 2^53+1), members of the wrong type, cut-off and deeply nested
/// JSON, long strings. Every answer is below 500, and the session keeps answering and taking notes.
@Suite("Request bodies, fuzzed")
struct RequestBodyFuzzTests {
    static let templates: [(String, String)] = [
        ("/api/takes", #"{"start":{"page":2,"x":80,"y":120},"number":40,"piece":1,"note":"n","label":"L"}"#),
        ("/api/marks", #"{"take":30,"kind":"rating","value":4,"at":{"page":3,"x":150,"y":340},"to":{"page":3,"x":200,"y":340},"time":12.5}"#),
        ("/api/marks", #"{"take":30,"kind":"problem","problem":"intonation","at":{"page":3,"x":150,"y":340},"text":"viola"}"#),
        ("/api/takes/30/end", #"{"at":{"page":3,"x":300,"y":340}}"#),
        ("/api/takes/30/renumber", #"{"number":77,"label":"77"}"#),
        ("/api/takes/30/note", #"{"note":"again"}"#),
        ("/api/marks/1/move", #"{"at":{"page":2,"x":100,"y":100}}"#),
        ("/api/marks/1/change", #"{"kind":"rating","value":2}"#),
    ]
    static let extremes = ["9223372036854775807", "-9223372036854775808", "1e300", "-1e300", "1e-300", "-0", "9007199254740993",
                           "99999999999999999999999", "0", "-1", "\"12\"", "null", "true", "[]", "{}", "1.5"]

    /// One hostile variant of `body`.
    static func mutate(_ body: String, using generator: inout SplitMix64) -> String {
        var text = body
        switch generator.next(upperBound: UInt64(5)) {
        case 0, 1:
            // Every number replaced, each by an extreme.
            var result = "", number = ""
            for character in text {
                if character.isNumber || (character == "." && !number.isEmpty) {
                    number.append(character)
                    continue
                }
                if !number.isEmpty { result += extremes[Int(generator.next(upperBound: UInt64(extremes.count)))]; number = "" }
                result.append(character)
            }
            text = result
        case 2:
            text = String(text.prefix(Int(generator.next(upperBound: UInt64(text.count + 1)))))
        case 3:
            let depth = Int(generator.next(upperBound: UInt64(3_000)))
            text = String(repeating: "[", count: depth) + text + String(repeating: "]", count: depth)
        default:
            let long = String(repeating: "\u{1F3BB}", count: Int(generator.next(upperBound: UInt64(20_000))))
            text = text.replacingOccurrences(of: "\"n\"", with: "\"\(long)\"").replacingOccurrences(of: "\"viola\"", with: "\"\(long)\"")
                .replacingOccurrences(of: "{\"page\":2", with: "{\"page\":\"\(long.prefix(3))\"")
        }
        return text
    }

    @Test("400 requests built from the templates never get a 5xx, and the session goes on", arguments: [UInt64(29), 2_026])
    func hostileBodies(seed: UInt64) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            var generator = SplitMix64(seed: seed)
            var statuses: [Int: Int] = [:]
            for _ in 0..<200 {
                let (path, body) = Self.templates[Int(generator.next(upperBound: UInt64(Self.templates.count)))]
                let mutated = Self.mutate(body, using: &generator)
                let answer = try await client.send(.post, path, mutated)
                statuses[Int(answer.status.code), default: 0] += 1
                #expect(answer.status.code < 500, "\(path) \(mutated.prefix(300)): \(answer.status.code) \(answer.message)")
            }
            print("seed \(seed): statuses \(statuses.sorted { $0.key < $1.key })")
            #expect(try await client.send(.get, "/api/session").status == .ok)
            #expect(try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#).status == .created)
        }
    }
}
