import Foundation

/// A recorder's file found in a folder: where it is and what its header says (or why it could not be read).
public struct RecordingFile: Hashable, Sendable {
    /// The path as found (the folder given, joined with the file's name).
    public var path: String
    /// The header, or nil when the file could not be read (`problem` says why).
    public var wave: BroadcastWave?
    /// Why the file could not be read.
    public var problem: String?

    public init(path: String, wave: BroadcastWave?, problem: String? = nil) {
        (self.path, self.wave, self.problem) = (path, wave, problem)
    }

    /// The file's name without its folder.
    public var name: String { URL(fileURLWithPath: path).lastPathComponent }

    /// Every `.wav`/`.bwf`/`.rf64` file directly inside `folder`, sorted by name, each read (bad files are kept with their problem).
    ///
    /// Paths are absolute: a relative `folder` is taken from the current directory.
    ///
    /// - Throws: `BroadcastWaveError.notWave` naming the folder when it cannot be listed.
    public static func scan(folder: String) throws(BroadcastWaveError) -> [RecordingFile] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .notWave("cannot list the folder \(folder): \(error.localizedDescription)")
        }
        let audio = names.filter { ["wav", "bwf", "rf64", "w64"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.sorted()
        return audio.map { name in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
            let shown = path
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
                return RecordingFile(path: shown, wave: try BroadcastWave(data: data))
            } catch let error as BroadcastWaveError {
                return RecordingFile(path: shown, wave: nil, problem: error.description)
            } catch {
                return RecordingFile(path: shown, wave: nil, problem: "cannot read it: \(error.localizedDescription)")
            }
        }
    }
}

/// One take linked to its recording: the source file, its record-start timecode and frame rate.
public struct AudioLink: Hashable, Sendable {
    /// How the file was matched to the take.
    public enum Evidence: String, Hashable, Sendable {
        case ixmlTake = "ixml-take", bextTake = "bext-take", fileName = "file-name", timeOfDay = "time-of-day"
    }

    public var take: Int
    public var label: String
    public var source: String
    /// `HH:MM:SS:FF` from the `bext` time reference: the frame in progress at the first sample (floor, not rounded);
    /// nil when the file has none (the take keeps its own).
    public var recordStart: String?
    public var fps: Double
    public var evidence: Evidence
    /// Seconds from `recordStart` to the take's tablet time 0 (its start tap), the part of a frame the floor cut off included.
    public var tabletOffset: Double?
    /// The file's channels, rate, length and time reference.
    public var media: RecordingMedia
    /// True when the file's date and time of day were compared with the take's start (the take has a `startedAt`).
    public var checked: Bool

    public init(take: Int, label: String, source: String, recordStart: String?, fps: Double, evidence: Evidence,
                tabletOffset: Double?, media: RecordingMedia, checked: Bool) {
        (self.take, self.label, self.source, self.recordStart, self.fps, self.evidence) = (take, label, source, recordStart, fps, evidence)
        (self.tabletOffset, self.media, self.checked) = (tabletOffset, media, checked)
    }
}

/// What `link-audio` found: the takes linked, the files and takes left over, and why.
public struct AudioLinkReport: Hashable, Sendable {
    /// A file no take could be given, or a live take no file names.
    public struct Unmatched: Hashable, Sendable {
        public var file: String?
        public var take: Int?
        public var reason: String
        /// Why, in one word: `unreadable`, `no-match`, `other-day`, `outside-window`, `ambiguous`, `superseded`, `no-file`.
        public var kind: String = "no-match"
    }

    public var linked: [AudioLink]
    public var unmatched: [Unmatched]
}

extension Session {
    /// Matches recorder files to the live takes, and checks every match against the clock.
    ///
    /// A file names a take by its iXML `TAKE`, a `sTAKE=` line of the `bext` description, its name (`T012.wav`,
    /// `Take 12.wav`, `day1_12.wav`, a label such as `B3.wav`), or, failing those, by time of day and duration: the
    /// take's start tap lies inside the file's span and its last timed mark before the file's end. Whatever named
    /// it, a file is only bound when its `bext` origination date is the day the take was started (`startedAt`) and
    /// the take's start tap lies within `window` seconds of the file's span on the recorder's clock (the tablet's
    /// clock plus the session's `clockOffset`); other files are reported (`other-day`, `outside-window`). A take
    /// named by several files at the same level of evidence is ambiguous and left unlinked, with the files named.
    /// Takes without `startedAt` cannot be checked (`checked` is false).
    ///
    /// The record start is the frame in progress at the file's first sample; the tablet offset places the take's
    /// start tap in the file (the tap's recorder time minus the record start), so marks land where they were tapped.
    ///
    /// - Parameters:
    ///   - defaultFPS: the frame rate when neither the file's iXML nor the take gives one.
    ///   - window: how far (seconds) the tap may lie outside the file's span, for clocks that differ a little.
    public func audioLinks(for files: [RecordingFile], defaultFPS: Double = 25, window: Double = 60) -> AudioLinkReport {
        let live = liveTakes
        var unmatched: [AudioLinkReport.Unmatched] = []
        var claims: [Int: [(file: RecordingFile, evidence: AudioLink.Evidence, rank: Int)]] = [:]
        for file in files {
            guard let wave = file.wave else {
                unmatched.append(.init(file: file.path, take: nil, reason: file.problem ?? "unreadable", kind: "unreadable"))
                continue
            }
            let named = Self.identify(file: file, wave: wave, among: live)
            let found = named ?? timeOfDayMatch(wave: wave, among: live, window: window)
            guard let (number, evidence, rank) = found, let take = live.first(where: { $0.number == number }) else {
                unmatched.append(.init(file: file.path, take: nil,
                                       reason: "no take matches its iXML take, bext description, name or time of day and duration"))
                continue
            }
            if let problem = clockProblem(wave: wave, take: take, window: window) {
                unmatched.append(.init(file: file.path, take: number, reason: problem.reason, kind: problem.kind))
                continue
            }
            claims[number, default: []].append((file, evidence, rank))
        }
        var linked: [AudioLink] = []
        for take in live {
            guard let candidates = claims[take.number] else {
                unmatched.append(.init(file: nil, take: take.number, reason: "no file names take \(take.label)", kind: "no-file"))
                continue
            }
            let best = candidates.map(\.rank).min()!
            let winners = candidates.filter { $0.rank == best }
            for loser in candidates where loser.rank != best {
                unmatched.append(.init(file: loser.file.path, take: take.number,
                                       reason: "take \(take.label) is matched more surely by \(winners[0].file.name)", kind: "superseded"))
            }
            guard winners.count == 1, let winner = winners.first, let wave = winner.file.wave else {
                for w in winners {
                    unmatched.append(.init(file: w.file.path, take: take.number,
                                           reason: "ambiguous: \(winners.map(\.file.name).joined(separator: " and ")) all name take \(take.label)",
                                           kind: "ambiguous"))
                }
                continue
            }
            linked.append(link(take, to: winner.file, wave: wave, evidence: winner.evidence, defaultFPS: defaultFPS))
        }
        return AudioLinkReport(linked: linked, unmatched: unmatched)
    }

    /// The link of a take to a file: the record start (the frame in progress at the first sample) and the tablet offset.
    func link(_ take: Take, to file: RecordingFile, wave: BroadcastWave, evidence: AudioLink.Evidence, defaultFPS: Double) -> AudioLink {
        let fps = wave.ixml?.framesPerSecond ?? take.fps ?? defaultFPS
        let real = Timecode.realRate(fps)
        let media = RecordingMedia(wave: wave)
        var recordStart: String?
        var offset: Double?
        if let seconds = wave.startSeconds {
            let frame = Int((seconds * real).rounded(.down))
            let drop = wave.ixml?.isDropFrame == true && (fps == 29.97 || fps == 59.94)
            recordStart = Timecode(frameCount: frame, fps: fps, dropFrame: drop).description
            let tap = tapSeconds(of: take) ?? seconds
            offset = Self.millisecond(tap - Double(frame) / real, places: 6)
        }
        return AudioLink(take: take.number, label: take.label, source: file.path, recordStart: recordStart, fps: fps,
                         evidence: evidence, tabletOffset: offset, media: media, checked: take.startedAt != nil)
    }

    /// The take's start tap on the recorder's clock: from its record start and offset, else its start time plus
    /// the session's clock offset (0 when not set); nil when neither is known.
    func tapSeconds(of take: Take) -> Double? {
        if take.recordStart != nil, let clock = alignedClock(of: take) { return clock.seconds }
        guard let text = take.startedAt, let wall = try? WallClock(text) else { return nil }
        return wall.secondsOfDay + (clockOffset ?? 0)
    }

    /// Why a file cannot be the recording of a take: another day, or a span that does not hold the take's start tap.
    func clockProblem(wave: BroadcastWave, take: Take, window: Double) -> (kind: String, reason: String)? {
        guard let text = take.startedAt, let wall = try? WallClock(text) else { return nil }
        if let date = wave.bext?.originationDate, !date.isEmpty, date != wall.date {
            return ("other-day", "recorded on \(date), but take \(take.label) was started on \(wall.date)")
        }
        guard let start = wave.startSeconds, let tap = tapSeconds(of: Take(number: take.number, start: take.start, startedAt: take.startedAt))
        else { return nil }
        let end = start + wave.duration
        if tap < start - window || tap > end + window {
            return ("outside-window", "it runs \(Self.clock(start))–\(Self.clock(end)), but take \(take.label) started at \(Self.clock(tap))"
                    + " (more than \(Self.millisecond(window, places: 3)) s outside)")
        }
        return nil
    }

    /// The one take whose start tap lies in the file's span and whose last timed mark ends before the file does.
    func timeOfDayMatch(wave: BroadcastWave, among takes: [Take], window: Double) -> (Int, AudioLink.Evidence, Int)? {
        guard let start = wave.startSeconds else { return nil }
        let end = start + wave.duration
        let lastTimes = Dictionary(grouping: liveMarks.compactMap { m in m.time.map { (m.take, $0) } }, by: \.0).mapValues { $0.map(\.1).max() ?? 0 }
        let inside = takes.filter { take in
            guard take.startedAt != nil || take.recordStart != nil, let tap = tapSeconds(of: take) else { return false }
            return tap >= start - 1 && tap <= end && tap + (lastTimes[take.number] ?? 0) <= end + 1
        }
        return inside.count == 1 ? (inside[0].number, .timeOfDay, 3) : nil
    }

    /// `hh:mm:ss.sss` of seconds since midnight.
    static func clock(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let ms = String(millis % 1000)
        return "\(two(millis / 3_600_000)):\(two(millis / 60_000 % 60)):\(two(millis / 1000 % 60)).\(String(repeating: "0", count: 3 - ms.count))\(ms)"
    }

    /// A value rounded to `places` decimals.
    static func millisecond(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// The take a file names, with the kind of evidence and its rank (lower is surer).
    static func identify(file: RecordingFile, wave: BroadcastWave, among takes: [Take]) -> (Int, AudioLink.Evidence, Int)? {
        if let name = wave.ixml?.take, let take = Self.take(named: name, in: takes) { return (take, .ixmlTake, 0) }
        if let name = wave.bext?.descriptionValue("TAKE"), let take = Self.take(named: name, in: takes) { return (take, .bextTake, 1) }
        let stem = URL(fileURLWithPath: file.name).deletingPathExtension().lastPathComponent
        if let take = Self.take(named: stem, in: takes) ?? Self.take(inFileName: stem, in: takes) { return (take, .fileName, 2) }
        return nil
    }

    /// The take whose label is `name` (ignoring case), else whose number it is (`12`, `012`, `T12`, `Take 12`, `TK012`).
    static func take(named name: String, in takes: [Take]) -> Int? {
        let trimmed = name.trimmingWhitespaceAndControls()
        if let take = takes.first(where: { $0.label.caseInsensitiveCompare(trimmed) == .orderedSame }) { return take.number }
        var digits = Substring(trimmed.lowercased())
        for prefix in ["take", "tk", "t"] where digits.hasPrefix(prefix) {
            digits = digits.dropFirst(prefix.count).drop { $0 == " " || $0 == "_" || $0 == "-" || $0 == "." }
            break
        }
        guard let number = Int(digits) else { return nil }
        return takes.first { $0.number == number }?.number
    }

    /// The take numbered by the last run of digits of a file name such as `Haydn day1_012` (a leading `T`/`Take` word counts too).
    static func take(inFileName stem: String, in takes: [Take]) -> Int? {
        let separators: Set<Character> = [" ", "_", "-", ".", "+"]
        for word in stem.split(whereSeparator: { separators.contains($0) }).reversed() {
            if let take = take(named: String(word), in: takes), word.contains(where: \.isNumber) { return take }
        }
        return nil
    }
}
