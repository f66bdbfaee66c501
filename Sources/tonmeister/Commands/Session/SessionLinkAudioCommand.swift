import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

/// `tonmeister session link-audio SESSION DIR`: the recorder's Broadcast WAVE files matched to the takes.
struct SessionLinkAudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link-audio",
        abstract: "Match the recorder's Broadcast WAVE files in DIR to the takes and fill their source, record start and frame rate.",
        discussion: """
            Each .wav/.bwf file is read for its bext chunk (time reference, description with sTAKE=…) and its iXML \
            (TAKE, SPEED/TIMECODE_RATE and TIMECODE_FLAG). A file is matched to a take by the iXML take, then a sTAKE= \
            line of the bext description, then its name (T012.wav, Take 12.wav, day1_012.wav, a label such as B3.wav), \
            then by time of day and duration (the take's start tap lies in the file's span, its last timed mark before \
            the file's end). A file is bound only when its bext date is the day the take was started and the take's \
            start lies within --window seconds of its span (on the recorder's clock: see `session clock`); others are \
            reported. The record start is the frame in progress at the first sample (from the bext time reference); \
            the take's tablet offset places its start tap in the file; the frame rate comes from the iXML, else the \
            take's, else --fps. Sources are stored as absolute paths. One undoable action (`tonmeister undo`); nothing \
            is written with --dry-run. --relocate OLD NEW moves the takes' sources from folder OLD to NEW instead.

            With --place, the takes just linked are then placed on the score from their audio, as `session place \
            --take N` does (the session must name its notes: `session music`): a second undoable action. The \
            producer's tapped starts and ends are kept unless --replace. Without --place, a session that names its \
            notes is told which takes could be placed.
            """
    )

    @OptionGroup var file: SessionFile

    @Argument(help: "The folder of the recorder's files.")
    var directory: String?

    @Option(help: "Seconds a take's start may lie outside a file's span (clocks that differ a little).")
    var window: Double = 60

    @Option(parsing: .upToNextOption, help: "OLD NEW: move the sources under folder OLD to folder NEW (no files are read).")
    var relocate: [String] = []

    @Option(help: "The frame rate when neither the file's iXML nor the take gives one.")
    var fps: Double = 25

    @Flag(help: "Report what would be linked without changing the session.")
    var dryRun = false

    @Flag(help: "Place the takes just linked on the score from their audio (`session place`; needs `session music`).")
    var place = false

    @Flag(help: "With --place: replace the producer's tapped start and end with those from the audio.")
    var replace = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(fps.isFinite && fps > 0 && fps <= 120) { throw ValidationError("--fps must be a frame rate above 0 and at most 120") }
        if !(window.isFinite && window >= 0) { throw ValidationError("--window must be 0 or more seconds") }
        if !relocate.isEmpty, relocate.count != 2 { throw ValidationError("--relocate takes two folders: OLD NEW") }
        if relocate.isEmpty, directory == nil { throw ValidationError("give the folder of the recorder's files (or --relocate OLD NEW)") }
        if place, !relocate.isEmpty { throw ValidationError("--place places linked files; --relocate links none") }
        if replace, !place { throw ValidationError("--replace goes with --place") }
    }

    func run() throws {
        if relocate.count == 2 { return try relocateMedia() }
        guard let directory else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.badInput("\(directory) is not a folder of recordings")
        }
        let session = try file.load()
        if place, !session.namesNotes {
            throw CLIError.badInput("--place follows the takes through the score's notes, and the session names none: set them with `tonmeister session music SESSION FILE`")
        }
        let files = try RecordingFile.scan(folder: directory)
        let report = session.audioLinks(for: files, defaultFPS: fps, window: window)
        if !dryRun && !report.linked.isEmpty { try file.store().link(report.linked) }
        // The takes just linked, placed from their audio (a second action), or named as placeable.
        var placement: PlacementReport?
        if place, !dryRun, !report.linked.isEmpty {
            placement = try SessionPlaceCommand.place(file, session: try file.load(), takes: report.linked.map(\.take), replace: replace)
        }
        // A take can be placed when its own score names notes (in a session of several, the score its start lies on).
        let placeable = place ? [] : report.linked.map(\.take).filter { number in
            session.take(number).map { session.scores[session.scorePage($0.start.page).score].music != nil } ?? false
        }
        var members: [(String, JSONValue)] = [
            ("linked", .array(report.linked.map { link in
                .object([("take", .int(link.take)), ("label", .string(link.label)), ("source", .string(link.source)),
                         ("recordStart", .optional(link.recordStart)), ("fps", .double(link.fps)), ("by", .string(link.evidence.rawValue)),
                         ("tabletOffset", link.tabletOffset.map { .double(PlainNumber.seconds($0)) } ?? .null),
                         ("channels", .int(link.media.channels)), ("duration", .double(PlainNumber.seconds(link.media.duration))),
                         ("checked", .bool(link.checked))])
            })),
            ("unmatched", .array(report.unmatched.map { item in
                var fields: [(String, JSONValue)] = []
                if let file = item.file { fields.append(("file", .string(file))) }
                if let take = item.take { fields.append(("take", .int(take))) }
                fields.append(("reason", .string(item.reason)))
                fields.append(("kind", .string(item.kind)))
                return .object(fields)
            })),
            ("files", .int(files.count)), ("dryRun", .bool(dryRun))]
        if let placement { members.append(("placement", placement.jsonTree)) }
        if !placeable.isEmpty { members.append(("placeable", .array(placeable.map(JSONValue.int)))) }
        var lines = Self.lines(report, files: files.count, dryRun: dryRun)
        if let placement { lines += SessionPlaceCommand.lines(placement) }
        if !placeable.isEmpty {
            lines.append("the session names its notes: place the linked takes from their audio with `tonmeister session place \(file.session) "
                         + placeable.map { "--take \($0)" }.joined(separator: " ") + "` (or link with --place)")
        }
        output.emit(.object(members), text: lines)
    }

    /// `--relocate OLD NEW`: the takes' sources moved from one folder to another, one undoable action.
    func relocateMedia() throws {
        let old = URL(fileURLWithPath: relocate[0]).standardizedFileURL.path, new = URL(fileURLWithPath: relocate[1]).standardizedFileURL.path
        let moved = dryRun ? [] : try file.store().relocateMedia(from: old, to: new)
        output.emit(["relocated": .array(moved.map { .int($0) }), "from": .string(old), "to": .string(new), "dryRun": .bool(dryRun)],
                    text: ["moved the media of \(moved.count) take\(moved.count == 1 ? "" : "s") from \(old) to \(new)"])
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
