import Foundation
import Testing
import TheoryCore

/// Every symbol of chord-symbol's source lists (`PeerDictionaries/chord-symbol-sources.txt`: Contemporary Music
/// Theory, The New Real Book vol. 1, iReal Pro, then chord-symbol's own extra and altered symbols), read on its root:
/// accepted, with the same pitch classes as chord-symbol, except where docs/theory.md ("Conventions") reads otherwise.
@Suite("Peer dictionaries: chord-symbol's source lists")
struct ChordSymbolSourceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var source: String
        var symbol: String
        var degrees: [String]
        var testDescription: String { "\(symbol) (\(source))" }
    }

    static let rows: [Row] = {
        let url = PeerDictionaryTests.folder.appendingPathComponent("chord-symbol-sources.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(source: parts[0], symbol: parts[1], degrees: parts[2].split(separator: " ").map(String.init))
        }
    }()

    /// Where TheoryCore reads the symbol otherwise than chord-symbol, with the reason (docs/theory.md, "Conventions").
    static let conventions: [String: String] = [
        "C11": "an eleventh chord keeps its third (1 3 5 b7 9 11); chord-symbol, like tonal, reads 9sus",
        "C11(b9)": "as C11",
        "C7(b13)": "a flat thirteenth keeps the fifth; chord-symbol leaves it out",
        "C7b13": "as C7(b13)", "C7(#11,b13)": "as C7(b13)", "C7(#9,b13)": "as C7(b13)", "C7(#9,#11,b13)": "as C7(b13)",
        "C7(b9,b13)": "as C7(b13)", "C7(b9,#9,b13)": "as C7(b13)", "C7(b9,#11,b13)": "as C7(b13)",
        "C7(b9,#9,#11,b13)": "as C7(b13)", "C9(#11,b13)": "as C7(b13)", "C7b9b13": "as C7(b13)", "C7b13sus": "as C7(b13)",
        "Bb(add 9,add b13)": "as C7(b13)",
    ]

    @Test("296 symbols: 135 Contemporary Music Theory, 77 New Real Book, 61 iReal Pro, 23 chord-symbol's own")
    func counts() {
        #expect(Self.rows.count == 296)
        #expect(Self.rows.filter { $0.source == "Contemporary Music Theory" }.count == 135)
        #expect(Self.rows.filter { $0.source == "The New Real Book vol1" }.count == 77)
        #expect(Self.rows.filter { $0.source == "iReal Pro" }.count == 61)
    }

    @Test("every symbol accepted with chord-symbol's notes", arguments: rows)
    func accepted(_ row: Row) throws {
        let chord = try Chord(row.symbol)
        let expected = try Set(row.degrees.map { floorMod(try Interval(degree: $0).semitones + chord.root.semitone, 12) })
        let got = Set(chord.notes.map(\.semitone))
        if let reason = Self.conventions[row.symbol] {
            #expect(got != expected, "\(row.symbol) now reads as chord-symbol does: drop the convention (\(reason))")
        } else {
            #expect(got == expected, "\(row.symbol) → \(chord.symbol): \(chord.notes) against \(row.degrees)")
        }
        let again = try Chord(chord.symbol)
        #expect(again.notes == chord.notes, "\(row.symbol) → \(chord.symbol) → \(again.symbol)")
    }
}

private func floorMod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
