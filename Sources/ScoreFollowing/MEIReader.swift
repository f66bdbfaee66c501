import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the notes and playing-order marks of an MEI document (through Foundation's XMLParser).
///
/// Each `<layer>` is read as a voice; a measure's length is the longest layer. Durations come from `@dur` and
/// `@dots` (or `@dur.ppq` with `@ppq`), pitches from `@pname`, `@oct` and `@accid`/`@accid.ges` (or a child
/// `<accid>`). Repeats come from `@left="rptstart"`/`@right="rptend"`, voltas from `<ending n>`. Fermatas come from
/// `@fermata` on a note, chord or rest, or from a `<fermata>` naming its note, chord or rest (`@startid`) or its beat
/// (`@tstamp`): each is the time its event is held, as the MusicXML reader keeps them. A note tied from the one before
/// (`@tie` "m" or "t", or the end of a `<tie>`) is not struck; a `<tempo @midi.bpm>` sets its measure's tempo.
final class MEIReader: NSObject, XMLParserDelegate {
    private var measures: [ScoreMeasure] = []
    private var current: ScoreMeasure?
    private var layerPosition = 0.0
    private var furthest = 0.0
    private var chordDuration: Double?
    private var chordOnset = 0.0
    private var meter = 4.0
    private var meterCount = 4.0
    private var ending: [Int] = []
    private var pendingNote: (step: Int, octave: Int, alter: Int, duration: Double, onset: Double, tied: Bool, id: String?)?
    private var inTuplet: (num: Double, numbase: Double)?
    /// The notes, chords and rests of the current measure by `xml:id`: when each starts and how long it lasts.
    private var events: [String: Range<Double>] = [:]
    /// The fermatas of the current measure named by `<fermata>`: an `xml:id` or a beat.
    private var fermataMarks: [(startID: String?, tstamp: Double?)] = []
    /// Notes named as the end of a `<tie>` (it follows the staves of the measure where the tie starts).
    private var tieEnds: Set<String> = []
    /// The current measure's notes by `xml:id`: where each is in its `notes`.
    private var noteIndex: [String: Int] = [:]

    static func read(_ data: Data) throws -> FollowedScore {
        let reader = MEIReader()
        let parser = XMLParser(data: XMLInput.parseable(data))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            throw ReadFailure(reason: "not well-formed XML (line \(parser.lineNumber))")
        }
        return FollowedScore(measures: reader.measures)
    }

    private func duration(_ a: [String: String]) -> Double? {
        guard let dur = a["dur"] else { return nil }
        var base: Double
        switch dur {
        case "long": base = 16
        case "breve": base = 8
        default:
            guard let d = Double(dur), d > 0 else { return nil }
            base = 4 / d
        }
        let dots = Int(a["dots"] ?? "0") ?? 0
        var total = base
        var add = base
        for _ in 0..<max(0, min(dots, 4)) { add /= 2; total += add }
        if let t = inTuplet, t.num > 0 { total *= t.numbase / t.num }
        return total
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes a: [String: String] = [:]) {
        switch name {
        case "scoreDef", "meterSig", "staffDef":
            if let count = a["meter.count"] ?? a["count"], let unit = a["meter.unit"] ?? a["unit"],
               let c = Double(count), let u = Double(unit), u > 0 {
                meterCount = c
                meter = c * 4 / u
            }
            if let tempo = a["midi.bpm"].flatMap(Double.init), tempo > 0, measures.isEmpty, current == nil {
                pendingTempo = tempo
            }
        case "ending":
            ending = (a["n"] ?? "").split(whereSeparator: { $0 == "," || $0 == " " || $0 == "-" }).compactMap { Int($0) }
            if ending.isEmpty { ending = [1] }
        case "measure":
            var m = ScoreMeasure(number: a["n"] ?? "\(measures.count + 1)", duration: 0)
            m.repeatStart = a["left"] == "rptstart" || a["left"] == "rptboth"
            m.repeatEnd = a["right"] == "rptend" || a["right"] == "rptboth"
            m.endings = ending
            m.tempo = pendingTempo
            pendingTempo = nil
            current = m
            furthest = 0
            events = [:]
            fermataMarks = []
            noteIndex = [:]
        case "layer":
            layerPosition = 0
        case "tuplet":
            if let num = a["num"].flatMap(Double.init), let base = a["numbase"].flatMap(Double.init) { inTuplet = (num, base) }
        case "chord":
            chordDuration = duration(a)
            chordOnset = layerPosition
            if let d = chordDuration { event(a, at: chordOnset, lasting: d) }
        case "note":
            let d = chordDuration ?? duration(a) ?? 1
            let onset = chordDuration != nil ? chordOnset : layerPosition
            if chordDuration == nil { layerPosition += d }
            furthest = max(furthest, layerPosition)
            event(a, at: onset, lasting: d)
            guard let pname = a["pname"], let step = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11][pname.lowercased()],
                  // An octave beyond ±20 is damage (and `12 * (Int.max + 1)` traps): the note is left out.
                  let oct = a["oct"].flatMap(Int.init), abs(oct) <= 20 else { break }
            let id = a["xml:id"]
            let tied = a["tie"] == "m" || a["tie"] == "t" || id.map(tieEnds.contains) == true
            pendingNote = (step, oct, MEIReader.alter(a["accid.ges"] ?? a["accid"]), d, onset, tied, id)
        case "accid":
            if pendingNote != nil, let value = a["accid.ges"] ?? a["accid"] { pendingNote!.alter = MEIReader.alter(value) }
        case "rest", "space":
            if chordDuration == nil {
                let d = duration(a) ?? 0
                event(a, at: layerPosition, lasting: d)
                layerPosition += d
                furthest = max(furthest, layerPosition)
            }
        case "mRest", "mSpace":
            furthest = max(furthest, meter)
            event(a, at: 0, lasting: meter)
        case "tie":
            guard let end = a["endid"].map(MEIReader.id(referencedBy:)) else { break }
            tieEnds.insert(end)
            if let i = noteIndex[end], current?.notes.indices.contains(i) == true { current?.notes[i].struck = false }
        case "tempo":
            if let bpm = a["midi.bpm"].flatMap(Double.init), bpm > 0, bpm.isFinite, current != nil, current?.tempo == nil {
                current?.tempo = bpm
            }
        case "fermata":
            let id = a["startid"].map(MEIReader.id(referencedBy:))
            let tstamp = a["tstamp"].flatMap(Double.init)
            if id != nil || tstamp != nil { fermataMarks.append((id, tstamp)) }
        case "dir", "repeatMark":
            directionWords = ""
            if a["func"] == "daCapo" { current?.daCapo = true }
            if a["func"] == "dalSegno" { current?.dalSegno = true }
            if a["func"] == "fine" { current?.fine = true }
            if a["func"] == "segno" { current?.segno = true }
            if a["func"] == "coda" { current?.coda = true }
        default: break
        }
    }

    /// Keeps where the note, chord or rest with attributes `a` starts and how long it lasts (by its `xml:id`), and
    /// its `@fermata` as a fermata of the measure.
    private func event(_ a: [String: String], at onset: Double, lasting duration: Double) {
        guard duration > 0, onset.isFinite, duration.isFinite else { return }
        if let id = a["xml:id"] { events[id] = onset..<(onset + duration) }
        if a["fermata"] != nil, current?.fermatas.contains(onset..<(onset + duration)) == false {
            current?.fermatas.append(onset..<(onset + duration))
        }
    }

    /// The fermatas named by `<fermata>` elements in the measure, resolved once its events are known: the event an
    /// `@startid` names, or the longest event starting on a `@tstamp` beat (1 is the downbeat; to the measure's end
    /// when none starts there).
    private func resolvedFermatas(measureLength: Double) -> [Range<Double>] {
        fermataMarks.compactMap { mark in
            if let id = mark.startID { return events[id] }
            guard let tstamp = mark.tstamp, meterCount > 0 else { return nil }
            let onset = (tstamp - 1) * meter / meterCount
            guard onset >= 0, onset < measureLength else { return nil }
            let starting = events.values.filter { abs($0.lowerBound - onset) < 1e-6 }
            return starting.max(by: { $0.upperBound - $0.lowerBound < $1.upperBound - $1.lowerBound }) ?? onset..<measureLength
        }
    }

    private var pendingTempo: Double?
    private var directionWords: String?

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if directionWords != nil { directionWords! += string }
    }

    /// The `xml:id` an MEI reference such as `@startid="#n12"` names.
    private static func id(referencedBy reference: String) -> String {
        reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    }

    private static func alter(_ value: String?) -> Int {
        switch value {
        case "s": return 1
        case "f": return -1
        case "ss", "x": return 2
        case "ff": return -2
        default: return 0
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "note":
            if let n = pendingNote {
                let pitch = 12 * (n.octave + 1) + n.step + n.alter
                if (0...127).contains(pitch), current != nil {
                    if let id = n.id { noteIndex[id] = current?.notes.count }
                    current?.notes.append(ScoreNote(pitch: pitch, onset: n.onset, duration: n.duration, struck: !n.tied))
                }
            }
            pendingNote = nil
        case "chord":
            if let d = chordDuration { layerPosition = chordOnset + d; furthest = max(furthest, layerPosition) }
            chordDuration = nil
        case "tuplet": inTuplet = nil
        case "dir", "repeatMark":
            let w = (directionWords ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if w.hasPrefix("d.c.") || w.hasPrefix("da capo") { current?.daCapo = true }
            if w.hasPrefix("d.s.") || w.hasPrefix("dal segno") { current?.dalSegno = true }
            if w == "fine" { current?.fine = true }
            if w.hasPrefix("to coda") { current?.toCoda = true }
            directionWords = nil
        case "measure":
            if var m = current {
                m.duration = furthest > 0 ? furthest : meter
                for fermata in resolvedFermatas(measureLength: m.duration) where !m.fermatas.contains(fermata) {
                    m.fermatas.append(fermata)
                }
                measures.append(m)
            }
            current = nil
        case "ending": ending = []
        default: break
        }
    }
}
