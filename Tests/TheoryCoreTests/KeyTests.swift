import Testing
@testable import TheoryCore

/// Keys: parsing, signatures for all 30 standard keys and theoretical ones, relatives and parallels.
@Suite("Keys")
struct KeyTests {
    static let signatures: [(String, Int)] = [
        ("C major", 0), ("G major", 1), ("D major", 2), ("A major", 3), ("E major", 4), ("B major", 5),
        ("F# major", 6), ("C# major", 7), ("F major", -1), ("Bb major", -2), ("Eb major", -3), ("Ab major", -4),
        ("Db major", -5), ("Gb major", -6), ("Cb major", -7),
        ("A minor", 0), ("E minor", 1), ("B minor", 2), ("F# minor", 3), ("C# minor", 4), ("G# minor", 5),
        ("D# minor", 6), ("A# minor", 7), ("D minor", -1), ("G minor", -2), ("C minor", -3), ("F minor", -4),
        ("Bb minor", -5), ("Eb minor", -6), ("Ab minor", -7),
        ("G# major", 8), ("Fb major", -8), ("E# minor", 8), ("Db minor", -8),
    ]

    @Test(arguments: signatures)
    func signature(_ name: String, _ expected: Int) throws {
        let key = try Key(name)
        #expect(key.signature == expected)
        #expect(key.description == name)
        #expect(key.signatureAccidentals.count == abs(expected))
        #expect(key.isTheoretical == (abs(expected) > 7))
        // The scale's altered notes are exactly the signature's accidentals.
        let altered = key.scale.pitchClasses.filter { $0.accidental != 0 }
        #expect(Set(altered) == Set(key.signatureAccidentals.filter { sig in
            !key.signatureAccidentals.contains { $0.letter == sig.letter && abs($0.accidental) > abs(sig.accidental) }
        }))
        #expect(key.relative.signature == expected)
        #expect(key.relative.relative == key)
        #expect(key.parallel.parallel == key)
    }

    @Test func keysFromSignatures() throws {
        #expect(Key.standardKeys.count == 30)
        #expect(Set(Key.standardKeys).count == 30)
        #expect(Key.standardKeys.first == (try Key("Cb major")))
        #expect(Key.standardKeys.last == (try Key("A# minor")))
        for (name, signature) in Self.signatures {
            let key = try Key(name)
            #expect(Key(signature: signature, key.mode) == key)
            if abs(signature) <= 7 { #expect(Key.standardKeys.contains(key)) }
        }
    }

    @Test func signatureAccidentalsInOrder() throws {
        func names(_ key: String) throws -> String {
            try Key(key).signatureAccidentals.map(\.description).joined(separator: " ")
        }
        #expect(try names("D major") == "F# C#")
        #expect(try names("C# major") == "F# C# G# D# A# E# B#")
        #expect(try names("G# major") == "F# C# G# D# A# E# B# F##")
        #expect(try names("Bb major") == "Bb Eb")
        #expect(try names("Cb major") == "Bb Eb Ab Db Gb Cb Fb")
        #expect(try names("Fb major") == "Bb Eb Ab Db Gb Cb Fb Bbb")
        #expect(try names("C major") == "")
        #expect(try Key("G# major").scale.pitchClasses.last == PitchClass(.F, 2))
    }

    static let parsed: [(String, String)] = [
        ("D major", "D major"), ("f# minor", "F# minor"), ("Bb", "Bb major"), ("Eb major", "Eb major"),
        ("c minor", "C minor"), ("G#m", "G# minor"), ("d", "D minor"), ("A minor", "A minor"), ("bb", "Bb minor"),
        ("b", "B minor"), ("B", "B major"), ("Abmaj", "Ab major"), ("E♭ minor", "Eb minor"), ("C#-minor", "C# minor"),
        ("F# Minor", "F# minor"), ("  g  ", "G minor"), ("d major", "D major"), ("C min", "C minor"),
        ("CM", "C major"), ("Cm", "C minor"), ("a aeolian", "A minor"), ("F ionian", "F major"), ("Cx", "C## major"),
        ("Ebm", "Eb minor"), ("eb", "Eb minor"),
    ]

    @Test(arguments: parsed)
    func parsing(_ text: String, _ expected: String) throws {
        #expect(try Key(text).description == expected)
    }

    @Test func badKeysNameTheBadPart() {
        #expect(throws: TheoryError.invalidKey(input: "H major", reason: "'H' is not a note letter (the German H is B)",
                                               suggestion: "B major")) { try Key("H major") }
        #expect(throws: TheoryError.invalidKey(input: "C majr", reason: "'majr' is not a mode (use major or minor)",
                                               suggestion: "C major")) { try Key("C majr") }
        #expect(throws: TheoryError.invalidKey(input: "F# dorian", reason: "'dorian' is not a mode (use major or minor)",
                                               suggestion: nil)) { try Key("F# dorian") }
        #expect(throws: TheoryError.self) { try Key("X") }
        #expect(throws: TheoryError.self) { try Key("C#### major") }
        #expect(throws: TheoryError.self) { try Key("C#b") }
        #expect(throws: TheoryError.self) { try Key("") }
        #expect(throws: TheoryError.self) { try Key("C -") }
        #expect(throws: TheoryError.self) { try Key(String(repeating: "C", count: 100)) }
        if case .invalidKey(_, let reason, _) = (try? Key("C#### major")).map({ _ in TheoryError.empty(what: "") })
            ?? { do { _ = try Key("C#### major"); return .empty(what: "") } catch { return error as! TheoryError } }() {
            #expect(reason.contains("sharps or flats"))
        } else {
            Issue.record("expected invalidKey")
        }
    }

    @Test func relativeParallelAndScale() throws {
        #expect(try Key("C major").relative == Key("A minor"))
        #expect(try Key("F# minor").relative == Key("A major"))
        #expect(try Key("Eb major").relative == Key("C minor"))
        #expect(try Key("Cb major").relative == Key("Ab minor"))
        #expect(try Key("C major").parallel == Key("C minor"))
        #expect(try Key("d").scale.pitchClasses.map(\.description) == ["D", "E", "F", "G", "A", "Bb", "C"])
        #expect(try Key("a").scale(minorForm: .harmonic).pitchClasses.last == PitchClass(.G, 1))
        #expect(try Key("a").scale(minorForm: .melodic).type == .melodicMinor)
        #expect(try Key("C").scale(minorForm: .harmonic).type == .major)
        #expect(try Key("F# minor").name(.unicode) == "F♯ minor")
        #expect(Key(PitchClass(.E, -1), .major).description == "Eb major")
    }
}
