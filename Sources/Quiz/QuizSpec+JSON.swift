import ScoreLayout
import TheoryCore

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
        guard case .object(let members) = tree else { throw .invalidDocument(what: "quiz spec", reason: "expected a JSON object") }
        var fields: [String: JSONValue] = [:]
        for (key, value) in members {
            guard jsonKeys.contains(key) else {
                throw .invalidSpec(field: key, reason: "unknown key (known: \(jsonKeys.joined(separator: ", ")))")
            }
            fields[key] = value
        }
        let reader = SpecFieldReader(fields: fields)
        var spec = try QuizSpec(level: try reader.int("level") ?? 1)
        if fields["level"] == nil { spec.level = nil }
        if let kinds = try reader.list("kinds", QuizKind.init(rawValue:)) { spec.kinds = kinds }
        if let names = try reader.strings("intervals") {
            spec.intervals = try names.map { (name: String) throws(QuizError) -> Interval in
                do { return try Interval(name) } catch { throw .invalidSpec(field: "intervals", reason: "\(error)") }
            }
        }
        if let directions = try reader.list("directions", QuizDirection.init(rawValue:)) { spec.directions = directions }
        if let n = try reader.int("rootAccidentals") { spec.rootAccidentals = n }
        if let n = try reader.int("noteAccidentals") { spec.noteAccidentals = n }
        if let range = try reader.range("octaves") { spec.octaves = range }
        if let n = try reader.int("count") { spec.count = n }
        if let n = try reader.int("choices") { spec.choices = n }
        if let flag = try reader.bool("enharmonicEquivalence") { spec.enharmonicEquivalence = flag }
        if let id = try reader.string("tuning") { spec.tuning = id }
        if let range = try reader.range("frets") { spec.frets = range }
        if let tasks = try reader.list("fretboardTasks", FretboardTask.init(rawValue:)) { spec.fretboardTasks = tasks }
        if let hz = try reader.double("a4") { spec.a4 = hz }
        if let timbre = try reader.string("timbre") { spec.timbre = timbre }
        let seed = try reader.seed("seed")
        try spec.validate()
        return (spec, seed)
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

/// Reads typed spec fields with messages that name the field.
private struct SpecFieldReader {
    let fields: [String: JSONValue]

    private func bad(_ key: String, _ reason: String) -> QuizError { .invalidSpec(field: key, reason: reason) }

    func int(_ key: String) throws(QuizError) -> Int? {
        guard let value = fields[key] else { return nil }
        guard case .int(let n) = value else { throw bad(key, "expected a whole number") }
        return n
    }

    func double(_ key: String) throws(QuizError) -> Double? {
        switch fields[key] {
        case nil: return nil
        case .int(let n)?: return Double(n)
        case .double(let x)?: return x
        default: throw bad(key, "expected a number")
        }
    }

    func bool(_ key: String) throws(QuizError) -> Bool? {
        guard let value = fields[key] else { return nil }
        guard case .bool(let flag) = value else { throw bad(key, "expected true or false") }
        return flag
    }

    func string(_ key: String) throws(QuizError) -> String? {
        guard let value = fields[key] else { return nil }
        guard case .string(let text) = value else { throw bad(key, "expected a string") }
        return text
    }

    func strings(_ key: String) throws(QuizError) -> [String]? {
        guard let value = fields[key] else { return nil }
        guard case .array(let items) = value else { throw bad(key, "expected an array of strings") }
        return try items.map { (item: JSONValue) throws(QuizError) -> String in
            guard case .string(let text) = item else { throw bad(key, "expected an array of strings") }
            return text
        }
    }

    func list<T>(_ key: String, _ make: (String) -> T?) throws(QuizError) -> [T]? {
        guard let names = try strings(key) else { return nil }
        return try names.map { (name: String) throws(QuizError) -> T in
            guard let value = make(name) else { throw bad(key, "'\(name)' is not a known value") }
            return value
        }
    }

    /// A range written `[low, high]` or `"low-high"`.
    func range(_ key: String) throws(QuizError) -> ClosedRange<Int>? {
        guard let value = fields[key] else { return nil }
        var bounds: [Int] = []
        switch value {
        case .array(let items):
            for item in items {
                guard case .int(let n) = item else { throw bad(key, "expected [low, high] whole numbers") }
                bounds.append(n)
            }
        case .string(let text):
            if let (low, high) = QuizSpec.bounds(of: text) { bounds = [low, high] }
        default: break
        }
        guard bounds.count == 2 else { throw bad(key, "expected [low, high] or \"low-high\"") }
        guard bounds[0] <= bounds[1] else { throw bad(key, "\(bounds[0]) is above \(bounds[1])") }
        return bounds[0]...bounds[1]
    }

    func seed(_ key: String) throws(QuizError) -> UInt64? {
        guard let n = try int(key) else { return nil }
        guard n >= 0 else { throw bad(key, "\(n) is negative") }
        return UInt64(n)
    }
}
