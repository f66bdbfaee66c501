import ArgumentParser
import RecordingProtocol
import TonmeisterSupport

/// `tonmeister session clock SESSION [--offset S | --sync TC --at TIME | --clear] [--crossfade-ms MS] [--default-rating N]`.
struct SessionClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock", abstract: "Set the session's clock offset (recorder minus tablet), crossfade and default rating.",
        discussion: """
            The clock offset is how far the recorder's clock runs ahead of the tablet's (seconds). With it, a take \
            with a start time (startedAt) but no record start is placed on the recorder's clock, and link-audio checks \
            files against the recorder's time of the take's start. --sync TC --at TIME sets it from the recorder's \
            display: the recorder showed TC when the tablet's clock read TIME (hh:mm:ss[.fff]). Undoable. \
            --crossfade-ms sets the crossfade at every splice of the EDL and OTIO exports (default 10 ms); \
            --default-rating the rating in force before a take's first rating mark (default 3).
            """)

    @OptionGroup var file: SessionFile

    @Option(help: "Seconds the recorder's clock runs ahead of the tablet's.")
    var offset: Double?

    @Option(help: "The recorder's timecode HH:MM:SS:FF at the moment --at.")
    var sync: String?

    @Option(help: "The tablet's (this computer's) time of day hh:mm:ss[.fff] when the recorder showed --sync.")
    var at: String?

    @Option(help: "The frame rate of --sync (default 25).")
    var fps: Double = 25

    @Flag(help: "Clear the session's clock offset.")
    var clear = false

    @Option(name: .customLong("crossfade-ms"), help: "The crossfade at splices in milliseconds (0–10000).")
    var crossfadeMs: Double?

    @Option(name: .customLong("default-rating"), help: "The rating before a take's first rating mark (1–5).")
    var defaultRating: Int?

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (sync == nil) != (at == nil) { throw ValidationError("--sync and --at go together") }
        if [offset != nil, sync != nil, clear].filter({ $0 }).count > 1 { throw ValidationError("give one of --offset, --sync/--at and --clear") }
    }

    func run() throws {
        let store = try device.store(file)
        if clear { try store.setClockOffset(nil) }
        if let offset { try store.setClockOffset(offset) }
        if let sync, let at {
            let recorder: Timecode
            do { recorder = try Timecode(sync, fps: fps) } catch { throw CLIError.badInput("--sync \(sync): \(error.reason)") }
            let tablet: WallClock
            do { tablet = try WallClock("2000-01-01T" + at) } catch { throw CLIError.badInput("--at \(at): expected hh:mm:ss[.fff]") }
            let seconds = Double(recorder.frameCount(fps: fps)) / Timecode.realRate(fps)
            try store.setClockOffset(PlainNumber.seconds(seconds - tablet.secondsOfDay))
        }
        if crossfadeMs != nil || defaultRating != nil {
            try store.setOptions(crossfade: crossfadeMs.map { $0 / 1000 }, defaultRating: defaultRating)
        }
        let session = try store.load()
        output.emit(
            ["clockOffset": session.clockOffset.map(JSONValue.double) ?? .null,
             "crossfadeMs": .double(PlainNumber.rounded((session.crossfade ?? Session.defaultCrossfade) * 1000, places: 3)),
             "defaultRating": .int(session.defaultRating ?? CoverageIndex.defaultRating)],
            text: ["clock offset: " + (session.clockOffset.map { PlainNumber.text($0, places: 3) + " s" } ?? "none"),
                   "crossfade: " + PlainNumber.text((session.crossfade ?? Session.defaultCrossfade) * 1000, places: 3) + " ms",
                   "default rating: \(session.defaultRating ?? CoverageIndex.defaultRating)"])
    }
}
