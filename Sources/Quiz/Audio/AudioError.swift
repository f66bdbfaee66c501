/// An error raised when audio for a quiz question cannot be made or a WAV or MIDI file cannot be read.
///
/// Every case names the offending value and the range that would have been accepted.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reference pitch A4 lies outside the supported range (or is not a number).
    case invalidA4(Double, allowed: ClosedRange<Double>)
    /// A duration (note length or gap) lies outside its supported range (or is not a number).
    case invalidDuration(what: String, seconds: Double, allowed: ClosedRange<Double>)
    /// There is nothing to play.
    case noNotes
    /// More notes than one rendering accepts.
    case tooManyNotes(Int, limit: Int)
    /// A note whose frequency the synthesizer cannot play (or whose MIDI number is outside 0…127).
    case noteOutOfRange(note: String, midi: Int, frequency: Double, allowed: ClosedRange<Double>)
    /// Bytes that are not a 16-bit PCM RIFF/WAVE file this module can read.
    case malformedWAV(String)
    /// Bytes that are not a Standard MIDI File this module can read.
    case malformedMIDI(String)

    public var description: String {
        switch self {
        case .invalidA4(let a4, let allowed):
            return "invalid A4 reference \(Self.hertz(a4)): it must lie between \(Self.hertz(allowed.lowerBound)) "
                + "and \(Self.hertz(allowed.upperBound)) (440 is standard, 415 baroque, 442 many orchestras)"
        case .invalidDuration(let what, let seconds, let allowed):
            return "invalid \(what) \(seconds) s: it must lie between \(allowed.lowerBound) s and \(allowed.upperBound) s"
        case .noNotes:
            return "no notes to play: give at least one pitch"
        case .tooManyNotes(let count, let limit):
            return "too many notes (\(count)): one rendering plays at most \(limit)"
        case .noteOutOfRange(let note, let midi, let frequency, let allowed):
            return "note \(note) (MIDI \(midi), \(Self.hertz(frequency))) is outside the playable range "
                + "\(Self.hertz(allowed.lowerBound)) to \(Self.hertz(allowed.upperBound)) and MIDI 0…127"
        case .malformedWAV(let reason):
            return "not a readable WAV file: \(reason)"
        case .malformedMIDI(let reason):
            return "not a readable MIDI file: \(reason)"
        }
    }

    /// A frequency with one decimal, as "440.0 Hz".
    private static func hertz(_ value: Double) -> String {
        guard value.isFinite else { return "\(value) Hz" }
        let tenths = Int(abs(value * 10).rounded())
        return (value < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10) Hz"
    }
}
