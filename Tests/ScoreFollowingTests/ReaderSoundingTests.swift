import Foundation
import Testing
@testable import ScoreFollowing

/// The readers read a score as it sounds, in the forms engravers write it: the disagreements with music21 that
/// Benchmarks/FollowBench/reader_oracle.py found (docs/follow.md, "The readers against music21"), each as a small file.
struct ReaderSoundingTests {
    /// A small score, what its measures sound (each measure's notes as pitch, onset, length, struck) and, when given,
    /// its playing order by measure number.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var text: String
        var sounds: [[[Double]]]
        var order: [String]? = nil
        var testDescription: String { name }
    }

    /// A partwise MusicXML document of one part in 4/4 (divisions 2) whose measures are given as their content.
    static func musicXML(_ measures: [String], attributes: String = "") -> String {
        let body = measures.enumerated().map { m, content in
            let head = m == 0 ? "<attributes><divisions>2</divisions>\(attributes)<time><beats>4</beats><beat-type>4</beat-type></time></attributes>" : ""
            return "<measure number=\"\(m + 1)\">\(head)\(content)</measure>"
        }.joined()
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><score-partwise version=\"4.0\"><part-list><score-part id=\"P1\">"
            + "<part-name>Clarinet</part-name></score-part></part-list><part id=\"P1\">\(body)</part></score-partwise>"
    }

    /// A MusicXML note of `step` in octave 4 lasting `eighths`; `inner` goes after its duration (ties, notations).
    static func note(_ step: String, _ eighths: Int, _ inner: String = "") -> String {
        "<note><pitch><step>\(step)</step><octave>4</octave></pitch><duration>\(eighths)</duration>\(inner)</note>"
    }

    /// An MEI document of staves in 4/4 (their `<staffDef>`s given) whose section holds `measures`.
    static func mei(_ measures: String, staffDefs: String = "<staffDef n=\"1\" lines=\"5\"/>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <mei xmlns="http://www.music-encoding.org/ns/mei" meiversion="5.0"><music><body><mdiv><score>
        <scoreDef meter.count="4" meter.unit="4"><staffGrp>\(staffDefs)</staffGrp></scoreDef>
        <section>\(measures)</section></score></mdiv></body></music></mei>
        """
    }

    /// An MEI measure `n` of one staff and layer holding `content`.
    static func meiMeasure(_ n: Int, _ content: String) -> String {
        "<measure n=\"\(n)\"><staff n=\"1\"><layer n=\"1\">\(content)</layer></staff></measure>"
    }

    static let cases: [Case] = [
        Case(name: "MusicXML: a tie drawn only as <tied> (no <tie>) is not struck again",
             file: "tied.musicxml",
             text: musicXML([note("C", 8, "<notations><tied type=\"start\"/></notations>"),
                             note("C", 4, "<notations><tied type=\"stop\"/></notations>") + note("D", 4)]),
             sounds: [[[60, 0, 4, 1]], [[60, 0, 2, 0], [62, 2, 2, 1]]]),
        Case(name: "MusicXML: voltas numbered \"1.\" and \"2.\" are the first and second endings",
             file: "voltas.musicxml",
             text: musicXML([note("C", 8),
                             "<barline location=\"left\"><ending number=\"1.\" type=\"start\"/></barline>" + note("D", 8)
                                 + "<barline location=\"right\"><ending number=\"1.\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
                             "<barline location=\"left\"><ending number=\"2.\" type=\"start\"/></barline>" + note("E", 8)
                                 + "<barline location=\"right\"><ending number=\"2.\" type=\"discontinue\"/></barline>"]),
             sounds: [[[60, 0, 4, 1]], [[62, 0, 4, 1]], [[64, 0, 4, 1]]], order: ["1", "2", "1", "3"]),
        Case(name: "MEI: grace notes (@grace, <graceGrp>, a grace chord) take no time and are left out",
             file: "grace.mei",
             text: mei(meiMeasure(1, """
                 <note pname="d" oct="4" dur="8" grace="unacc"/><note pname="c" oct="4" dur="2"/>
                 <graceGrp><note pname="e" oct="4" dur="16"/><note pname="f" oct="4" dur="16"/></graceGrp>
                 <chord dur="8" grace="acc"><note pname="a" oct="4"/><note pname="c" oct="5"/></chord><note pname="g" oct="4" dur="2"/>
                 """)),
             sounds: [[[60, 0, 2, 1], [67, 2, 2, 1]]]),
        Case(name: "MEI: a cue note takes its time without sounding",
             file: "cue.mei",
             text: mei(meiMeasure(1, "<note pname=\"c\" oct=\"4\" dur=\"2\" cue=\"true\"/><note pname=\"d\" oct=\"4\" dur=\"2\"/>")),
             sounds: [[[62, 2, 2, 1]]]),
        Case(name: "MEI: a staff's @trans.semi puts its notes at sounding pitch (a clarinet in B flat)",
             file: "clarinet.mei",
             text: mei("""
                 <measure n="1"><staff n="1"><layer n="1"><note pname="d" oct="4" dur="1"/></layer></staff>
                 <staff n="2"><layer n="1"><note pname="d" oct="4" dur="1"/></layer></staff></measure>
                 """, staffDefs: "<staffDef n=\"1\" lines=\"5\" trans.diat=\"-1\" trans.semi=\"-2\"/><staffDef n=\"2\" lines=\"5\"/>"),
             sounds: [[[60, 0, 4, 1], [62, 0, 4, 1]]]),
        Case(name: "MEI: @dur.ppq with the staff's @ppq is the performed length; @oct.ges and @pname.ges the performed pitch",
             file: "ppq.mei",
             text: mei(meiMeasure(1, """
                 <note pname="c" oct="4" dur="4" dur.ppq="6"/><note pname="e" oct="4" dur="8" dur.ppq="2"/>
                 <note pname="g" oct="4" oct.ges="5" dur="2" dur.ppq="8"/><note pname="b" pname.ges="c" oct="5" dur="2" dur.ppq="0"/>
                 """), staffDefs: "<staffDef n=\"1\" lines=\"5\" ppq=\"4\"/>"),
             sounds: [[[60, 0, 1.5, 1], [64, 1.5, 0.5, 1], [79, 2, 2, 1], [72, 4, 2, 1]]]),
        Case(name: "MEI: a chord without @dur lasts as its notes; nested tuplets multiply",
             file: "chords.mei",
             text: mei(meiMeasure(1, """
                 <chord><note pname="c" oct="4" dur="2"/><note pname="e" oct="4" dur="2"/></chord>
                 <tuplet num="3" numbase="2"><note pname="d" oct="4" dur="8"/>
                   <tuplet num="3" numbase="2"><note pname="e" oct="4" dur="16"/><note pname="f" oct="4" dur="16"/><note pname="g" oct="4" dur="16"/></tuplet>
                   <note pname="a" oct="4" dur="8"/></tuplet>
                 <note pname="b" oct="4" dur="4"/>
                 """)),
             sounds: [[[60, 0, 2, 1], [64, 0, 2, 1], [62, 2, 1.0 / 3, 1], [64, 7.0 / 3, 1.0 / 9, 1], [65, 22.0 / 9, 1.0 / 9, 1],
                       [67, 23.0 / 9, 1.0 / 9, 1], [69, 8.0 / 3, 1.0 / 3, 1], [71, 3, 1, 1]]]),
        Case(name: "MEI: a <multiRest num=\"3\"> is three measures of rest",
             file: "multirest.mei",
             text: mei(meiMeasure(1, "<note pname=\"c\" oct=\"4\" dur=\"1\"/>") + meiMeasure(2, "<multiRest num=\"3\"/>")
                 + meiMeasure(5, "<note pname=\"d\" oct=\"4\" dur=\"1\"/>")),
             sounds: [[[60, 0, 4, 1]], [], [], [], [[62, 0, 4, 1]]], order: ["1", "2", "3", "4", "5"]),
        Case(name: "MEI: <dot> children lengthen a note, a rest and a chord",
             file: "dots.mei",
             text: mei(meiMeasure(1, """
                 <note pname="c" oct="4" dur="4"><dot/></note><note pname="d" oct="4" dur="8"/>
                 <rest dur="8"><dot/></rest><chord dur="16"><dot/><note pname="e" oct="4"/><note pname="g" oct="4"/></chord>
                 <note pname="f" oct="4" dur="4" dots="1"><dot/></note><note pname="a" oct="4" dur="32"/>
                 """)),
             sounds: [[[60, 0, 1.5, 1], [62, 1.5, 0.5, 1], [64, 2.75, 0.375, 1], [67, 2.75, 0.375, 1], [65, 3.125, 1.75, 1],
                       [69, 4.875, 0.125, 1]]]),
        Case(name: "MEI: a <tupletSpan> (first and last note named, after them in the layer) times them as a tuplet",
             file: "tupletspan.mei",
             text: mei(meiMeasure(1, """
                 <note xml:id="n1" pname="c" oct="4" dur="8"/><note pname="d" oct="4" dur="8"/><note xml:id="n3" pname="e" oct="4" dur="8"/>
                 <note pname="f" oct="4" dur="4"/><note pname="g" oct="4" dur="2"/>
                 <tupletSpan num="3" numbase="2" startid="#n1" endid="#n3"/>
                 """) + """
                 <measure n="2"><staff n="1"><layer n="1"><note pname="a" oct="4" dur="1"/></layer></staff></measure>
                 """),
             sounds: [[[60, 0, 1.0 / 3, 1], [62, 1.0 / 3, 1.0 / 3, 1], [64, 2.0 / 3, 1.0 / 3, 1], [65, 1, 1, 1], [67, 2, 2, 1]],
                      [[69, 0, 4, 1]]]),
        Case(name: "MusicXML: a volta that only stops, unnumbered, at a repeat before a second volta is the first",
             file: "stray-volta.musicxml",
             text: musicXML([note("C", 8),
                             note("D", 8) + "<barline location=\"right\"><ending number=\"\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
                             "<barline location=\"left\"><ending number=\"2\" type=\"start\"/></barline>" + note("E", 8)
                                 + "<barline location=\"right\"><ending number=\"2\" type=\"discontinue\"/></barline>",
                             note("F", 8)]),
             sounds: [[[60, 0, 4, 1]], [[62, 0, 4, 1]], [[64, 0, 4, 1]], [[65, 0, 4, 1]]], order: ["1", "2", "1", "3", "4"]),
        Case(name: "MusicXML: a forward repeat on a measure's right barline starts the next measure",
             file: "forward-right.musicxml",
             text: musicXML([note("C", 8) + "<barline location=\"right\"><repeat direction=\"forward\"/></barline>", note("D", 8),
                             note("E", 8) + "<barline location=\"right\"><repeat direction=\"backward\"/></barline>"]),
             sounds: [[[60, 0, 4, 1]], [[62, 0, 4, 1]], [[64, 0, 4, 1]]], order: ["1", "2", "3", "2", "3"]),
        Case(name: "MusicXML: \"Menuetto da capo\" in the trio's last bar but one is taken after the trio's repeat, to Fine",
             file: "menuetto.musicxml",
             text: musicXML([note("C", 8),
                             note("D", 8) + "<direction><direction-type><words>Fine</words></direction-type></direction>"
                                 + "<barline location=\"right\"><bar-style>light-heavy</bar-style></barline>",
                             "<barline location=\"left\"><repeat direction=\"forward\"/></barline>" + note("E", 8),
                             "<direction><direction-type><words>Menuetto da capo senza repetizione</words></direction-type></direction>"
                                 + note("F", 8),
                             note("G", 8) + "<barline location=\"right\"><bar-style>light-heavy</bar-style><repeat direction=\"backward\"/></barline>"]),
             sounds: [[[60, 0, 4, 1]], [[62, 0, 4, 1]], [[64, 0, 4, 1]], [[65, 0, 4, 1]], [[67, 0, 4, 1]]],
             order: ["1", "2", "3", "4", "5", "3", "4", "5", "1", "2"]),
    ]

    @Test(arguments: cases)
    func readsAsItSounds(_ c: Case) throws {
        let score = try ScoreFile.read(Fixtures.temporary(c.file, Data(c.text.utf8)))
        let rounded = { (x: Double) in (x * 10_000).rounded() / 10_000 }
        let key = { (n: [Double]) in n.map(rounded) }
        let read = score.measures.map { m in
            m.notes.map { key([Double($0.pitch), $0.onset, $0.duration, $0.struck ? 1 : 0]) }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        #expect(read == c.sounds.map { $0.map(key).sorted { $0.lexicographicallyPrecedes($1) } })
        if let order = c.order {
            #expect(score.playingOrder.map { score.measures[$0.measure].number } == order)
        }
    }
}
