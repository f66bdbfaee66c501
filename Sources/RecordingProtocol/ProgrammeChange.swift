import ScoreLayout
import TonmeisterSupport

/// What a change of the programme or the bar numbers replaced (`piece …`, `score numbering`, `score form --order`, and
/// the same from the live page), kept in the history so that undo can put it back.
public struct ProgrammeChange: Hashable, Sendable {
    /// What kind of change it was.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The bars were numbered anew (first bar, upbeat, restarts, endings).
        case numbering
        /// A piece's playing order was set or cleared.
        case order
        /// Pieces were added, changed, moved or removed.
        case pieces
    }

    /// What kind of change it was.
    public var reason: Reason
    /// The programme before the change.
    public var pieces: [Piece]
    /// The layout's numbering rules before the change (nil: the session had no layout).
    public var rules: [NumberingRule]?

    /// The state of `session` before a change for `reason`.
    public init(reason: Reason, before session: Session) {
        self.init(reason: reason, pieces: session.pieces, rules: session.layout?.numberingRules())
    }

    /// Creates a change from its parts.
    public init(reason: Reason, pieces: [Piece], rules: [NumberingRule]?) {
        self.reason = reason
        self.pieces = pieces
        self.rules = rules
    }

    /// A short English description of what undoing it does.
    var undoDescription: String {
        switch reason {
        case .numbering: return "gives the bars their previous numbers"
        case .order: return "gives the pieces their previous playing order"
        case .pieces: return "gives the programme its previous pieces"
        }
    }
}

extension Session {
    /// Runs `change` and, when it changed the programme or the bar numbers, records one `programme` action in the
    /// history (undo puts both back).
    @discardableResult
    public mutating func recordingProgramme<T>(_ reason: ProgrammeChange.Reason, _ change: (inout Session) throws -> T) rethrows -> T {
        let before = ProgrammeChange(reason: reason, before: self)
        let result = try change(&self)
        if pieces != before.pieces || layout?.numberingRules() != before.rules { history.append(.programmeChanged(before)) }
        return result
    }

    /// Gives the session the programme and bar numbers a change replaced.
    ///
    /// - Throws: `ProtocolError.invalidHistory` when the layout can no longer take the old numbering (its bars changed).
    public mutating func revertProgramme(_ change: ProgrammeChange) throws {
        if let rules = change.rules, let current = layout {
            do { layout = try current.renumbered(rules) } catch {
                throw ProtocolError.invalidHistory(reason: "the bars cannot get their previous numbers back: the layout changed since (\(error))")
            }
        }
        pieces = change.pieces
    }
}

extension ProgrammeChange {
    /// `{"reason","pieces":[…],"rules":[…]?}` (pieces as in the session document, rules as `score numbering` prints them).
    package var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("reason", .string(reason.rawValue)), ("pieces", .array(pieces.map { Session.tree($0) }))]
        if let rules { members.append(("rules", .array(rules.map(\.json)))) }
        return .object(members)
    }

    /// Reads `jsonTree` back.
    package init(jsonTree value: JSONValue) throws {
        var m = try JSONObject(value)
        let name = try m.required("reason", JSONValue.string)
        guard let reason = Reason(rawValue: name) else {
            throw JSONFieldError("unknown programme change '\(name)' (expected \(Reason.allCases.map(\.rawValue).joined(separator: ", ")))",
                                 at: [.key("reason")])
        }
        let pieces = try m.required("pieces", JSONValue.array(Session.piece))
        let rules = try m.optional("rules", JSONValue.array { value, _ in try Self.rule(value) })
        self.init(reason: reason, pieces: pieces, rules: rules)
    }

    /// A rule as `NumberingRule.json` writes it.
    private static func rule(_ value: JSONValue) throws -> NumberingRule {
        var m = try JSONObject(value)
        if m.has("pickup") { return .pickup }
        if let renumber = try m.optional("renumber", { $0 }) {
            var r = try JSONObject(renumber)
            return .renumber(fromGlobalIndex: try r.required("index", JSONValue.int), to: try r.required("to", JSONValue.barNumber))
        }
        if let suffix = try m.optional("suffix", { $0 }) {
            var s = try JSONObject(suffix)
            return .suffix(globalIndex: try s.required("index", JSONValue.int), suffix: try s.required("suffix", JSONValue.string))
        }
        throw JSONFieldError("a numbering rule is {\"pickup\":true}, {\"renumber\":{…}} or {\"suffix\":{…}}")
    }
}
