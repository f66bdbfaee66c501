import Foundation
import TonmeisterSupport

/// Where a session document breaks off, and what was kept before the break (DESIGN §6: keep everything that can be read).
public struct SessionDamage: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line and column (in characters) where the document stops being JSON.
    public var line: Int
    public var column: Int
    /// What the JSON reader found there.
    public var reason: String
    /// The takes and marks kept: every one complete before the break.
    public var keptTakes: Int
    public var keptMarks: Int
    /// For a damaged database (line and column 0): what SQLite could not read, e.g. "2 marks".
    public var lost: String?

    public init(line: Int, column: Int, reason: String, keptTakes: Int, keptMarks: Int) {
        (self.line, self.column, self.reason, self.keptTakes, self.keptMarks) = (line, column, reason, keptTakes, keptMarks)
    }

    /// The damage of a database: the rows SQLite could still read were kept, `lost` says what could not be.
    public init(database reason: String, keptTakes: Int, keptMarks: Int, lost: String) {
        self.init(line: 0, column: 0, reason: reason, keptTakes: keptTakes, keptMarks: keptMarks)
        self.lost = lost
    }

    public var description: String {
        if let lost {
            return "the database is damaged (\(reason)): kept the \(keptTakes) take\(keptTakes == 1 ? "" : "s") and \(keptMarks) "
                + "mark\(keptMarks == 1 ? "" : "s") SQLite could still read; lost: \(lost). The session opens read-only"
        }
        return "the document is damaged at line \(line), column \(column) (\(reason)): kept the \(keptTakes) take\(keptTakes == 1 ? "" : "s") "
            + "and \(keptMarks) mark\(keptMarks == 1 ? "" : "s") complete before it; what follows is lost. The session opens read-only"
    }
}

/// Cuts a damaged JSON text back to its last complete object or array and closes what is still open.
enum JSONSalvage {
    /// The text up to the last container that closed before `breakAt`, with the open containers closed; nil when nothing closed.
    static func salvage(_ bytes: [UInt8], breakAt: Int) -> [UInt8]? {
        var stack: [UInt8] = []
        var inString = false, escaped = false
        var best: (end: Int, stack: [UInt8])?
        var i = 0
        let limit = min(breakAt, bytes.count)
        while i < limit {
            let b = bytes[i]
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): stack.append(b)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard let open = stack.popLast(), (open == UInt8(ascii: "{")) == (b == UInt8(ascii: "}")) else { return best.map(close) }
                    if !stack.isEmpty { best = (i + 1, stack) }
                default: break
                }
            }
            i += 1
        }
        return best.map(close)

        func close(_ point: (end: Int, stack: [UInt8])) -> [UInt8] {
            Array(bytes[0..<point.end]) + point.stack.reversed().map { $0 == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]") }
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(_ bytes: [UInt8], _ offset: Int) -> (Int, Int) {
        let end = min(offset, bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return (line, column)
    }
}

extension Session {
    /// Reads what can be read of a document whose JSON breaks off: every take and mark complete before the break.
    ///
    /// - Returns: nil when the text is valid JSON (nothing to salvage) or nothing before the break can be read.
    static func salvaging(json: Data) -> (session: Session, damage: SessionDamage)? {
        let bytes = [UInt8](json)
        let breakAt: Int, reason: String
        do { _ = try JSONReader.parse(bytes); return nil } catch { (breakAt, reason) = (error.byte, error.reason) }
        guard let cut = JSONSalvage.salvage(bytes, breakAt: breakAt),
              let session = try? Session(unvalidatedJSON: Data(cut)) else { return nil }
        let (line, column) = JSONSalvage.lineAndColumn(bytes, breakAt)
        return (session, SessionDamage(line: line, column: column, reason: reason,
                                       keptTakes: session.takes.count, keptMarks: session.marks.count))
    }
}
