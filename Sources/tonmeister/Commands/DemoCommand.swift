import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import TheoryCore

/// `tonmeister demo`: runs the whole story on the bundled score and built-in examples.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show Tonmeister at work on built-in examples."
    )

    @Option(help: "The score for the score part of the demo (default: the bundled Scores/chorale.pdf).")
    var score: String?

    @Option(help: "Where the demo writes the edit plan's PDF, EDL and OTIO.")
    var outputDirectory = "tonmeister-demo"

    @OptionGroup var output: OutputOptions

    func run() throws {
        let style = output.style
        func pitches(_ ps: [PitchClass]) -> String { ps.map { $0.name(style) }.joined(separator: " ") }
        var lines = ["Tonmeister demo", "", "Part 1 — the theory core", ""]

        lines.append("1. Exact intervals between spelled pitches")
        for (a, b) in [("C4", "B##4"), ("C4", "Dbb4"), ("E4", "C4"), ("C#4", "Bb5"), ("E#4", "Fb4")] {
            let from = try Pitch(a), to = try Pitch(b)
            let i = Interval(from: from, to: to)
            lines.append("   \(from.name(style)) → \(to.name(style)):".padding(toLength: 18, withPad: " ", startingAt: 0) + i.summary)
        }

        lines += ["", "2. Transposition keeps the spelling"]
        let b = try Pitch("B##5")
        lines.append("   \(b.name(style)) down a P5 = \(b.transposed(downBy: .P5).name(style)); "
            + "Gb4 up an A4 = \(try Pitch("Gb4").transposed(by: .A4).name(style)); "
            + "F#3 up a d7 = \(try Pitch("F#3").transposed(by: .d7).name(style))")

        lines += ["", "3. Enharmonics and spelling in a key"]
        lines.append("   " + (try Pitch("C#4")).enharmonics().map { $0.name(style) }.joined(separator: " = "))
        let gSharp = try Key("G# major")
        lines.append("   the leading tone of \(gSharp.name(style)) is \((try Pitch("G4")).respelled(in: gSharp).name(style)), not G4")

        lines += ["", "4. Scales spelled from their formulas (\(ScaleType.all.count) types)"]
        for (root, type) in [("Fb", "melodic-minor"), ("G#", "major"), ("C", "altered"), ("D", "dorian"), ("A", "hungarian-minor")] {
            let scale = Scale(try PitchClass(root), try ScaleType.named(type))
            lines.append("   \(scale.name(style)):".padding(toLength: 28, withPad: " ", startingAt: 0) + pitches(scale.pitchClasses))
        }

        lines += ["", "5. Chord symbols (\(ChordType.all.count) types, plus any combination of alterations)"]
        for symbol in ["Eb7#9b13", "Bbsus4/F", "C7(b9,#11)", "C6/9", "F#ø7", "Cm(maj7)", "G13sus4"] {
            let chord = try Chord(symbol)
            lines.append("   \(symbol.padding(toLength: 12, withPad: " ", startingAt: 0)) \(pitches(chord.notes))"
                + (chord.bass.map { "  (bass \($0.name(style)))" } ?? ""))
        }

        lines += ["", "6. Chords identified from notes"]
        for notes in [["E4", "G4", "C5"], ["C4", "E4", "G4", "Bb4"], ["A3", "C4", "E4", "G4"], ["F#3", "A3", "C4", "E4"]] {
            let best = Chord.identify(try notes.map(Pitch.init)).first
            lines.append("   \(notes.joined(separator: " ").padding(toLength: 14, withPad: " ", startingAt: 0)) → \(best?.chord.symbol(style) ?? "?")")
        }

        lines += ["", "7. Diatonic harmony"]
        for (key, sevenths) in [("D major", false), ("c# minor", true)] {
            let k = try Key(key)
            let chords = k.harmonize(sevenths: sevenths, minorForm: .harmonic)
            lines.append("   \(k.name(style)): " + chords.map { "\($0.roman) \($0.symbol(style))" }.joined(separator: " · "))
        }
        lines += [""] + (try fretboardLines())
        lines += ["", "Part 3 — a score", ""]
        lines += try scoreLines()
        lines += ["", "Part 4 — a recording session", ""]
        lines += try sessionLines()
        lines += ["", "Part 5 — an interval quiz", ""]
        lines += try quizLines()
        lines += ["", "More: tonmeister --help; docs/theory.md, docs/fretboard.md, docs/quiz.md, docs/scores.md, docs/sessions.md and docs/serve.md (tonmeister serve SESSION: live notes in the browser)."]
        output.emit(["demo": "theory, fretboard, score, session, plan, quiz", "lines": .strings(lines)], text: lines)
    }

    /// Opens the bundled score (or `--score`), detects its layout and summarises it.
    private func scoreLines() throws -> [String] {
        guard let path = score ?? BundledScores.directory()?.appendingPathComponent("chorale.pdf").path else {
            return ["   (the bundled scores were not found: run from the package folder or give --score)"]
        }
        let document = try ScoreDocument(path: path)
        let detected = try document.detectLayout()
        let layout = try ScoreLayout(detected: detected)
        var lines = ["9. \(URL(fileURLWithPath: path).lastPathComponent): \(document.pageCount) pages of "
            + "\(Int(document.pageSizes[0].width.rounded()))×\(Int(document.pageSizes[0].height.rounded())) pt; "
            + "detected \(layout.pages.map(\.systems.count).reduce(0, +)) systems and \(layout.barCount) bars"]
        for (page, report) in zip(layout.pages, detected) {
            let bars = page.systems.flatMap { $0.bars ?? [] }
            let summary = page.systems.isEmpty
                ? "no systems (\(report.status.rawValue): a title or text page)"
                : "\(page.systems.count) systems of \(page.systems[0].staves?.count ?? 0) staves, bars \(bars.first!.number)–\(bars.last!.number)"
            lines.append("   page \(page.page): \(summary), confidence \(report.confidence)")
        }
        if let bar = layout.bar(numbered: BarNumber(17)) {
            let b = bar.layout
            let point = ScorePosition(page: bar.page, x: (b.left + b.right) / 2, y: layout.pages.first { $0.page == bar.page }!.systems[bar.system].top + 5)
            let resolved = try layout.resolve(point)
            lines.append("   the point (page \(point.page), x \(Int(point.x)), y \(Int(point.y))) lies in bar \(resolved.bar.map(\.description) ?? "?"), "
                + "\(Int(((resolved.fraction ?? 0) * 100).rounded()))% into it")
        }
        return lines
    }

    /// Loads the bundled example session and answers "which takes cover bar 12?" and "what is in the can?".
    private func sessionLines() throws -> [String] {
        guard let directory = BundledScores.directory() else { return ["   (the bundled example session was not found)"] }
        let path = directory.deletingLastPathComponent().appendingPathComponent("Examples/chorale-session.json").path
        guard FileManager.default.fileExists(atPath: path) else { return ["   (Examples/chorale-session.json was not found)"] }
        let session = try SessionFile.load(path)
        let index = try session.coverageIndex()
        let open = session.liveTakes.filter { $0.end == nil }.map(\.label)
        var lines = ["10. \(session.title): \(session.liveTakes.count) takes (open: \(open.joined(separator: ", "))), "
            + "\(session.liveMarks.count) marks"]
        let covers = try index.covers(bar: BarNumber(12))
        lines.append("   which takes cover bar 12? " + covers.map { c in
            "\(c.label) (\(c.coverage.rawValue), rating \(c.rating)\(c.open ? ", open" : ""))"
        }.joined(separator: ", "))
        let bars = index.coverage()
        let best = Dictionary(grouping: bars, by: { $0.best ?? 0 }).mapValues(\.count)
        lines.append("   what is in the can: " + best.keys.sorted(by: >).map { rating in
            TakesCommand.count(best[rating]!, "bar") + (rating == 0 ? " uncovered" : " at best \(rating)")
        }.joined(separator: ", "))
        let gaps = index.gaps(threshold: 4)
        lines.append("   bars still below 4: " + (gaps.isEmpty ? "none" : gaps.map(\.bar.description).joined(separator: " ")))
        return lines + [""] + (try planLines(session: session, sessionPath: path))
    }
}
