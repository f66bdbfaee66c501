import TheoryCore
import TonmeisterSupport

extension PeerNames {
    /// `{"tonal":[…],"music21":[…]}`: the names each library gives a type (only the libraries that know it).
    static func json(_ sources: [NameSource: [String]]?) -> JSONValue {
        .object(NameSource.allCases.compactMap { source in sources?[source].map { (source.rawValue, .strings($0)) } })
    }

    /// "tonal: maj7, Δ; music21: maj7, M7" for text lists, or "" when no library knows the type.
    static func text(_ sources: [NameSource: [String]]?) -> String {
        let parts = NameSource.allCases.compactMap { source in
            sources?[source].map { "\(source.rawValue): \($0.map { $0.isEmpty ? "(root alone)" : $0 }.joined(separator: ", "))" }
        }
        return parts.isEmpty ? "" : "  [" + parts.joined(separator: "; ") + "]"
    }
}
