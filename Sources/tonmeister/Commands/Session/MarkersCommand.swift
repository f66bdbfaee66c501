import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// `tonmeister markers SESSION --format audacity|reaper -o DIR`: every take's marks as DAW marker files.
struct MarkersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markers",
        abstract: "Write each take's marks as an Audacity label track or a REAPER project with markers and regions.",
        discussion: """
            Times are seconds since the take's record start: a mark's own time, else its position mapped \
            through the take's timed marks. One file per take, named after its source file \
            (T007.wav → T007.txt or T007.rpp), else take-LABEL.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case audacity, reaper
        var fileExtension: String { self == .audacity ? "txt" : "rpp" }
    }

    @OptionGroup var file: SessionFile

    @Option(help: "audacity (label track .txt) or reaper (.rpp project).")
    var format: Format = .audacity

    @Option(name: .shortAndLong, help: "The directory to write into (created when missing).")
    var output: String

    @Option(help: "Only this take.")
    var take: Int?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let session = try file.load()
        var takes = try SessionTiming(session: session).markers(of: session)
        if let take {
            takes = takes.filter { $0.take == take }
            if takes.isEmpty { throw ProtocolError.takeNotFound(number: take) }
        }
        try makeOutputDirectory(output)
        var written: [(take: TakeMarkers, path: String)] = []
        for markers in takes {
            let path = URL(fileURLWithPath: output).appendingPathComponent("\(markers.baseName).\(format.fileExtension)").path
            let text = format == .audacity ? markers.audacityLabels() : markers.reaperProject()
            try SessionStore.writeAtomically(Data(text.utf8), to: path)
            written.append((markers, path))
        }
        outputOptions.emit(
            .object([("format", .string(format.rawValue)), ("files", .array(written.map { entry in
                .object([("take", .int(entry.take.take)), ("label", .string(entry.take.label)), ("path", .string(entry.path)),
                         ("marks", .int(entry.take.entries.count))])
            }))]),
            text: ["wrote \(written.count) \(format.rawValue) marker file\(written.count == 1 ? "" : "s") to \(output) "
                   + "(\(written.reduce(0) { $0 + $1.take.entries.count }) marks)"])
    }
}
