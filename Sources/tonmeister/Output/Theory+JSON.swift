import TheoryCore
import TonmeisterSupport

/// JSON shapes of DESIGN.md §7 for the theory types.
extension Interval {
    /// `{"name","directedName","simpleName","semitones","quality","number","direction","longName","inversion",…}`
    var jsonFields: [(String, JSONValue)] {
        [
            ("name", .string(name)),
            ("directedName", .string(directedName)),
            ("simpleName", .string(simpleName)),
            ("semitones", .int(semitones)),
            ("quality", .string(quality.symbol)),
            ("qualityName", .string(quality.longName)),
            ("number", .int(number)),
            ("direction", .string(direction.rawValue)),
            ("compound", .bool(isCompound)),
            ("longName", .string(longName)),
            ("inversion", .string(inversion.name)),
            ("degree", .string(degreeLabel)),
        ]
    }
}

extension Interval {
    /// One line of text: `d14 (diminished fourteenth), 21 semitones, simple d7, inversion A2`.
    var summary: String {
        var parts = ["\(directedName) (\(longName))", "\(semitones) semitone\(abs(semitones) == 1 ? "" : "s")"]
        if isCompound { parts.append("simple \(simpleName)") }
        parts.append("inversion \(inversion.name)")
        return parts.joined(separator: ", ")
    }
}
