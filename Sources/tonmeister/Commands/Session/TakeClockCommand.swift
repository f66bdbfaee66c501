import Foundation
import ArgumentParser
import RecordingProtocol
import Storage
import TonmeisterSupport

/// `tonmeister take clock SESSION N [--record-start TC] [--fps F] [--offset S | --adjust S]`: a take's recorder clock, by hand.
struct TakeClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock", abstract: "Set or adjust a take's record start (recorder timecode) and tablet offset; undoable.",
        discussion: """
            The take's marks are timed from its start tap; on the recorder's clock that tap lies at --record-start plus \
            --offset seconds. Give the recorder's timecode at the tap as --record-start (offset 0), or the timecode \
            where the recording begins and the seconds to the tap as --offset. --adjust moves the offset by seconds \
            (positive: the marks lie later in the recording). `tonmeister undo` takes the change back.
            """)

    @OptionGroup var file: SessionFile

    @Argument(help: "The take number.")
    var number: Int

    @Option(name: .customLong("record-start"), help: "The recorder's timecode HH:MM:SS:FF (';' before the frames for drop-frame).")
    var recordStart: String?

    @Option(help: "The frame rate of the timecode.")
    var fps: Double?

    @Option(help: "Seconds from the record start to the take's start tap.")
    var offset: Double?

    @Option(help: "Seconds to add to the take's current offset.")
    var adjust: Double?

    @Flag(name: .customLong("from-audio"), help: "Place the take's start tap on the first onset after silence in its linked file.")
    var fromAudio = false

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if recordStart == nil, fps == nil, offset == nil, adjust == nil, !fromAudio {
            throw ValidationError("give --record-start, --fps, --offset, --adjust or --from-audio")
        }
        if fromAudio, recordStart != nil || offset != nil { throw ValidationError("--from-audio sets the offset itself") }
        if offset != nil, adjust != nil { throw ValidationError("give --offset or --adjust, not both") }
    }

    func run() throws {
        let store = try device.store(file)
        if fromAudio { try clockFromAudio(store) }
        if let recordStart, try store.load().take(number)?.fps == nil, fps == nil {
            try store.setClock(ofTake: number, recordStart: recordStart, fps: 25, tabletOffset: offset)
        } else if recordStart != nil || fps != nil || offset != nil {
            try store.setClock(ofTake: number, recordStart: recordStart, fps: fps, tabletOffset: offset)
        }
        if let adjust { try store.adjustClock(ofTake: number, by: adjust) }
        guard let take = try store.load().take(number) else { throw CLIError.badInput("there is no take \(number)") }
        output.emit(take.clockJSON, text: ["take \(take.label): " + take.clockText])
    }
}

extension TakeClockCommand {
    /// `--from-audio`: the take's linked file read for its first onset after silence, the offset set to it.
    func clockFromAudio(_ store: SessionStore) throws {
        let session = try store.load()
        guard let take = session.take(number), let source = take.source else {
            throw CLIError.badInput("take \(number) has no linked file to read (link-audio first)")
        }
        let path = source.hasPrefix("/") ? source
            : URL(fileURLWithPath: file.session).deletingLastPathComponent().appendingPathComponent(source).path
        let data: Data, wave: BroadcastWave
        do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe); wave = try BroadcastWave(data: data) } catch {
            throw CLIError.badInput("cannot read \(path): \(error)")
        }
        guard let onset = AudioOnset.first(in: data) else {
            throw CLIError.badInput("\(path): no onset after silence was found (integer PCM with a quiet start is needed)")
        }
        guard let clock = session.clockFromAudio(ofTake: number, wave: wave, onset: onset, defaultFPS: fps ?? 25) else {
            throw CLIError.badInput("take \(number) has no record start and \(path) no time reference")
        }
        try store.setClock(ofTake: number, recordStart: clock.recordStart, fps: clock.fps, tabletOffset: clock.tabletOffset)
    }
}

extension Take {
    /// `{"number","label","recordStart","fps","tabletOffset","startedAt","source"}` (absent parts null).
    var clockJSON: JSONValue {
        .object([("number", .int(number)), ("label", .string(label)), ("recordStart", .optional(recordStart)),
                 ("fps", fps.map(JSONValue.double) ?? .null), ("tabletOffset", tabletOffset.map(JSONValue.double) ?? .null),
                 ("startedAt", .optional(startedAt)), ("source", .optional(source))])
    }

    /// "record start 10:00:00:00 @ 25 fps, tap 4.000 s later".
    var clockText: String {
        guard let recordStart else { return "no record start" }
        let offset = tabletOffset.map { " + " + PlainNumber.text($0, places: 3) + " s to the tap" } ?? ""
        return "record start \(recordStart) @ \(EditTimelineRate.text(fps ?? 25)) fps\(offset)"
    }
}
