/// An error raised by the Fretboard module when input cannot be read or a request does not fit the instrument.
///
/// Every case names the offending input; where an obvious alternative exists the message suggests it.
public enum FretboardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No built-in tuning has this id.
    case unknownTuning(id: String, suggestion: String? = nil)
    /// A custom tuning text could not be read.
    case invalidTuning(input: String, reason: String)
    /// A string number outside 1…count.
    case noSuchString(Int, count: Int)
    /// A fret range could not be read or lies outside the neck.
    case invalidFretRange(input: String, reason: String)
    /// A capo position the neck cannot take.
    case invalidCapo(Int, frets: Int)
    /// A scale position request that does not fit (wrong system for the scale or instrument, number out of range).
    case invalidPosition(reason: String)
    /// A voicing constraint outside its sensible range.
    case invalidConstraint(name: String, reason: String)

    public var description: String {
        switch self {
        case .unknownTuning(let id, let suggestion):
            var s = "unknown tuning '\(id)': not in the catalogue (see `tonmeister tunings`)"
            if let suggestion { s += "; did you mean '\(suggestion)'?" }
            return s
        case .invalidTuning(let input, let reason):
            return "invalid tuning '\(input.count > 60 ? String(input.prefix(60)) + "…" : input)': \(reason)"
        case .noSuchString(let n, let count):
            return "no string \(n): the instrument has strings 1…\(count) (string 1 is nearest the player's thumb)"
        case .invalidFretRange(let input, let reason):
            return "invalid fret range '\(input)': \(reason)"
        case .invalidCapo(let capo, let frets):
            return "invalid capo \(capo): it must lie between 0 and \(frets - 1)"
        case .invalidPosition(let reason):
            return "invalid position: \(reason)"
        case .invalidConstraint(let name, let reason):
            return "invalid \(name): \(reason)"
        }
    }
}
