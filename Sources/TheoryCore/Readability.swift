/// What Tonmeister can read back: every printed pitch, pitch class and interval is checked against the readers' limits
/// before it is printed, so whatever `interval`, `transpose`, `scale` and `chord` print, the same tools read.
///
/// The readers take at most ``AccidentalReader/maximum`` sharps or flats and octaves ``Readability/octaves``; the
/// interval readers take every interval number between two readable pitches (``Interval/maximumNumber``).
package enum Readability {
    /// The octaves a pitch may carry (C-10 … B20).
    package static let octaves: ClosedRange<Int> = -10...20

    /// The error for a result that could not be read back, naming it and a readable spelling of the same sound.
    static func refusal(_ what: String, _ name: String, _ accidental: Int, sameSound: String?) -> TheoryError {
        let kind = accidental > 0 ? "sharps" : "flats"
        var reason = "\(name) has \(abs(accidental)) \(kind); Tonmeister reads at most \(AccidentalReader.maximum)"
        if let sameSound { reason += " (the same sound is \(sameSound))" }
        return .outOfRange(what: what, reason: reason)
    }
}

extension Pitch {
    /// True when the pitch's name reads back: at most three sharps or flats and an octave between -10 and 20.
    public var isReadable: Bool {
        abs(accidental) <= AccidentalReader.maximum && Readability.octaves.contains(octave)
    }

    /// The pitch itself when its name reads back; otherwise a clear refusal (`what` names the result).
    public func readable(_ what: String) throws -> Pitch {
        if isReadable { return self }
        if !Readability.octaves.contains(octave) {
            throw TheoryError.outOfRange(what: what, reason: "\(description) lies outside the octaves -10…20")
        }
        throw Readability.refusal(what, description, accidental, sameSound: simplestSpelling.description)
    }
}

extension PitchClass {
    /// True when the name reads back: at most three sharps or flats.
    public var isReadable: Bool { abs(accidental) <= AccidentalReader.maximum }

    /// The pitch class itself when its name reads back; otherwise a clear refusal (`what` names the result).
    public func readable(_ what: String) throws -> PitchClass {
        if isReadable { return self }
        throw Readability.refusal(what, description, accidental, sameSound: pitch(octave: 4).simplestSpelling.pitchClass.description)
    }
}

extension Scale {
    /// The scale itself when every note's name reads back; otherwise a refusal naming the first note that does not.
    public func readable() throws -> Scale {
        if let bad = pitchClasses.first(where: { !$0.isReadable }) { _ = try bad.readable("the scale \(description)") }
        return self
    }
}

extension Chord {
    /// The chord itself when its root, bass and notes read back; otherwise a refusal naming the first that does not.
    public func readable() throws -> Chord {
        for pc in [root] + (bass.map { [$0] } ?? []) + notes where !pc.isReadable { _ = try pc.readable("the chord \(symbol)") }
        return self
    }
}
