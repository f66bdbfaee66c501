/// What a problem mark is about: one of the standard kinds or a producer's own symbol.
///
/// JSON names: `intonation`, `balance`, `ensemble`, `noise`, `false-start`, `wrong-note`,
/// `tempo`, `other`; any other non-empty text is a user-defined symbol.
public enum ProblemKind: Hashable, Sendable, CustomStringConvertible {
    /// Out of tune (`intonation`).
    case intonation
    /// Voices or sections out of balance (`balance`).
    case balance
    /// Not together (`ensemble`).
    case ensemble
    /// A noise: a chair, a cough, a page turn (`noise`).
    case noise
    /// The take broke down at its start (`false-start`).
    case falseStart
    /// A wrong note (`wrong-note`).
    case wrongNote
    /// Tempo unsteady or wrong (`tempo`).
    case tempo
    /// Any other problem (`other`).
    case other
    /// A user-defined symbol, such as "♯?" or "breath".
    case symbol(String)

    /// The standard kinds in documented order.
    public static let standard: [ProblemKind] = [.intonation, .balance, .ensemble, .noise, .falseStart, .wrongNote, .tempo, .other]

    /// Reads a JSON name: a standard name gives its kind, any other text a user symbol.
    public init(_ name: String) {
        self = Self.standard.first { $0.name == name } ?? .symbol(name)
    }

    /// The JSON name (`false-start`, `wrong-note`, or the symbol itself).
    public var name: String {
        switch self {
        case .intonation: return "intonation"
        case .balance: return "balance"
        case .ensemble: return "ensemble"
        case .noise: return "noise"
        case .falseStart: return "false-start"
        case .wrongNote: return "wrong-note"
        case .tempo: return "tempo"
        case .other: return "other"
        case .symbol(let text): return text
        }
    }

    /// The JSON name.
    public var description: String { name }
}
