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
    /// - Throws: `BroadcastWaveError.notWave` naming the folder when it cannot be listed.
    public static func scan(folder: String) throws(BroadcastWaveError) -> [RecordingFile] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .notWave("cannot list the folder \(folder): \(error.localizedDescription)")
        }
        let audio = names.filter { ["wav", "bwf", "rf64", "w64"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.sorted()
        return audio.map { name in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let shown = (folder as NSString).appendingPathComponent(name)
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
    /// `HH:MM:SS:FF` from the `bext` time reference; nil when the file has none (the take keeps its own).
    public var recordStart: String?
    public var fps: Double
    public var evidence: Evidence
}

/// What `link-audio` found: the takes linked, the files and takes left over, and why.
public struct AudioLinkReport: Hashable, Sendable {
    /// A file no take could be given, or a live take no file names.
    public struct Unmatched: Hashable, Sendable {
        public var file: String?
        public var take: Int?
        public var reason: String
    }

    public var linked: [AudioLink]
    public var unmatched: [Unmatched]
}

extension Session {
    /// Matches recorder files to the live takes: by iXML `TAKE`, by a `sTAKE=` line of the `bext` description, by
    /// the file's name (`T012.wav`, `Take 12.wav`, `day1_12.wav`, a take label such as `B3.wav`), or by time of day
    /// (the file's span contains the take's record start). A take named by several files at the same level of
    /// evidence is ambiguous and left unlinked, with the files named.
    ///
    /// - Parameter defaultFPS: the frame rate when neither the file's iXML nor the take gives one.
    public func audioLinks(for files: [RecordingFile], defaultFPS: Double = 25) -> AudioLinkReport {
        let live = liveTakes
        var unmatched: [AudioLinkReport.Unmatched] = []
        var claims: [Int: [(file: RecordingFile, evidence: AudioLink.Evidence, rank: Int)]] = [:]
        for file in files {
            guard let wave = file.wave else {
                unmatched.append(.init(file: file.path, take: nil, reason: file.problem ?? "unreadable"))
                continue
            }
            if let (take, evidence, rank) = Self.identify(file: file, wave: wave, among: live) {
                claims[take, default: []].append((file, evidence, rank))
            } else {
                unmatched.append(.init(file: file.path, take: nil, reason: "no take matches its iXML take, bext description, name or time of day"))
            }
        }
        var linked: [AudioLink] = []
        for take in live {
            guard let candidates = claims[take.number] else {
                unmatched.append(.init(file: nil, take: take.number, reason: "no file names take \(take.label)"))
                continue
            }
            let best = candidates.map(\.rank).min()!
            let winners = candidates.filter { $0.rank == best }
            for loser in candidates where loser.rank != best {
                unmatched.append(.init(file: loser.file.path, take: take.number,
                                       reason: "take \(take.label) is matched more surely by \(winners[0].file.name)"))
            }
            guard winners.count == 1, let winner = winners.first, let wave = winner.file.wave else {
                for w in winners {
                    unmatched.append(.init(file: w.file.path, take: take.number,
                                           reason: "ambiguous: \(winners.map(\.file.name).joined(separator: " and ")) all name take \(take.label)"))
                }
                continue
            }
            let fps = wave.ixml?.framesPerSecond ?? take.fps ?? defaultFPS
            let start = wave.startSeconds.map { seconds in
                Timecode(frameCount: Int((seconds * Timecode.realRate(fps)).rounded()), fps: fps,
                         dropFrame: wave.ixml?.isDropFrame == true && (fps == 29.97 || fps == 59.94))
                    .description
            }
            linked.append(AudioLink(take: take.number, label: take.label, source: winner.file.path, recordStart: start,
                                    fps: fps, evidence: winner.evidence))
        }
        return AudioLinkReport(linked: linked, unmatched: unmatched)
    }

    /// Fills each linked take's `source`, `recordStart` (when the file gives one) and `fps`.
    public mutating func apply(_ links: [AudioLink]) {
        for link in links {
            guard let index = takes.firstIndex(where: { $0.number == link.take }) else { continue }
            takes[index].source = link.source
            if let start = link.recordStart { takes[index].recordStart = start }
            takes[index].fps = link.fps
        }
    }

    /// The take a file names, with the kind of evidence and its rank (lower is surer).
    static func identify(file: RecordingFile, wave: BroadcastWave, among takes: [Take]) -> (Int, AudioLink.Evidence, Int)? {
        if let name = wave.ixml?.take, let take = Self.take(named: name, in: takes) { return (take, .ixmlTake, 0) }
        if let name = wave.bext?.descriptionValue("TAKE"), let take = Self.take(named: name, in: takes) { return (take, .bextTake, 1) }
        let stem = URL(fileURLWithPath: file.name).deletingPathExtension().lastPathComponent
        if let take = Self.take(named: stem, in: takes) ?? Self.take(inFileName: stem, in: takes) { return (take, .fileName, 2) }
        if let start = wave.startSeconds {
            let end = start + max(wave.duration, 1)
            let inside = takes.filter { take in
                guard let text = take.recordStart, let fps = take.fps ?? wave.ixml?.framesPerSecond,
                      let tc = try? Timecode(text, fps: fps) else { return false }
                let seconds = tc.seconds(fps: fps)
                return seconds >= start - 1 && seconds <= end
            }
            if inside.count == 1 { return (inside[0].number, .timeOfDay, 3) }
        }
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
