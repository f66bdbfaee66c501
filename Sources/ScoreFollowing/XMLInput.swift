import Foundation

/// Prepares score files for Foundation's XMLParser, which traps on text that is not UTF-8.
///
/// swift-corelibs-foundation turns the comments and text libxml2 reports into Swift strings with a forced
/// unwrap, so one stray byte in a comment (`<!-- \u{AE} -->` in Latin-1 inside a UTF-8 file) ends the process.
/// The bytes handed to the parser are therefore always valid UTF-8: UTF-16 (with a byte-order mark) is
/// converted and its declaration rewritten, a document that declares a single-byte encoding is left to libxml2
/// (which converts it), and invalid sequences in a UTF-8 document become U+FFFD.
enum XMLInput {
    /// `data` as a document the parser reads safely (see the type's description).
    static func parseable(_ data: Data) -> Data {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else { return Data() }
            return Data(declaringUTF8(text).utf8)
        }
        if isUTF8(data) { return data }
        if let declared = declaredEncoding(data), !["utf-8", "utf8"].contains(declared.lowercased()) { return data }
        return Data(String(decoding: data, as: UTF8.self).utf8)
    }

    /// The `encoding` of the XML declaration at the start of `data`, if any.
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>"),
              let match = head[..<end.lowerBound].range(of: #"encoding\s*=\s*["'][A-Za-z0-9._-]+["']"#, options: .regularExpression)
        else { return nil }
        return head[match].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init)
    }

    /// `text` with the encoding its XML declaration names replaced by UTF-8.
    private static func declaringUTF8(_ text: String) -> String {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard body.hasPrefix("<?xml"), let end = body.range(of: "?>") else { return body }
        let declaration = body[..<end.lowerBound].replacingOccurrences(
            of: #"encoding\s*=\s*["'][^"']*["']"#, with: "encoding=\"UTF-8\"", options: .regularExpression)
        return declaration + body[end.lowerBound...]
    }

    /// Whether `data` is valid UTF-8 throughout.
    private static func isUTF8(_ data: Data) -> Bool {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
