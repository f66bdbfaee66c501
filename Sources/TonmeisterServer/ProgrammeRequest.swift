import Foundation
import RecordingProtocol
import ScoreLayout

/// The bodies of the programme routes, read with 400 errors that name the member.
enum ProgrammeRequest {
    /// `{"first"?, "pickup"?, "piece"?, "restartAt"?: [{"bar","to"?}], "suffix"?: [{"bar","suffix"}]}` (piece from 1; `to` 1 when absent).
    static func numbering(_ body: RequestJSON) throws -> NumberingRequest {
        var request = NumberingRequest(first: try body.int("first"), pickup: try body.bool("pickup") ?? false)
        if let piece = try body.int("piece") {
            guard piece >= 1 else { throw RequestBodyError("piece counts from 1") }
            request.piece = piece - 1
        }
        request.restarts = try objects(body, "restartAt") { item, name in
            NumberingRequest.Restart(bar: try bar(item, name), to: try item.int("to") ?? 1)
        }
        request.suffixes = try objects(body, "suffix") { item, name in
            NumberingRequest.Suffix(bar: try bar(item, name), suffix: try item.requiredString("suffix"))
        }
        guard request.changes else {
            throw RequestBodyError("say how to number the bars: first, pickup, restartAt or suffix (GET /api/programme shows the numbering)")
        }
        return request
    }

    /// `{"order": ["1-8", "1-8", "9-24"] | "1-8,1-8,9-24" | "score" | null, "piece"?}`: the runs (nil for score order) and the piece (0-based).
    static func order(_ body: RequestJSON) throws -> (order: [BarSpan]?, piece: Int?) {
        guard body.has("order") else { throw RequestBodyError("order is missing: runs of bars such as [\"1-8\",\"1-8\",\"9-24\"], or \"score\"") }
        var piece: Int?
        if let number = try body.int("piece") {
            guard number >= 1 else { throw RequestBodyError("piece counts from 1") }
            piece = number - 1
        }
        do {
            switch body.value("order") {
            case nil, .string("score")?, .null?: return (nil, piece)
            case .string(let text)?: return (try BarSpan.list(text), piece)
            case .array(let items)?:
                guard !items.isEmpty else { throw RequestBodyError("order is empty: give its runs, or \"score\" for score order") }
                return (try items.map { item in
                    guard case .string(let text) = item else { throw RequestBodyError("order: each run is a string such as \"1-8\"") }
                    return try BarSpan(text)
                }, piece)
            default: throw RequestBodyError("order must be a list of runs such as [\"1-8\",\"9-24\"], a text \"1-8,9-24\" or \"score\"")
            }
        } catch let error as LayoutError {
            throw RequestBodyError("order: \(error.description)")
        }
    }

    /// A piece's members as a body gives them (`title`, `firstBar`, `lastBar`, `key`, `prefix`); absent ones stay as they are.
    struct PieceFields: Sendable {
        var title: String?
        var firstBar: BarNumber?
        var lastBar: BarNumber?
        /// The key (`.some(nil)`: removed by an empty or null `key`).
        var key: String??
        var prefix: String??

        func apply(to piece: inout Piece) {
            if let title { piece.title = title }
            if let firstBar { piece.firstBar = firstBar }
            if let lastBar { piece.lastBar = lastBar }
            if let key { piece.key = key }
            if let prefix { piece.prefix = prefix }
        }
    }

    /// The piece members of a body (an empty `key` or `prefix` removes it).
    static func pieceFields(_ body: RequestJSON) throws -> PieceFields {
        var fields = PieceFields()
        if let title = try body.string("title") {
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw RequestBodyError("title must not be empty") }
            fields.title = title
        }
        if let first = try body.string("firstBar") { fields.firstBar = try barNumber(first, "firstBar") }
        if let last = try body.string("lastBar") { fields.lastBar = try barNumber(last, "lastBar") }
        if body.has("key") { fields.key = .some(try body.string("key").flatMap { $0.isEmpty ? nil : $0 }) }
        if body.has("prefix") { fields.prefix = .some(try body.string("prefix").flatMap { $0.isEmpty ? nil : $0 }) }
        return fields
    }

    private static func barNumber(_ text: String, _ name: String) throws -> BarNumber {
        do { return try BarNumber(text) } catch { throw RequestBodyError("\(name) '\(text)' is not a bar number (12, 12a)") }
    }

    /// A member's bar as text (`"12"` or `12`).
    private static func bar(_ item: RequestJSON, _ name: String) throws -> String {
        if case .int(let n)? = item.value("bar") { return String(n) }
        guard let text = try item.string("bar") else { throw RequestBodyError("\(name).bar is missing: the bar's present number") }
        return text
    }

    /// The objects of an array member, each read by `read` (with its name, `restartAt[0]`).
    private static func objects<T>(_ body: RequestJSON, _ key: String, _ read: (RequestJSON, String) throws -> T) throws -> [T] {
        guard let value = body.value(key) else { return [] }
        guard case .array(let items) = value else { throw RequestBodyError("\(key) must be a list of objects") }
        return try items.enumerated().map { i, item in
            let name = "\(key)[\(i)]"
            return try read(try RequestJSON(item, path: name), name)
        }
    }
}
