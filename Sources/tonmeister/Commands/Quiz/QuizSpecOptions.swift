import ArgumentParser
import Foundation
import Quiz
import TheoryCore

/// The options that make a quiz spec: a spec file, a level, and fields that override either.
struct QuizSpecOptions: ParsableArguments {
    @Option(help: "A quiz spec (JSON); the flags below override its fields.")
    var spec: String?

    @Option(name: .customLong("kind"), help: "A kind of question (repeatable): name-interval, build-interval, fretboard-interval, ear-interval.")
    var kinds: [QuizKind] = []

    @Option(help: "Difficulty 1–6: the interval set and accidentals (1: thirds and perfect intervals on naturals … 6: any quality, compound, double accidentals).")
    var level: Int?

    @Option(help: "How many questions (1–500).")
    var count: Int?

    @Option(help: "Multiple choice with this many options (2–8); 0 for free answers.")
    var choices: Int?

    @Option(name: .customLong("direction"), help: "ascending, descending or harmonic (repeatable).")
    var directions: [QuizDirection] = []

    @Option(help: "The intervals asked, comma-separated (M3,P5,m10); overrides the level's set.")
    var intervals: String?

    @Option(help: "The octaves of the notes: 3-5.")
    var octaves: String?

    @Option(help: "The tuning of fretboard questions (see `tonmeister tunings`).")
    var tuning: String?

    @Option(help: "The fret range of fretboard questions: 0-12.")
    var frets: String?

    @Flag(help: "Accept an enharmonic twin (A4 for d5) on written questions.")
    var enharmonic = false

    @Option(help: "Concert pitch A4 in hertz, for audio.")
    var a4: Double?

    @Option(help: "The tone of the audio: piano or plucked.")
    var timbre: String?

    /// The spec, and the seed a spec file names.
    func resolve() throws -> (spec: QuizSpec, seed: UInt64?) {
        var spec: QuizSpec
        var seed: UInt64?
        if let path = self.spec {
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIError.badInput("cannot read the quiz spec \(path)") }
            (spec, seed) = try QuizSpec.read(json: data)
        } else {
            spec = try QuizSpec(level: level ?? 1)
        }
        if let level, self.spec != nil {
            let preset = try QuizLevel(level)
            spec.level = level
            spec.intervals = preset.intervals
            spec.rootAccidentals = preset.rootAccidentals
            spec.noteAccidentals = preset.noteAccidentals
        }
        if !kinds.isEmpty { spec.kinds = kinds }
        if let count { spec.count = count }
        if let choices { spec.choices = choices }
        if !directions.isEmpty { spec.directions = directions }
        if let intervals {
            spec.intervals = try intervals.split(separator: ",").map { name in
                do { return try Interval(String(name).trimmingCharacters(in: .whitespaces)) } catch {
                    throw QuizError.invalidSpec(field: "intervals", reason: "\(error)")
                }
            }
        }
        if let octaves { spec.octaves = try Self.range(octaves, field: "octaves") }
        if let tuning { spec.tuning = tuning }
        if let frets { spec.frets = try Self.range(frets, field: "frets") }
        if enharmonic { spec.enharmonicEquivalence = true }
        if let a4 { spec.a4 = a4 }
        if let timbre { spec.timbre = timbre }
        try spec.validate()
        return (spec, seed)
    }

    private static func range(_ text: String, field: String) throws -> ClosedRange<Int> {
        guard let (low, high) = QuizSpec.bounds(of: text), low <= high else {
            throw QuizError.invalidSpec(field: field, reason: "'\(text)' is not a range such as 3-5")
        }
        return low...high
    }
}

extension QuizKind: ExpressibleByArgument {}
extension QuizDirection: ExpressibleByArgument {}
