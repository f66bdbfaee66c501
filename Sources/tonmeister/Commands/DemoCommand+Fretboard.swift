import Foundation
import Fretboard
import ScoreLayout
import TheoryCore

extension DemoCommand {
    /// The first voicings of C on the guitar and the dim7 arpeggio spelled on the neck, written as SVG diagrams.
    func fretboardLines() throws -> [String] {
        let neck = try Neck(try Tuning.named("guitar-standard"))
        let (voicings, total) = try VoicingFinder.ranking(for: try Chord("C"), on: neck, limit: 4)
        var lines = ["Part 2 — the fretboard", "",
                     "8. C on guitar-standard: \(total) playable voicings; the first four: "
                     + voicings.map(\.shape).joined(separator: ", ")]
        let pattern = FretPattern.arpeggio(try Chord("Cdim7"), on: neck, frets: 0...5)
        let labels = Set(pattern.cells.map(\.interval.degreeLabel)).sorted()
        lines.append("   Cdim7 arpeggio in frets 0–5: \(pattern.cells.count) cells labelled \(labels.joined(separator: " ")) (bb7, not 6)")
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let files = [("C-voicings.svg", ChordBox.svgSheet(voicings.map { ChordBox($0, on: neck) })),
                     ("Cdim7-arpeggio.svg", NeckDiagram(pattern, on: neck, frets: 0...5).svg(title: "C dim7 arpeggio"))]
        for (name, svg) in files {
            try writeText(svg, to: URL(fileURLWithPath: outputDirectory).appendingPathComponent(name).path)
        }
        lines.append("   wrote " + files.map { "\(outputDirectory)/\($0.0)" }.joined(separator: " and ") + " (chord boxes and a neck diagram)")
        return lines
    }
}
