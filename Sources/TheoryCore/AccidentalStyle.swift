/// How accidentals are printed: ASCII (`#`, `b`, `##`) or Unicode (`♯`, `♭`, `𝄪`, `𝄫`).
public enum AccidentalStyle: Sendable, Hashable {
    /// `#` and `b`, repeated: `C##`, `Dbb` (the default everywhere).
    case ascii
    /// `♯`, `♭`, `𝄪`, `𝄫`, combined for more than two.
    case unicode
    /// Latin (solfège) note names with ASCII accidentals: `Do#`, `Sib`, `Sol##`.
    case latin
    /// Latin note names with Unicode accidentals: `Do♯`, `Si♭`.
    case latinUnicode

    /// The name of a note letter: `C` … `B`, or `Do Ré Mi Fa Sol La Si` in the Latin styles.
    public func name(of letter: Letter) -> String {
        switch self {
        case .ascii, .unicode: return letter.description
        case .latin, .latinUnicode: return ["Do", "Ré", "Mi", "Fa", "Sol", "La", "Si"][letter.rawValue]
        }
    }

    /// The printed accidental for an alteration in semitones (0 prints nothing).
    public func text(for alteration: Int) -> String {
        if alteration == 0 { return "" }
        switch self {
        case .ascii, .latin:
            return String(repeating: alteration > 0 ? "#" : "b", count: abs(alteration))
        case .unicode, .latinUnicode:
            let single = alteration > 0 ? "♯" : "♭"
            let double = alteration > 0 ? "𝄪" : "𝄫"
            let n = abs(alteration)
            return String(repeating: double, count: n / 2) + (n % 2 == 1 ? single : "")
        }
    }
}

/// Reads the accidental characters that follow a note letter.
package enum AccidentalReader {
    /// The largest number of sharps or flats accepted when parsing.
    package static let maximum = 3

    /// Consumes accidental characters from `chars` starting at `index`; returns the alteration.
    /// Throws (through `makeError(reason)`) when sharps and flats are mixed or there are more than three.
    package static func read(_ chars: [Character], from index: inout Int,
                             makeError: (String) -> TheoryError) throws -> Int {
        var alteration = 0
        var sawSharp = false, sawFlat = false
        while index < chars.count {
            let delta: Int
            switch chars[index] {
            case "#", "♯": delta = 1
            case "x", "𝄪": delta = 2
            case "b", "♭": delta = -1
            case "𝄫": delta = -2
            case "♮": delta = 0
            default: return alteration
            }
            if delta > 0 { sawSharp = true }
            if delta < 0 { sawFlat = true }
            alteration += delta
            index += 1
            if sawSharp && sawFlat { throw makeError("mixes sharps and flats") }
            if abs(alteration) > maximum { throw makeError("more than \(maximum) sharps or flats") }
        }
        return alteration
    }
}
