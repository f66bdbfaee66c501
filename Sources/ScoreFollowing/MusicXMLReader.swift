import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TonmeisterSupport

/// Reads the notes and playing-order marks of a partwise MusicXML document (through Foundation's XMLParser).
///
/// Parts are merged measure by measure; a measure's length is the one most parts reach in it (``BarLength``), and a
/// part that runs over has its notes there squeezed into it (``PartLengthRepair``, reported). Sounding pitch honours
/// `<transpose>`; grace notes are left out, cue notes are silent (they take the time of the rest they stand for);
/// tied continuations sound but are not struck.
final class MusicXMLReader: NSObject, XMLParserDelegate {
    private var measures: [ScoreMeasure] = []
    /// Each measure's parts, as read, and its time signature in quarters (by the first part to reach it).
    private var partBars: [[PartBar]] = []
    private var meters: [Double] = []
    /// The part being read in the measure being read.
    private var bar = PartBar(part: 0, reach: 0)
    /// Each part's id (`<part id>`) and the names the part list gives ids.
    private var partIDs: [String] = []
    private var partNames: [String: String] = [:]
    private var scorePartID: String?
    private var partIndex = -1
    private var measureIndex = -1
    private var divisions = 1.0
    private var transpose = 0
    private var position = 0.0
    private var lastOnset = 0.0
    private var timeSignature = 4.0
    private var beats = 4.0
    private var text = ""
    private var path: [String] = []
    // The note being read.
    private var step: String?
    private var alter = 0.0
    private var octave = 0
    private var noteDuration = 0.0
    private var isRest = false, isChord = false, isGrace = false, isCue = false, tieStop = false, hasFermata = false
    private var codaGlyphs: [Int] = []
    private var timewise = false

    /// The measures of the MusicXML text in `data`.
    static func read(_ data: Data) throws -> FollowedScore {
        let reader = MusicXMLReader()
        let parser = XMLParser(data: XMLInput.parseable(data))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            throw ReadFailure(reason: "not well-formed XML (\(reason), line \(parser.lineNumber))")
        }
        if reader.timewise { throw ReadFailure(reason: "timewise MusicXML is not supported; convert it to partwise") }
        reader.placeCodaGlyphs()
        reader.placeBarlineMarks()
        let repairs = reader.mergeParts()
        return FollowedScore(measures: reader.measures, repairs: repairs)
    }

    /// Each measure's parts merged at the length most of them reach (``BarLength``); the parts that did not reach it.
    private func mergeParts() -> [PartLengthRepair] {
        var over: [Int: [String]] = [:], short: [Int: [String]] = [:]
        for index in measures.indices {
            let bars = partBars.indices.contains(index) ? partBars[index] : []
            let decision = BarLength.decide(bars, meter: meters.indices.contains(index) ? meters[index] : 4)
            measures[index].duration = decision.length
            for var part in bars {
                if decision.over.contains(part.part) { part = part.squeezed(into: decision.length) }
                measures[index].notes += part.notes
                measures[index].fermatas += part.fermatas.filter { !measures[index].fermatas.contains($0) }
            }
            for part in decision.over { over[part, default: []].append(measures[index].number) }
            for part in decision.short { short[part, default: []].append(measures[index].number) }
        }
        let name = { (part: Int) -> String in
            let id = self.partIDs.indices.contains(part) ? self.partIDs[part] : "\(part + 1)"
            return self.partNames[id].map { "'\($0)' (\(id))" } ?? id
        }
        return over.keys.sorted().map { PartLengthRepair(part: name($0), kind: .over, measures: over[$0]!) }
            + short.keys.sorted().map { PartLengthRepair(part: name($0), kind: .short, measures: short[$0]!) }
    }

    /// Without `<sound coda>`/`<sound tocoda>`, the first coda glyph is the jump and the last the target.
    private func placeCodaGlyphs() {
        guard !measures.contains(where: { $0.coda }), codaGlyphs.count >= 2 else { return }
        measures[codaGlyphs.first!].toCoda = true
        measures[codaGlyphs.last!].coda = true
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        path.append(name)
        text = ""
        switch name {
        case "score-timewise": timewise = true
        case "score-part": scorePartID = attributes["id"]
        case "part":
            partIndex += 1
            partIDs.append(attributes["id"] ?? "\(partIndex + 1)")
            measureIndex = -1
            transpose = 0
            divisions = 1
        case "measure":
            measureIndex += 1
            position = 0
            bar = PartBar(part: partIndex, reach: 0)
            if measureIndex >= measures.count {
                measures.append(ScoreMeasure(number: attributes["number"] ?? "\(measureIndex + 1)", duration: 0))
            }
        case "note":
            step = nil
            alter = 0
            octave = 4
            noteDuration = 0
            isRest = false; isChord = false; isGrace = false; isCue = false; tieStop = false; hasFermata = false
        case "rest": isRest = true
        case "fermata": if path.contains("note") { hasFermata = true }
        case "chord": isChord = true
        case "grace": isGrace = true
        case "cue": isCue = true
        // A tie's end is `<tie type="stop">`, or only the drawn arc `<tied type="stop">` (as some engravers write it).
        case "tie", "tied": if attributes["type"] == "stop" { tieStop = true }
        case "repeat":
            guard measures.indices.contains(measureIndex) else { break }
            if attributes["direction"] == "forward" {
                if barlineLocation == "right" { repeatStartsAfter.insert(measureIndex) } else { measures[measureIndex].repeatStart = true }
            }
            if attributes["direction"] == "backward" {
                measures[measureIndex].repeatEnd = true
                if let times = attributes["times"].flatMap(Int.init) { measures[measureIndex].repeatTimes = times }
            }
        case "ending":
            guard measures.indices.contains(measureIndex), let numbers = attributes["number"] else { break }
            let list = EndingNumbers.parse(numbers)
            if attributes["type"] == "start" {
                if !list.isEmpty { measures[measureIndex].endings = list }
                openEnding = list
            } else {
                if openEnding == nil, measures[measureIndex].endings.isEmpty || list == measures[measureIndex].endings {
                    strayEndingStops.insert(measureIndex)
                }
                if measures[measureIndex].endings.isEmpty { measures[measureIndex].endings = openEnding ?? list }
                openEnding = nil
            }
        case "barline": barlineLocation = attributes["location"] ?? "right"
        case "sound":
            guard measures.indices.contains(measureIndex) else { break }
            if let tempo = attributes["tempo"].flatMap(Double.init), tempo > 0, measures[measureIndex].tempo == nil {
                measures[measureIndex].tempo = tempo
            }
            if attributes["segno"] != nil { measures[measureIndex].segno = true }
            if attributes["coda"] != nil { measures[measureIndex].coda = true }
            if attributes["tocoda"] != nil { measures[measureIndex].toCoda = true }
            if attributes["fine"] != nil { measures[measureIndex].fine = true }
            if attributes["dacapo"] == "yes" { measures[measureIndex].daCapo = true }
            if attributes["dalsegno"] != nil { measures[measureIndex].dalSegno = true }
        case "segno":
            if path.contains("direction-type"), measures.indices.contains(measureIndex) { measures[measureIndex].segno = true }
        case "coda":
            if path.contains("direction-type"), partIndex == 0 { codaGlyphs.append(measureIndex) }
        default: break
        }
    }

    /// The ending numbers of an ending still open (measures inside it, before its stop, belong to it).
    private var openEnding: [Int]?
    /// The side of the barline being read; measures whose right barline holds a forward repeat; measures where a volta
    /// stops that none started (``placeBarlineMarks()``).
    private var barlineLocation = "right"
    private var repeatStartsAfter: Set<Int> = []
    private var strayEndingStops: Set<Int> = []

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        path.removeLast()
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "divisions": if let d = Double(value), d > 0 { divisions = d }
        // A file's numbers become integers only within sane bounds (`Int(fileNumber:limit:)`): `Int(1e300)` and
        // `12 * Int.max` trap. A transposition beyond the MIDI range or an octave beyond ±10 is ignored.
        case "chromatic":
            if path.last == "transpose", let c = Double(value).flatMap({ Int(fileNumber: $0, limit: 127) }) { transpose = c }
        case "octave-change":
            if path.last == "transpose", let o = Double(value).flatMap({ Int(fileNumber: $0, limit: 10) }) { transpose += 12 * o }
        case "beats": beats = Double(value.split(separator: "+").compactMap { Double($0) }.reduce(0, +))
        case "beat-type": if let unit = Double(value), unit > 0 { timeSignature = beats * 4 / unit }
        case "step": step = value
        case "alter": alter = Double(value) ?? 0
        case "octave": octave = Double(value).flatMap { Int(fileNumber: $0, limit: 20) } ?? 4
        case "duration":
            let quarters = (Double(value) ?? 0) / divisions
            switch path.last {
            case "note": noteDuration = quarters
            case "backup": position = max(0, position - quarters)
            case "forward": position += quarters; bar.reach = max(bar.reach, position)
            default: break
            }
        case "note": endNote()
        case "words": readWords(value)
        case "bar-style":
            if barlineLocation == "right", ["light-heavy", "light-light", "heavy-heavy", "heavy"].contains(value),
               measures.indices.contains(measureIndex) {
                measures[measureIndex].closesSection = true
            }
        case "part-name": if let id = scorePartID, partNames[id] == nil, !value.isEmpty { partNames[id] = value }
        case "measure":
            guard measures.indices.contains(measureIndex) else { break }
            if let open = openEnding, measures[measureIndex].endings.isEmpty { measures[measureIndex].endings = open }
            while partBars.count <= measureIndex { partBars.append([]); meters.append(timeSignature) }
            partBars[measureIndex].append(bar)
        case "ending": break
        default: break
        }
        text = ""
    }

    /// A note read: struck, tied or rest; a grace note takes no time, a cue note takes its time without sounding.
    private func endNote() {
        guard !isGrace, measures.indices.contains(measureIndex) else { return }
        let onset = isChord ? lastOnset : position
        if !isChord { lastOnset = position; position += noteDuration }
        bar.reach = max(bar.reach, position)
        if hasFermata, noteDuration > 0 { bar.fermatas.append(onset..<(onset + noteDuration)) }
        guard !isRest, !isCue, let step, let pc = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11][step] else { return }
        // An alteration beyond an octave either way is damage: the note is left out (as one outside the MIDI range).
        guard let semitones = Int(fileNumber: alter.rounded(), limit: 12), abs(transpose) <= 1270 else { return }
        let pitch = 12 * (octave + 1) + pc + semitones + transpose
        guard (0...127).contains(pitch), noteDuration > 0 else { return }
        bar.notes.append(ScoreNote(pitch: pitch, onset: onset, duration: noteDuration, struck: !tieStop))
    }

    /// Playing-order words: D.C., D.S., Fine, To Coda.
    private func readWords(_ words: String) {
        guard measures.indices.contains(measureIndex) else { return }
        measures[measureIndex].readNavigation(words: words)
    }

    /// The marks of barlines that only make sense once the measures are known: a forward repeat written on a measure's
    /// right barline starts the next measure; a volta that only stops (no start, no number or the next volta's number:
    /// a converter's slip) at a backward repeat, before a volta numbered n, is the volta of the passes before n.
    private func placeBarlineMarks() {
        for index in repeatStartsAfter where measures.indices.contains(index + 1) { measures[index + 1].repeatStart = true }
        for index in strayEndingStops.sorted() where measures[index].repeatEnd && measures.indices.contains(index + 1) {
            guard let next = measures[index + 1].endings.min(), next > 1,
                  measures[index].endings.isEmpty || measures[index].endings == measures[index + 1].endings else { continue }
            measures[index].endings = Array(1..<next)
        }
    }
}

/// A reader's reason for refusing a file, wrapped into a `FollowError` by its caller.
struct ReadFailure: Error {
    var reason: String
}
