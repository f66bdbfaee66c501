import Foundation

/// Common voicings as a teacher's chord book shows them first, each checked by hand (string 1 = thumb side).
///
/// The list lives in `Fixtures/teacher-chord-book.txt` (one `TUNING SYMBOL SHAPE` per line), shared with
/// Benchmarks/FretboardBench. The set is fixed: the playability score is tuned on general principles and
/// measured against it, never adjusted for single chords.
enum TeacherChordBook {
    struct Entry: CustomStringConvertible, Sendable {
        var tuning: String
        var symbol: String
        var shape: String
        var description: String { "\(symbol) \(shape) on \(tuning)" }

        /// The shape as frets (`nil` for muted strings).
        var frets: [Int?] { shape.map { $0 == "x" ? nil : Int(String($0)) } }
    }

    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/teacher-chord-book.txt").path

    static let all: [Entry] = {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 3, !line.hasPrefix("#") else { return nil }
            return Entry(tuning: words[0], symbol: words[1], shape: words[2])
        }
    }()
}
