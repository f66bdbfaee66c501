import Foundation

/// The marks of one take placed in time, for DAW marker tracks (Audacity labels, Reaper markers and regions).
public struct TakeMarkers: Hashable, Sendable {
    /// One mark in time: seconds since the take's record start (a range also has an end).
    public struct Entry: Hashable, Sendable {
        /// The mark's id.
        public var mark: Int
        /// The mark's kind name (`rating`, `problem`, `edit-point`, `text`).
        public var kind: String
        /// Seconds since the take's record start.
        public var start: Double
        /// For a range mark, where it ends.
        public var end: Double?
        /// What the mark says ("rating 4 (good)", "intonation: first violin sharp").
        public var text: String
        /// A colour name as OpenTimelineIO spells it.
        public var color: String
    }

    /// The take number, label and recording.
    public var take: Int
    public var label: String
    public var source: String?
    /// The take's marks in time order.
    public var entries: [Entry]

    /// A file name for this take's marker files: the source file's name without extension, else `take-LABEL`.
    public var baseName: String {
        if let source, let name = source.split(separator: "/").last, !name.isEmpty {
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            return Self.safe(stem.isEmpty ? String(name) : stem)
        }
        return Self.safe("take-" + label)
    }

    /// An Audacity label track: one `start<TAB>end<TAB>text` line per mark, in seconds (a point label has end = start).
    public func audacityLabels() -> String {
        entries.map { "\(Self.seconds($0.start))\t\(Self.seconds($0.end ?? $0.start))\t\(Self.oneLine($0.text))\n" }.joined()
    }

    /// A REAPER project holding the marks: `MARKER` lines, a range mark as a region (two lines with the same index).
    ///
    /// Open it, then add the take's recording at position 0; the markers sit at their times in it.
    /// Colours use REAPER's custom-colour flag (`0x1000000 | blue << 16 | green << 8 | red`).
    public func reaperProject() -> String {
        var lines = ["<REAPER_PROJECT 0.1 \"6.0\" 0", "  TITLE \"\(Self.quoted("take " + label))\""]
        for (index, entry) in entries.enumerated() {
            let color = Self.reaperColor(entry.color)
            let name = "\"\(Self.quoted(entry.text))\""
            if let end = entry.end {
                lines.append("  MARKER \(index + 1) \(Self.seconds(entry.start)) \(name) 1 \(color)")
                lines.append("  MARKER \(index + 1) \(Self.seconds(end)) \"\" 1")
            } else {
                lines.append("  MARKER \(index + 1) \(Self.seconds(entry.start)) \(name) 0 \(color)")
            }
        }
        lines.append(">")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text of a mark as a marker name.
    static func text(of mark: Mark) -> String {
        let note = mark.text.map { ": " + $0 } ?? ""
        switch mark.kind {
        case .rating(let value): return "rating \(value) (\(ratingWord(value)))" + note
        case .problem(let problem): return problem.name + note
        case .editPoint: return "edit point" + note
        case .text: return mark.text ?? ""
        case .ink: return "ink" + note
        }
    }

    /// The producer's word for a rating: 1 bad, 2 ±, 3 ok, 4 good, 5 excellent.
    public static func ratingWord(_ value: Int) -> String {
        switch value {
        case 1: return "bad"
        case 2: return "±"
        case 3: return "ok"
        case 4: return "good"
        default: return "excellent"
        }
    }

    /// The marker colour of a mark: ratings red (1) to green (4–5), problems red, edit points cyan, texts blue.
    static func color(of kind: MarkKind) -> String {
        switch kind {
        case .rating(let value): return value <= 1 ? "RED" : value == 2 ? "ORANGE" : value == 3 ? "YELLOW" : "GREEN"
        case .problem: return "RED"
        case .editPoint: return "CYAN"
        case .text: return "BLUE"
        case .ink: return "BLUE"
        }
    }

    static func reaperColor(_ name: String) -> Int {
        let (r, g, b): (Int, Int, Int)
        switch name {
        case "RED": (r, g, b) = (220, 40, 40)
        case "ORANGE": (r, g, b) = (240, 140, 20)
        case "YELLOW": (r, g, b) = (230, 200, 40)
        case "GREEN": (r, g, b) = (40, 170, 60)
        case "CYAN": (r, g, b) = (30, 180, 200)
        default: (r, g, b) = (50, 90, 220)
        }
        return 0x100_0000 | b << 16 | g << 8 | r
    }

    /// Seconds with six decimals (microseconds), never negative; a time too large for whole microseconds (or not
    /// finite) is written with `%.6f` (or as 0) instead of trapping.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "0.000000" }
        guard let micros = Int(exactly: (max(0, value) * 1_000_000).rounded()) else { return String(format: "%.6f", value) }
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    private static func quoted(_ text: String) -> String {
        String(oneLine(text).map { $0 == "\"" ? "'" : $0 })
    }

    private static func safe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }
}

extension SessionTiming {
    /// Every live take's live marks in time (ordered by take number, then time).
    ///
    /// A mark's time is its own `time` when it has one, else its position mapped through the take's
    /// anchors; a range's end keeps the same offset from the mapped start. Times are positions in the take's
    /// recording: a take with a record start has its `tabletOffset` added (its marks count from its start tap).
    ///
    /// - Throws: `ProtocolError.missingTiming` for a take with untimed marks that cannot be placed.
    public func markers(of session: Session) throws -> [TakeMarkers] {
        var byTake: [Int: [TakeMarkers.Entry]] = [:]
        var offsets: [Int: Double] = [:]
        for take in session.liveTakes where take.recordStart != nil { offsets[take.number] = take.tabletOffset ?? 0 }
        for mark in session.liveMarks {
            let start = try (mark.time ?? seconds(take: mark.take, at: mark.at)) + (offsets[mark.take] ?? 0)
            let end = try mark.to.map { try seconds(take: mark.take, at: $0) - seconds(take: mark.take, at: mark.at) + start }
            byTake[mark.take, default: []].append(TakeMarkers.Entry(
                mark: mark.id, kind: mark.kind.name, start: start, end: end.map { max($0, start) },
                text: TakeMarkers.text(of: mark), color: TakeMarkers.color(of: mark.kind)))
        }
        return session.liveTakes.sorted { $0.number < $1.number }.map { take in
            TakeMarkers(take: take.number, label: take.label, source: take.source,
                        entries: (byTake[take.number] ?? []).sorted { ($0.start, $0.mark) < ($1.start, $1.mark) })
        }
    }
}
