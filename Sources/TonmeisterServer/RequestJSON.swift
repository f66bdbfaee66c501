import RecordingProtocol
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// A JSON request body: typed access to its members with 400 errors that name the member.
struct RequestJSON {
    private let object: JSONObject
    /// Where this object is in the body (`""` for the body itself, `start` for a position member).
    private let path: String

    /// The body `bytes` as a JSON object; nil for an empty body (only white space).
    static func parse(_ bytes: [UInt8]) throws -> RequestJSON? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            throw RequestBodyError("the body is not JSON: \(error.description)")
        }
        return try RequestJSON(value, path: "")
    }

    init(_ value: JSONValue, path: String) throws {
        guard case .object = value else {
            throw RequestBodyError("\(path.isEmpty ? "the body" : path) must be a JSON object")
        }
        object = try JSONObject(value)
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Member `key` read by `reader`, nil when absent or null; a wrong type is a 400 naming the member.
    private func read<T>(_ key: String, _ reader: (JSONValue) throws(JSONFieldError) -> T) throws -> T? {
        guard let value = object.member(key) else { return nil }
        do { return try reader(value) } catch { throw RequestBodyError("\(name(key)): \(error.reason)") }
    }

    /// The value of `key`, nil when absent or null.
    func value(_ key: String) -> JSONValue? { object.member(key) }

    /// True when `key` is present (even as null).
    func has(_ key: String) -> Bool { object.has(key) }

    /// The error for a missing required member.
    private func missing(_ key: String, _ what: String) -> RequestBodyError {
        RequestBodyError("\(name(key)) is missing: it must be \(what)")
    }

    /// An integer member (nil when absent).
    func int(_ key: String) throws -> Int? { try read(key, JSONValue.int) }

    /// A required integer member.
    func requiredInt(_ key: String) throws -> Int {
        if let i = try int(key) { return i }
        throw missing(key, "an integer")
    }

    /// A number member (nil when absent).
    func double(_ key: String) throws -> Double? { try read(key, JSONValue.double) }

    /// A string member (nil when absent).
    func string(_ key: String) throws -> String? { try read(key, JSONValue.string) }

    /// A required string member.
    func requiredString(_ key: String) throws -> String {
        if let s = try string(key) { return s }
        throw missing(key, "a string")
    }

    /// A boolean member (nil when absent).
    func bool(_ key: String) throws -> Bool? { try read(key, JSONValue.bool) }

    /// A position member `{"page","x","y","pass"?}` (nil when absent): page an integer from 1, x and y finite numbers from 0,
    /// pass (the time through the point in the playing order) an integer from 1.
    func position(_ key: String) throws -> ScorePosition? {
        guard let value = value(key) else { return nil }
        let p = try RequestJSON(value, path: name(key))
        let page = try p.requiredInt("page")
        guard page >= 1 else { throw RequestBodyError("\(name(key)).page must be 1 or more") }
        guard let x = try p.double("x"), let y = try p.double("y") else {
            throw RequestBodyError("\(name(key)) needs x and y (numbers, in PDF points from the top-left)")
        }
        guard x >= 0, y >= 0 else { throw RequestBodyError("\(name(key)): x and y must be 0 or more") }
        let pass = try p.int("pass")
        if let pass, !(1...PlayingOrder.maxPasses).contains(pass) {
            throw RequestBodyError("\(name(key)).pass must be from 1 to \(PlayingOrder.maxPasses) (the time through that point)")
        }
        return ScorePosition(page: page, x: x, y: y, pass: pass)
    }

    /// An ink stroke `points`: `[[x, y], …]`, 2 to 5 000 finite points of 0 or more, each inside `page` when its size is known.
    func inkPoints(page: PageSize?) throws -> [InkPoint] {
        guard let value = value("points") else { throw missing("points", "a stroke [[x, y], …] of 2 to \(InkPoint.maximumCount) points") }
        let points: [InkPoint]
        do { points = try JSONValue.array(Session.inkPoint)(value) } catch {
            throw RequestBodyError("\(name("points")): \((error as? JSONFieldError)?.reason ?? "\(error)")")
        }
        guard (2...InkPoint.maximumCount).contains(points.count) else {
            throw RequestBodyError("\(name("points")) must have 2 to \(InkPoint.maximumCount) points, not \(points.count)")
        }
        for (i, p) in points.enumerated() {
            let inside = p.x.isFinite && p.y.isFinite && p.x >= 0 && p.y >= 0 && (page.map { p.x <= $0.width && p.y <= $0.height } ?? true)
            guard inside else { throw RequestBodyError("\(name("points"))[\(i)] (\(p.x), \(p.y)) is not a point on the page") }
        }
        return points
    }

    /// A required position member.
    func requiredPosition(_ key: String) throws -> ScorePosition {
        if let p = try position(key) { return p }
        throw missing(key, "a position {\"page\",\"x\",\"y\"}")
    }

    /// A mark kind from `kind` with `value` (rating 1–5) or `problem`.
    func markKind() throws -> MarkKind {
        let kind = try requiredString("kind")
        switch kind {
        case "rating":
            guard let value = try int("value") else { throw RequestBodyError("a rating needs value, an integer 1–5") }
            guard (1...5).contains(value) else { throw RequestBodyError("value must be a rating from 1 to 5, not \(value)") }
            return .rating(value)
        case "problem":
            guard let problem = try string("problem"), !problem.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw RequestBodyError("a problem mark needs problem: \(ProblemKind.standard.map(\.name).joined(separator: ", ")) or a symbol of your own")
            }
            return .problem(ProblemKind(problem))
        case "edit-point": return .editPoint
        case "text": return .text
        case "ink": return .ink
        default: throw RequestBodyError("kind must be rating, problem, edit-point, text or ink, not '\(kind)'")
        }
    }
}
