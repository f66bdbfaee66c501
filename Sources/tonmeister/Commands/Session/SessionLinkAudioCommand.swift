import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout

/// `tonmeister session link-audio SESSION DIR`: the recorder's Broadcast WAVE files matched to the takes.
struct SessionLinkAudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link-audio",
        abstract: "Match the recorder's Broadcast WAVE files in DIR to the takes and fill their source, record start and frame rate.",
        discussion: """
            Each .wav/.bwf file is read for its bext chunk (time reference, description with sTAKE=…) and its iXML \
            (TAKE, SPEED/TIMECODE_RATE and TIMECODE_FLAG). A file is matched to a take by the iXML take, then a sTAKE= \
            line of the bext description, then its name (T012.wav, Take 12.wav, day1_012.wav, a label such as B3.wav), \
            then by time of day (the file's span contains the take's record start). The record start comes from the \
            bext time reference; the frame rate from the iXML, else the take's, else --fps. The EDL and OTIO exports then \
            point at the files and their timecode. Nothing is written with --dry-run.
            """
    )

    @OptionGroup var file: SessionFile

    @Argument(help: "The folder of the recorder's files.")
    var directory: String

    @Option(help: "The frame rate when neither the file's iXML nor the take gives one.")
    var fps: Double = 25

    @Flag(help: "Report what would be linked without changing the session.")
    var dryRun = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(fps.isFinite && fps > 0 && fps <= 120) { throw ValidationError("--fps must be a frame rate above 0 and at most 120") }
    }

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.badInput("\(directory) is not a folder of recordings")
        }
        let session = try file.load()
        let files = try RecordingFile.scan(folder: directory)
        let report = session.audioLinks(for: files, defaultFPS: fps)
        if !dryRun && !report.linked.isEmpty { try file.store().apply(report.linked) }
        output.emit(
            ["linked": .array(report.linked.map { link in
                .object([("take", .int(link.take)), ("label", .string(link.label)), ("source", .string(link.source)),
                         ("recordStart", .optional(link.recordStart)), ("fps", .double(link.fps)), ("by", .string(link.evidence.rawValue))])
            }),
             "unmatched": .array(report.unmatched.map { item in
                 var fields: [(String, JSONValue)] = []
                 if let file = item.file { fields.append(("file", .string(file))) }
                 if let take = item.take { fields.append(("take", .int(take))) }
                 fields.append(("reason", .string(item.reason)))
                 return .object(fields)
             }),
             "files": .int(files.count), "dryRun": .bool(dryRun)],
            text: Self.lines(report, files: files.count, dryRun: dryRun))
    }

    static func lines(_ report: AudioLinkReport, files: Int, dryRun: Bool) -> [String] {
        var lines = ["\(dryRun ? "would link" : "linked") \(report.linked.count) take\(report.linked.count == 1 ? "" : "s") from \(files) file\(files == 1 ? "" : "s")"]
        for link in report.linked {
            lines.append("  take \(link.label): \(link.source) at \(link.recordStart ?? "(no time reference)") @ \(EditTimelineRate.text(link.fps)) fps (by \(link.evidence.rawValue))")
        }
        for item in report.unmatched {
            lines.append("  unmatched " + (item.file ?? "take \(item.take.map(String.init) ?? "?")") + ": \(item.reason)")
        }
        return lines
    }
}

/// A frame rate for text: `25`, `29.97`.
enum EditTimelineRate {
    static func text(_ fps: Double) -> String { fps == fps.rounded() ? String(Int(fps)) : String(fps) }
}
