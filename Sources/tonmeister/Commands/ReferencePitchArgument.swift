import ArgumentParser
import ScoreFollowing

/// The check of a `--reference-pitch HZ` given to `follow` or `session place`.
enum ReferencePitchArgument {
    /// Throws for a reference outside ``ReferencePitch/plausible``; nil (not given) passes.
    static func validate(_ hertz: Double?) throws {
        guard let hertz, !ReferencePitch.plausible.contains(hertz) else { return }
        throw ValidationError("--reference-pitch must lie between \(Int(ReferencePitch.plausible.lowerBound)) and "
            + "\(Int(ReferencePitch.plausible.upperBound)) Hz (A4), not \(hertz)")
    }
}
