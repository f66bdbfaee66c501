import TheoryCore
import TonmeisterSupport

/// Reading and writing a quiz spec as JSON.
///
/// ```json
/// {"kinds": ["name-interval", "ear-interval"], "level": 3, "directions": ["ascending", "harmonic"],
///  "count": 12, "choices": 4, "seed": 42}
/// ```
/// Every key is optional; `level` (default 1) fills in the intervals and accidentals first and the other keys
/// override it. Unknown keys are an error, so a misspelt key is never silently ignored.
extension QuizSpec {
    /// The keys a spec document may have.
    public static let jsonKeys = ["kinds", "level", "intervals", "directions", "rootAccidentals", "noteAccidentals",
                                  "octaves", "count", "choices", "enharmonicEquivalence", "tuning", "frets",
                                  "fretboardTasks", "a4", "timbre", "seed"]

    /// Reads a spec document; returns the spec and the seed it names, if any.
    public static func read(json bytes: some Sequence<UInt8>) throws(QuizError) -> (spec: QuizSpec, seed: UInt64?) {
        let tree: JSONValue
        do { tree = try JSONReader.parse(bytes) } catch { throw .invalidDocument(what: "quiz spec", reason: error.description) }
        return try read(tree)
    }

    /// Reads a spec from a parsed JSON object.
    package static func read(_ tree: JSONValue) throws(QuizError) -> (spec: QuizSpec, seed: UInt64?) {
        guard case .object = tree else { throw .invalidDocument(what: "quiz spec", reason: "expected a JSON object") }
        do {
            return try read(fields: try JSONObject(tree))
        } catch let error as JSONFieldError {
            throw .invalidSpec(field: error.path, reason: error.reason)
        } catch let error as QuizError {
            throw error
        } catch {
            throw .invalidSpec(field: "spec", reason: "\(error)")
        }
    }

    private static func read(fields: JSONObject) throws -> (spec: QuizSpec, seed: UInt64?) {
        try fields.rejectUnknown(known: jsonKeys)
        var fields = fields
        var spec = try QuizSpec(level: try fields.optional("level", JSONValue.int) ?? 1)
        if !fields.has("level") { spec.level = nil }
        if let kinds = try fields.optional("kinds", known(QuizKind.init(rawValue:))) { spec.kinds = kinds }
        if let names = try fields.optional("intervals", JSONValue.strings) {
            spec.intervals = try names.map { (name: String) throws(QuizError) -> Interval in
                do { return try Interval(name) } catch { throw .invalidSpec(field: "intervals", reason: "\(error)") }
            }
        }
        if let directions = try fields.optional("directions", known(QuizDirection.init(rawValue:))) { spec.directions = directions }
        if let n = try fields.optional("rootAccidentals", JSONValue.int) { spec.rootAccidentals = n }
        if let n = try fields.optional("noteAccidentals", JSONValue.int) { spec.noteAccidentals = n }
        if let range = try fields.optional("octaves", range) { spec.octaves = range }
        if let n = try fields.optional("count", JSONValue.int) { spec.count = n }
        if let n = try fields.optional("choices", JSONValue.int) { spec.choices = n }
        if let flag = try fields.optional("enharmonicEquivalence", JSONValue.bool) { spec.enharmonicEquivalence = flag }
        if let id = try fields.optional("tuning", JSONValue.string) { spec.tuning = id }
        if let range = try fields.optional("frets", range) { spec.frets = range }
        if let tasks = try fields.optional("fretboardTasks", known(FretboardTask.init(rawValue:))) { spec.fretboardTasks = tasks }
        if let hz = try fields.optional("a4", JSONValue.double) { spec.a4 = hz }
        if let timbre = try fields.optional("timbre", JSONValue.string) { spec.timbre = timbre }
        let seed = try fields.optional("seed") { value throws(JSONFieldError) -> UInt64 in
            let n = try JSONValue.int(value)
            guard n >= 0 else { throw JSONFieldError("\(n) is negative") }
            return UInt64(n)
        }
        try spec.validate()
        return (spec, seed)
    }

    /// A reader of an array of names, each turned into a value by `make` or refused as unknown.
    private static func known<T>(_ make: @escaping (String) -> T?) -> (JSONValue) throws -> [T] {
        { value in
            try JSONValue.strings(value).map { (name: String) throws(JSONFieldError) -> T in
                guard let value = make(name) else { throw JSONFieldError("'\(name)' is not a known value") }
                return value
            }
        }
    }

    /// A range written `[low, high]` or `"low-high"`.
    private static func range(_ value: JSONValue) throws(JSONFieldError) -> ClosedRange<Int> {
        var bounds: [Int] = []
        switch value {
        case .array(let items):
            for item in items {
                guard case .int(let n) = item else { throw JSONFieldError("expected [low, high] whole numbers") }
                bounds.append(n)
            }
        case .string(let text):
            if let (low, high) = QuizSpec.bounds(of: text) { bounds = [low, high] }
        default: break
        }
        guard bounds.count == 2 else { throw JSONFieldError("expected [low, high] or \"low-high\"") }
        guard bounds[0] <= bounds[1] else { throw JSONFieldError("\(bounds[0]) is above \(bounds[1])") }
        return bounds[0]...bounds[1]
    }

    /// The spec as JSON, every field written, in a fixed order.
    package var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("kinds", .strings(kinds.map(\.rawValue)))]
        if let level { members.append(("level", .int(level))) }
        members += [
            ("intervals", .strings(intervals.map(\.name))),
            ("directions", .strings(directions.map(\.rawValue))),
            ("rootAccidentals", .int(rootAccidentals)),
            ("noteAccidentals", .int(noteAccidentals)),
            ("octaves", [.int(octaves.lowerBound), .int(octaves.upperBound)]),
            ("count", .int(count)),
            ("choices", .int(choices)),
            ("enharmonicEquivalence", .bool(enharmonicEquivalence)),
            ("tuning", .string(tuning)),
            ("frets", [.int(frets.lowerBound), .int(frets.upperBound)]),
            ("fretboardTasks", .strings(fretboardTasks.map(\.rawValue))),
            ("a4", .double(a4)),
            ("timbre", .string(timbre)),
        ]
        return .object(members)
    }

    /// The spec as a JSON document (without a seed).
    public var json: String { jsonValue.serialized() }

    /// The two bounds of a range written `low-high` (`3-5`, `0-12`), or nil when it is not one.
    package static func bounds(of text: String) -> (low: Int, high: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let low = parts[0], let high = parts[1] else { return nil }
        return (low, high)
    }
}
