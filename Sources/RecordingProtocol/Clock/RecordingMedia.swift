import Foundation
import ScoreLayout
import TonmeisterSupport

/// What a take's linked recording holds: its channels, sample rate, length and where it starts on the recorder's clock.
///
/// Filled by `link-audio` from the file's header, so that exports can give the file's real extent
/// (OpenTimelineIO `available_range`) and channels (the EDL's audio channels) without reading the file again.
public struct RecordingMedia: Hashable, Sendable {
    /// Channels in the file.
    public var channels: Int
    /// Samples per second.
    public var sampleRate: Int
    /// Sample frames in the file (per channel).
    public var samples: Int
    /// The first sample's position in samples since midnight on the recorder's clock (`bext` TimeReference).
    public var timeReference: Int?
    /// The `bext` origination date `yyyy-mm-dd`, when the file gives one.
    public var date: String?

    public init(channels: Int, sampleRate: Int, samples: Int, timeReference: Int? = nil, date: String? = nil) {
        (self.channels, self.sampleRate, self.samples, self.timeReference, self.date) = (channels, sampleRate, samples, timeReference, date)
    }

    /// The length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples) / Double(sampleRate) : 0 }

    /// Seconds since midnight at the first sample, when the file gives a time reference.
    public var startSeconds: Double? { timeReference.map { Double($0) / Double(max(1, sampleRate)) } }
}

extension RecordingMedia {
    /// `{"channels","sampleRate","samples","timeReference"?,"date"?}`.
    var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("channels", .int(channels)), ("sampleRate", .int(sampleRate)), ("samples", .int(samples))]
        if let timeReference { members.append(("timeReference", .int(timeReference))) }
        if let date { members.append(("date", .string(date))) }
        return .object(members)
    }

    /// Reads `jsonTree` back.
    init(jsonTree value: JSONValue) throws {
        var m = try JSONObject(value)
        self.init(channels: try m.required("channels", JSONValue.int), sampleRate: try m.required("sampleRate", JSONValue.int),
                  samples: try m.required("samples", JSONValue.int), timeReference: try m.optional("timeReference", JSONValue.int),
                  date: try m.optional("date", JSONValue.string))
    }
}

extension RecordingMedia {
    /// The media as compact JSON text (as the session JSON writes it).
    public var jsonText: String { jsonTree.serialized() }

    /// Reads `jsonText` back.
    ///
    /// - Throws: a `JSONFieldError` or the reader's error when the text is not a media object.
    public init(json text: String) throws {
        try self.init(jsonTree: try JSONReader.parse(text.utf8))
    }
}

extension RecordingMedia {
    /// The media of a WAVE file on disk, from its header; nil when it is missing or not a WAVE file.
    public init?(readingHeaderOf path: String) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe),
              let wave = try? BroadcastWave(data: data) else { return nil }
        self.init(wave: wave)
    }

    /// The media a WAVE header describes.
    public init(wave: BroadcastWave) {
        self.init(channels: wave.channels, sampleRate: wave.sampleRate, samples: wave.sampleFrames,
                  timeReference: wave.bext.map { Int(clamping: $0.timeReference) },
                  date: wave.bext.flatMap { $0.originationDate.isEmpty ? nil : $0.originationDate })
    }
}
