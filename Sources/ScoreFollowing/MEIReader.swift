import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the notes and playing-order marks of an MEI document (through Foundation's XMLParser).
///
/// Each `<layer>` is read as a voice; a measure's length is the longest layer. Durations come from `@dur.ppq` with its
/// staff's `@ppq` when given (the performed length), else `@dur` and `@dots` (or `<dot>` children) inside any
/// `<tuplet>`s; pitches from `@pname`/`@pname.ges`, `@oct`/`@oct.ges` and `@accid.ges`/`@accid` (or a child `<accid>`), at sounding pitch by
/// the staff's `@trans.semi`. Grace notes (`@grace`, `<graceGrp>`) are left out and take no time; cue notes
/// (`@cue="true"`) take their time without sounding; a `<multiRest num>` is that many measures of rest; a
/// `<tupletSpan>` (a tuplet named by its first and last note) times the notes between as `<tuplet>` does.
/// Repeats come from `@left="rptstart"`/`@right="rptend"`, voltas from `<ending n>`. Fermatas come from
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
    /// Inside a `<chord>`: whether it is a grace or a cue chord (its notes are then too).
    private var chord: (grace: Bool, cue: Bool)?
    /// How many `<graceGrp>`s the parser is inside.
    private var graceGroups = 0
    /// Each staff's transposition (`@trans.semi`) and pulses per quarter (`@ppq`), by `@n`; the staff being read.
    private var staffTranspose: [String: Int] = [:]
    private var staffPPQ: [String: Double] = [:]
    private var staff: String?
    /// What a `<dot>` child adds to the note or rest (outside a chord) being read, and to the chord being read: half
    /// the worth of the dot before it (nil where `@dur.ppq` gave the performed length).
    private var dotIncrement: Double?
    private var chordDotIncrement: Double?
    private var inNote = false
    /// The current measure's `<tupletSpan>`s (a tuplet named by its first and last event, `numbase / num`); its layers
    /// counted as read, the layer of each event (by `xml:id`) and note (by index), where each layer ends, and the
    /// meter when a measure rest holds it.
    private var tupletSpans: [(start: String, end: String, ratio: Double)] = []
    private var layer = 0
    private var eventLayers: [String: Int] = [:]
    private var noteLayers: [Int] = []
    private var layerEnds: [Int: Double] = [:]
    private var restFloor = 0.0
    /// The measures a `<multiRest @num>` in the current measure stands for.
    private var multiRest = 1
    private var meter = 4.0
    private var meterCount = 4.0
    private var ending: [Int] = []
    private var pendingNote: (step: Int, octave: Int, alter: Int, duration: Double, onset: Double, tied: Bool, id: String?)?
    /// The ratio of the `<tuplet>`s the parser is inside (`numbase / num` of each).
    private var tuplets: [Double] = []
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
        if let pulses = a["dur.ppq"].flatMap(Double.init), pulses > 0, pulses.isFinite,
           let ppq = staff.flatMap({ staffPPQ[$0] }) {
            return pulses / ppq
        }
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
        return tuplets.reduce(total, *)
    }

    /// What a first `<dot>` child adds to the event with attributes `a`: half its last dot's worth (nil when
    /// `@dur.ppq` gives its performed length).
    private func dotIncrement(_ a: [String: String]) -> Double? {
        if a["dur.ppq"] != nil, staff.flatMap({ staffPPQ[$0] }) != nil { return nil }
        var plain = a
        plain["dots"] = nil
        let dots = max(0, min(4, Int(a["dots"] ?? "0") ?? 0))
        return duration(plain).map { $0 / Double(2 << dots) }
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
            if name == "staffDef", let n = a["n"] {
                // A transposition beyond the MIDI range is damage: ignored.
                if let semi = a["trans.semi"].flatMap(Int.init), abs(semi) <= 127 { staffTranspose[n] = semi }
                if let ppq = a["ppq"].flatMap(Double.init), ppq > 0, ppq.isFinite { staffPPQ[n] = ppq }
            }
        case "ending":
            ending = EndingNumbers.parse(a["n"] ?? "")
            if ending.isEmpty { ending = [1] }
        case "measure":
            var m = ScoreMeasure(number: a["n"] ?? "\(measures.count + 1)", duration: 0)
            m.repeatStart = a["left"] == "rptstart" || a["left"] == "rptboth"
            m.repeatEnd = a["right"] == "rptend" || a["right"] == "rptboth"
            m.closesSection = a["right"] == "end" || a["right"] == "dbl"
            m.endings = ending
            m.tempo = pendingTempo
            pendingTempo = nil
            current = m
            multiRest = 1
            furthest = 0
            events = [:]
            fermataMarks = []
            tupletSpans = []
            layer = 0
            eventLayers = [:]
            noteLayers = []
            layerEnds = [:]
            restFloor = 0
            noteIndex = [:]
        case "staff":
            staff = a["n"]
        case "layer":
            layerPosition = 0
            layer += 1
        case "tupletSpan":
            let num = a["num"].flatMap(Double.init) ?? 0, base = a["numbase"].flatMap(Double.init) ?? 0
            if let start = a["startid"], let end = a["endid"], num > 0, base > 0, (base / num).isFinite {
                tupletSpans.append((MEIReader.id(referencedBy: start), MEIReader.id(referencedBy: end), base / num))
            }
        case "tuplet":
            let num = a["num"].flatMap(Double.init) ?? 0, base = a["numbase"].flatMap(Double.init) ?? 0
            tuplets.append(num > 0 && base > 0 && (base / num).isFinite ? base / num : 1)
        case "graceGrp":
            graceGroups += 1
        case "chord":
            chord = (graceGroups > 0 || a["grace"] != nil, a["cue"] == "true")
            chordOnset = layerPosition
            chordDuration = chord!.grace ? 0 : duration(a)
            chordDotIncrement = chord!.grace ? nil : dotIncrement(a)
            if let d = chordDuration { event(a, at: chordOnset, lasting: d) }
        case "note":
            if graceGroups > 0 || a["grace"] != nil || chord?.grace == true { break }
            inNote = true
            dotIncrement = chord == nil ? dotIncrement(a) : nil
            if chord != nil, chordDuration == nil { chordDuration = duration(a) ?? 1 }
            let d = chordDuration ?? duration(a) ?? 1
            let onset = chord != nil ? chordOnset : layerPosition
            if chord == nil { layerPosition += d }
            furthest = max(furthest, layerPosition)
            event(a, at: onset, lasting: d)
            if a["cue"] == "true" || chord?.cue == true { break }
            guard let pname = a["pname.ges"] ?? a["pname"],
                  let step = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11][pname.lowercased()],
                  // An octave beyond ±20 is damage (and `12 * (Int.max + 1)` traps): the note is left out.
                  let oct = (a["oct.ges"] ?? a["oct"]).flatMap(Int.init), abs(oct) <= 20 else { break }
            let id = a["xml:id"]
            let tied = a["tie"] == "m" || a["tie"] == "t" || id.map(tieEnds.contains) == true
            let transpose = staff.flatMap { staffTranspose[$0] } ?? 0
            pendingNote = (step + transpose, oct, MEIReader.alter(a["accid.ges"] ?? a["accid"]), d, onset, tied, id)
        case "accid":
            if pendingNote != nil, let value = a["accid.ges"] ?? a["accid"] { pendingNote!.alter = MEIReader.alter(value) }
        case "rest", "space":
            if chord == nil, graceGroups == 0, a["grace"] == nil {
                let d = duration(a) ?? 0
                dotIncrement = dotIncrement(a)
                event(a, at: layerPosition, lasting: d)
                layerPosition += d
                furthest = max(furthest, layerPosition)
            }
        case "dot":
            if chord != nil, !inNote, let increment = chordDotIncrement, let d = chordDuration {
                chordDuration = d + increment
                chordDotIncrement = increment / 2
            } else if chord == nil, let increment = dotIncrement {
                layerPosition += increment
                furthest = max(furthest, layerPosition)
                pendingNote?.duration += increment
                dotIncrement = increment / 2
            }
        case "mRest", "mSpace":
            furthest = max(furthest, meter)
            restFloor = meter
            event(a, at: 0, lasting: meter)
        case "multiRest":
            furthest = max(furthest, meter)
            restFloor = meter
            multiRest = max(multiRest, min(999, a["num"].flatMap(Int.init) ?? 1))
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
        if let id = a["xml:id"] { events[id] = onset..<(onset + duration); eventLayers[id] = layer }
        if a["fermata"] != nil, current?.fermatas.contains(onset..<(onset + duration)) == false {
            current?.fermatas.append(onset..<(onset + duration))
        }
    }

    /// The current measure's `<tupletSpan>`s applied: the events of the span's layer from its first to its last event
    /// take `numbase / num` of their written time, and the layer's later events move up by what the span saved.
    private func applyTupletSpans() {
        guard !tupletSpans.isEmpty, var m = current else { return }
        for span in tupletSpans {
            guard let first = events[span.start], let last = events[span.end], let spanLayer = eventLayers[span.start],
                  eventLayers[span.end] == spanLayer, first.lowerBound < last.upperBound else { continue }
            let a = first.lowerBound, b = last.upperBound, saved = (b - a) * (1 - span.ratio)
            let place = { (onset: Double) -> Double in
                onset >= b - 1e-9 ? onset - saved : onset >= a - 1e-9 ? a + (onset - a) * span.ratio : onset
            }
            for i in m.notes.indices where noteLayers.indices.contains(i) && noteLayers[i] == spanLayer {
                let inside = m.notes[i].onset >= a - 1e-9 && m.notes[i].onset < b - 1e-9
                if inside { m.notes[i].duration *= span.ratio }
                m.notes[i].onset = place(m.notes[i].onset)
            }
            for (id, range) in events where eventLayers[id] == spanLayer {
                let inside = range.lowerBound >= a - 1e-9 && range.lowerBound < b - 1e-9
                let start = place(range.lowerBound)
                events[id] = start..<(start + (range.upperBound - range.lowerBound) * (inside ? span.ratio : 1))
            }
            layerEnds[spanLayer] = (layerEnds[spanLayer] ?? b) - saved
        }
        current = m
        furthest = max(restFloor, layerEnds.values.max() ?? 0)
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

    /// The measures after `m` that its `<multiRest num>` stands for: rests of its length, numbered on from it; the
    /// repeat sign at its end moves to the last of them.
    private func appendRestMeasures(after m: ScoreMeasure) {
        guard multiRest > 1 else { return }
        measures[measures.count - 1].repeatEnd = false
        for k in 1..<multiRest {
            var rest = ScoreMeasure(number: Int(m.number).flatMap { abs($0) < 1_000_000 ? "\($0 + k)" : nil } ?? m.number, duration: m.duration)
            rest.endings = m.endings
            rest.repeatEnd = k == multiRest - 1 && m.repeatEnd
            rest.repeatTimes = k == multiRest - 1 ? m.repeatTimes : nil
            measures.append(rest)
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
                    noteLayers.append(layer)
                }
            }
            pendingNote = nil
            inNote = false
            dotIncrement = nil
        case "rest", "space":
            dotIncrement = nil
        case "chord":
            if let d = chordDuration { layerPosition = chordOnset + d; furthest = max(furthest, layerPosition) }
            chordDuration = nil
            chord = nil
        case "graceGrp": graceGroups = max(0, graceGroups - 1)
        case "tuplet": _ = tuplets.popLast()
        case "staff": staff = nil
        case "layer": layerEnds[layer] = max(layerEnds[layer] ?? 0, layerPosition)
        case "dir", "repeatMark":
            current?.readNavigation(words: directionWords ?? "")
            directionWords = nil
        case "measure":
            applyTupletSpans()
            if var m = current {
                m.duration = furthest > 0 ? furthest : meter
                for fermata in resolvedFermatas(measureLength: m.duration) where !m.fermatas.contains(fermata) {
                    m.fermatas.append(fermata)
                }
                measures.append(m)
                appendRestMeasures(after: m)
            }
            current = nil
        case "ending": ending = []
        default: break
        }
    }
}
