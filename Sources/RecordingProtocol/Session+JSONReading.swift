import Foundation
import ScoreLayout

/// Reading the session JSON (`"format": "tonmeister-session/1"`, DESIGN §6).
extension Session {
    /// Reads a session document and validates it.
    ///
    /// Required: `format` (exactly `tonmeister-session/1`), `title`, `score.file`; per piece
    /// `title`, `firstBar`, `lastBar`; per take `number` and `start`; per mark `take`, `kind`,
    /// `at`, and `value` for ratings and `problem` for problems. Everything else may be omitted
    /// (or `null`): `history` defaults to empty, `numbering` defaults to 1, 2, 3… continuous without prefixes, a take's `label`
    /// to its number and `note` to "", a mark's `id` to its 1-based position in `marks`. Unknown
    /// members of the document, pieces, takes and marks are kept in `extra` and written back;
    /// unknown members inside `score`, `numbering`, positions and `layout` are dropped.
    ///
    /// - Throws: `ProtocolError.invalidJSON` naming the field path and what was expected (or "not
    ///   valid JSON"), `.unsupportedFormat` naming the format, or the errors of `validate()`.
    public init(json: Data) throws {
        try self.init(unvalidatedJSON: json)
        try validate()
    }

    /// Reads a session document without `validate()` (the structure and types are still checked).
    ///
    /// - Throws: `ProtocolError.invalidJSON` or `.unsupportedFormat`.
    public init(unvalidatedJSON json: Data) throws {
        let tree: JSONValue
        do { tree = try JSONReader.parse(json) } catch { throw ProtocolError.invalidJSON(path: "top level", reason: error.description) }
        var top = try Members(tree, path: "")
        let format = try top.required("format", Members.string)
        guard format == Self.format else { throw ProtocolError.unsupportedFormat(format) }
        let title = try top.required("title", Members.string)
        var scoreMembers = try top.required("score", Members.object)
        let score = ScoreReference(
            file: try scoreMembers.required("file", Members.string),
            sha256: try scoreMembers.optional("sha256", Members.string) ?? "")
        let layout = try top.optional("layout", Self.layout)
        var numbering = TakeNumbering()
        if var n = try top.optional("numbering", Members.object) {
            numbering.first = try n.optional("first", Members.int) ?? numbering.first
            numbering.prefixPerPiece = try n.optional("prefixPerPiece", Members.bool) ?? numbering.prefixPerPiece
            numbering.continuous = try n.optional("continuous", Members.bool) ?? numbering.continuous
        }
        let pieces = try top.optional("pieces", Members.array(Self.piece)) ?? []
        let takes = try top.optional("takes", Members.array(Self.take)) ?? []
        let marks = try top.optional("marks", Members.array(Self.mark)) ?? []
        let history = try top.optional("history", Members.array(Self.action)) ?? []
        self.init(title: title, score: score, layout: layout, numbering: numbering, pieces: pieces,
                  takes: takes, marks: marks, history: history, extra: top.extras)
    }

    private static func layout(_ value: JSONValue, path: String) throws -> ScoreLayout {
        _ = try Members.object(value, path: path)
        do {
            return try ScoreLayout(json: Data(value.serialized().utf8), validate: false)
        } catch let error as LayoutError {
            if case .invalidJSON(let reason) = error {
                throw ProtocolError.invalidJSON(path: path, reason: reason)
            }
            throw ProtocolError.invalidLayout(reason: error.description)
        }
    }

    private static func piece(_ value: JSONValue, path: String, index: Int) throws -> Piece {
        var m = try Members.object(value, path: path)
        return Piece(
            title: try m.required("title", Members.string),
            firstBar: try m.required("firstBar", Members.bar),
            lastBar: try m.required("lastBar", Members.bar),
            key: try m.optional("key", Members.string),
            prefix: try m.optional("prefix", Members.string),
            extra: m.extras)
    }

    private static func take(_ value: JSONValue, path: String, index: Int) throws -> Take {
        var m = try Members.object(value, path: path)
        let number = try m.required("number", Members.int)
        return Take(
            number: number,
            label: try m.optional("label", Members.string),
            start: try m.required("start", Members.position),
            end: try m.optional("end", Members.position),
            source: try m.optional("source", Members.string),
            recordStart: try m.optional("recordStart", Members.string),
            fps: try m.optional("fps", Members.double),
            note: try m.optional("note", Members.string) ?? "",
            deleted: try m.optional("deleted", Members.bool) ?? false,
            extra: m.extras)
    }

    private static func mark(_ value: JSONValue, path: String, index: Int) throws -> Mark {
        var m = try Members.object(value, path: path)
        let take = try m.required("take", Members.int)
        let kindName = try m.required("kind", Members.string)
        let kind: MarkKind
        switch kindName {
        case "rating": kind = .rating(try m.required("value", Members.int))
        case "problem": kind = .problem(ProblemKind(try m.required("problem", Members.string)))
        case "edit-point": kind = .editPoint
        case "text": kind = .text
        default:
            throw ProtocolError.invalidJSON(
                path: path + ".kind", reason: "unknown mark kind '\(kindName)' (expected rating, problem, edit-point or text)")
        }
        return Mark(
            id: try m.optional("id", Members.int) ?? index + 1,
            take: take, kind: kind,
            at: try m.required("at", Members.position),
            to: try m.optional("to", Members.position),
            time: try m.optional("time", Members.double),
            colour: try m.optional("colour", Members.string),
            text: try m.optional("text", Members.string),
            deleted: try m.optional("deleted", Members.bool) ?? false,
            extra: m.extras)
    }
}

extension Session {
    private static func action(_ value: JSONValue, path: String, index: Int) throws -> SessionAction {
        var m = try Members.object(value, path: path)
        let name = try m.required("action", Members.string)
        do {
            return try SessionAction(
                name: name, take: try m.optional("take", Members.int), mark: try m.optional("mark", Members.int),
                previousEnd: try m.optional("previousEnd", Members.position),
                previousNote: try m.optional("previousNote", Members.string),
                previous: SessionAction.PreviousState(
                    number: try m.optional("previousNumber", Members.int), label: try m.optional("previousLabel", Members.string),
                    at: try m.optional("previousAt", Members.position), to: try m.optional("previousTo", Members.position),
                    kind: try m.optional("previousKind", Members.string), value: try m.optional("previousValue", Members.int),
                    problem: try m.optional("previousProblem", Members.string), text: try m.optional("previousText", Members.string)))
        } catch ProtocolError.invalidHistory(let reason) {
            throw ProtocolError.invalidJSON(path: path, reason: reason)
        }
    }
}

/// The members of one JSON object being read: typed access by key with path-naming errors, and the unread rest.
struct Members {
    let path: String
    private var members: [(String, JSONValue)]
    /// Which members were read, by index (bit i for member i; objects of more than 64 members also use `usedKeys`).
    private var usedMask: UInt64 = 0
    private var usedKeys = Set<String>()

    init(_ value: JSONValue, path: String) throws {
        guard case .object(let members) = value else {
            throw ProtocolError.invalidJSON(path: path.isEmpty ? "top level" : path, reason: "expected an object, found \(Self.kind(value))")
        }
        self.path = path
        self.members = members
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Marks `key` read and returns its value, if present.
    private mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.0 == key }) else {
            if members.count > 64 { usedKeys.insert(key) }
            return nil
        }
        if index < 64 { usedMask |= 1 << UInt64(index) } else { usedKeys.insert(key) }
        return members[index].1
    }

    private func isUsed(_ index: Int) -> Bool {
        index < 64 ? usedMask & (1 << UInt64(index)) != 0 : usedKeys.contains(members[index].0)
    }

    /// The value of a key that must be present and not null.
    mutating func required<T>(_ key: String, _ read: (JSONValue, String) throws -> T) throws -> T {
        guard let value = take(key) else {
            throw ProtocolError.invalidJSON(path: child(key), reason: "missing required key '\(key)'")
        }
        if case .null = value { throw ProtocolError.invalidJSON(path: child(key), reason: "must not be null") }
        return try read(value, child(key))
    }

    /// The value of a key that may be absent or null.
    mutating func optional<T>(_ key: String, _ read: (JSONValue, String) throws -> T) throws -> T? {
        guard let value = take(key) else { return nil }
        if case .null = value { return nil }
        return try read(value, child(key))
    }

    /// The members not read, as compact JSON text.
    var extras: ExtraFields {
        if members.count < 64, usedMask == (1 << UInt64(members.count)) - 1 { return ExtraFields() }
        return ExtraFields(members.indices.filter { !isUsed($0) }.map { ExtraFields.Member(key: members[$0].0, json: members[$0].1.serialized()) })
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func mismatch(_ expected: String, _ value: JSONValue, _ path: String) -> ProtocolError {
        .invalidJSON(path: path, reason: "expected \(expected), found \(kind(value))")
    }

    static func object(_ value: JSONValue, path: String) throws -> Members { try Members(value, path: path) }

    static func string(_ value: JSONValue, path: String) throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string", value, path) }
        return s
    }

    static func int(_ value: JSONValue, path: String) throws -> Int {
        guard case .int(let i) = value else {
            if case .double(let d) = value { throw ProtocolError.invalidJSON(path: path, reason: "expected an integer, found \(d)") }
            throw mismatch("an integer", value, path)
        }
        return i
    }

    static func double(_ value: JSONValue, path: String) throws -> Double {
        switch value {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw mismatch("a number", value, path)
        }
    }

    static func bool(_ value: JSONValue, path: String) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false", value, path) }
        return b
    }

    static func bar(_ value: JSONValue, path: String) throws -> BarNumber {
        let text: String
        switch value {
        case .string(let s): text = s
        case .int(let i): text = String(i)
        default: throw mismatch("a bar number such as \"12\" or \"12a\"", value, path)
        }
        do { return try BarNumber(text) } catch {
            throw ProtocolError.invalidJSON(path: path, reason: "\(error)")
        }
    }

    static func position(_ value: JSONValue, path: String) throws -> ScorePosition {
        var m = try Members(value, path: path)
        return ScorePosition(
            page: try m.required("page", int), x: try m.required("x", double), y: try m.required("y", double))
    }

    static func array<T>(_ read: @escaping (JSONValue, String, Int) throws -> T) -> (JSONValue, String) throws -> [T] {
        { value, path in
            guard case .array(let items) = value else { throw mismatch("an array", value, path) }
            return try items.enumerated().map { try read($1, "\(path)[\($0)]", $0) }
        }
    }
}
