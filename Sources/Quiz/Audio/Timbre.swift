/// The tone colour of the built-in synthesizer, and the General MIDI instrument written for it.
public enum Timbre: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A plucked string (Karplus–Strong): a bright attack dying away like a nylon-string guitar.
    case pluckedString = "plucked"
    /// A piano-like tone: additive partials, slightly stretched, each dying away at its own rate.
    case piano = "piano"

    /// Reads a timbre name: `plucked` (also `plucked-string`, `guitar`) or `piano`, any letter case.
    public init?(name: String) {
        switch name.lowercased() {
        case "plucked", "plucked-string", "pluckedstring", "guitar", "string": self = .pluckedString
        case "piano": self = .piano
        default: return nil
        }
    }

    /// The General MIDI program byte (0-based) of the matching instrument: 24 is GM program 25,
    /// Acoustic Guitar (nylon); 0 is GM program 1, Acoustic Grand Piano.
    public var midiProgram: UInt8 {
        switch self {
        case .pluckedString: 24
        case .piano: 0
        }
    }

    /// The name used on the command line (`plucked`, `piano`).
    public var description: String { rawValue }
}
