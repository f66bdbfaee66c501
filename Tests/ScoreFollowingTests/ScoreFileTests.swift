import Foundation
import Testing
import ZIPFoundation
@testable import ScoreFollowing

/// Reading scores: MusicXML, compressed MusicXML and MEI, and refusing what is not a score.
struct ScoreFileTests {
    @Test func musicXMLMeasuresRepeatsAndEndings() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        #expect(score.measures.map(\.number) == (0...9).map(String.init))
        #expect(score.measures[0].duration == 1)  // the pickup
        #expect(score.measures[1].duration == 3)
        #expect(score.measures[1].repeatStart)
        #expect(score.measures[5].repeatEnd && score.measures[5].endings == [1])
        #expect(score.measures[6].endings == [2])
        #expect(score.measures[0].tempo == 84)
        // Measure 1: melody C5 E5 D5 over a C major triad (C3 E3 G3).
        #expect(Set(score.measures[1].notes.map(\.pitch)) == [72, 76, 74, 48, 52, 55])
        #expect(score.measures[1].notes.first { $0.pitch == 74 }?.onset == 2)
        let order = score.playingOrder.map { score.measures[$0.measure].number }
        #expect(order == ["0", "1", "2", "3", "4", "5", "1", "2", "3", "4", "6", "7", "8", "9"])
    }

    @Test func compressedMusicXMLReadsTheSame() throws {
        #expect(try ScoreFile.read(Fixtures.path("volta.mxl")) == ScoreFile.read(Fixtures.path("volta.musicxml")))
    }

    /// An MEI document of one staff in `meterCount`/4 holding `measures` (its section's content).
    static func mei(meterCount: Int, measures: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <mei xmlns="http://www.music-encoding.org/ns/mei" meiversion="5.0"><music><body><mdiv><score>
        <scoreDef meter.count="\(meterCount)" meter.unit="4"><staffGrp><staffDef n="1" lines="5"/></staffGrp></scoreDef>
        <section>\(measures)</section></score></mdiv></body></music></mei>
        """
    }

    @Test func meiMeasuresNotesAndRepeats() throws {
        let mei = Self.mei(meterCount: 2, measures: """
            <measure n="1" left="rptstart"><staff n="1"><layer n="1">
              <note pname="c" oct="4" dur="4"/><chord dur="4"><note pname="e" oct="4"/><note pname="g" oct="4"/></chord>
            </layer></staff></measure>
            <ending n="1"><measure n="2" right="rptend"><staff n="1"><layer n="1">
              <note pname="f" oct="4" accid="s" dur="2"/></layer></staff></measure></ending>
            <ending n="2"><measure n="3"><staff n="1"><layer n="1">
              <note pname="b" oct="3" dur="8" dots="1"/><note pname="b" oct="3" dur="16"><accid accid="f"/></note><rest dur="4"/>
            </layer></staff></measure></ending>
            """)
        let path = try Fixtures.temporary("piece.mei", Data(mei.utf8))
        let score = try ScoreFile.read(path)
        #expect(score.measures.map(\.number) == ["1", "2", "3"])
        #expect(score.measures[0].notes.map(\.pitch) == [60, 64, 67])
        #expect(score.measures[0].notes.map(\.onset) == [0, 1, 1])
        #expect(score.measures[1].notes == [ScoreNote(pitch: 66, onset: 0, duration: 2)])
        #expect(score.measures[2].notes.map(\.pitch) == [59, 58])
        #expect(score.measures[2].notes.map(\.duration) == [0.75, 0.25])
        #expect(score.measures.map(\.duration) == [2, 2, 2])
        #expect(score.playingOrder.map { score.measures[$0.measure].number } == ["1", "2", "1", "3"])
    }

    /// fermata.mei is fermata.musicxml converted by Verovio 6.4.1 (`toolkit.loadFile`, `getMEI`): its fermatas, ties
    /// and tempo are control elements (`<fermata startid>`, `<tie endid>`, `<tempo midi.bpm>`), and both readings must
    /// agree on every note (tied or struck), fermata and tempo. (So do the 16 chorales of FollowBench's corpus.)
    @Test func meiFromVerovioReadsAsItsMusicXML() throws {
        let xml = try ScoreFile.read(Fixtures.path("fermata.musicxml"))
        let mei = try ScoreFile.read(Fixtures.path("fermata.mei"))
        #expect(mei.measures.map(\.number) == xml.measures.map(\.number))
        #expect(mei.measures.map(\.duration) == xml.measures.map(\.duration))
        for (m, x) in zip(mei.measures, xml.measures) {
            let key = { (n: ScoreNote) in [Double(n.pitch), n.onset, n.duration, n.struck ? 1 : 0] }
            #expect(m.notes.map(key).sorted { $0.lexicographicallyPrecedes($1) } == x.notes.map(key).sorted { $0.lexicographicallyPrecedes($1) },
                    "measure \(m.number)")
            #expect(ScoreTimeline.merged(m.fermatas) == ScoreTimeline.merged(x.fermatas), "measure \(m.number)")
            #expect(m.tempo == x.tempo, "measure \(m.number)")
        }
        #expect(mei.measures.contains { !$0.fermatas.isEmpty })
    }

    @Test func meiFermatasInEveryForm() throws {
        // 4/4: @fermata on a note, a chord and a rest; <fermata> naming a note by @startid and a beat by @tstamp.
        let mei = Self.mei(meterCount: 4, measures: """
            <measure n="1"><staff n="1"><layer n="1">
              <note pname="c" oct="4" dur="4"/><note pname="d" oct="4" dur="4" fermata="above"/>
              <chord dur="4" fermata="below"><note pname="e" oct="4"/><note pname="g" oct="4"/></chord>
              <rest dur="4" fermata="above"/>
            </layer></staff></measure>
            <measure n="2"><staff n="1"><layer n="1">
              <note pname="c" oct="4" dur="2"/><note xml:id="n2" pname="e" oct="4" dur="4"/><note xml:id="n3" pname="e" oct="4" dur="4"/>
            </layer></staff><fermata staff="1" startid="#n2"/><tie startid="#n2" endid="#n3"/></measure>
            <measure n="3"><staff n="1"><layer n="1"><note pname="c" oct="4" dur="4"/><note xml:id="g3" pname="g" oct="4" dur="2" dots="1"/>
            </layer></staff><fermata staff="1" tstamp="2"/><tie startid="#g3" endid="#g4"/><tempo tstamp="1" midi.bpm="72"/></measure>
            <measure n="4"><staff n="1"><layer n="1"><note xml:id="g4" pname="g" oct="4" dur="1"/></layer></staff></measure>
            """)
        let score = try ScoreFile.read(try Fixtures.temporary("fermatas.mei", Data(mei.utf8)))
        #expect(score.measures.map(\.fermatas) == [[1..<2, 2..<3, 3..<4], [2..<3], [1..<4], []])
        // A <tie> ends on a note read before it (same measure) or after it (the next measure): neither is struck.
        #expect(score.measures[1].notes.map(\.struck) == [true, true, false])
        #expect(score.measures[3].notes.map(\.struck) == [false])
        #expect(score.measures.map(\.tempo) == [nil, nil, 72, nil])
    }

    @Test(arguments: [
        ("missing.musicxml", nil as String?),
        ("broken.musicxml", "<score-partwise><part id=\"P1\"><measure number=\"1\">"),
        ("empty.musicxml", "<score-partwise><part id=\"P1\"><measure number=\"1\"/></part></score-partwise>"),
        ("text.mxl", "PK\u{3}\u{4}not really a zip archive"),
    ])
    func badScoresAreRefusedWithTheirName(name: String, contents: String?) throws {
        let path = try contents.map { try Fixtures.temporary(name, Data($0.utf8)) } ?? "/nonexistent/\(name)"
        #expect {
            try ScoreFile.read(path)
        } throws: { error in
            guard case FollowError.unreadableScore(let p, _) = error else { return false }
            return p == path && (error as? FollowError)?.exitStatus == 2
        }
    }

    /// A `.mxl` archive built in memory whose container names `document`, holding `size` bytes of `fill`.
    static func archive(size: Int, fill: UInt8 = 0x20) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let container = Data(#"<container><rootfiles><rootfile full-path="score.xml"/></rootfiles></container>"#.utf8)
        try archive.addEntry(with: "META-INF/container.xml", type: .file, uncompressedSize: Int64(container.count),
                             compressionMethod: .deflate) { position, count in
            container.subdata(in: Int(position)..<Int(position) + count)
        }
        try archive.addEntry(with: "score.xml", type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate) { _, count in
            Data(repeating: fill, count: count)
        }
        return try #require(archive.data)
    }

    @Test("a .mxl entry that inflates past the limit is refused while it inflates, not read into memory")
    func archiveBombIsRefused() throws {
        let bomb = try Self.archive(size: 3 << 20)
        #expect(bomb.count < 20_000, "the test archive compresses 3 MiB of spaces")
        #expect(try ScoreFile.rootDocument(ofArchiveData: bomb).count == 3 << 20)
        #expect {
            try ScoreFile.rootDocument(ofArchiveData: bomb, limit: 1 << 20)
        } throws: { error in
            (error as? ReadFailure)?.reason.contains("larger than 1048576 bytes") == true
        }
    }

    @Test("truncated archives are refused with a reason, not read")
    func damagedArchives() throws {
        let good = try Self.archive(size: 1000)
        for cut in [good.count - 10, good.count / 2, 30] {
            #expect(throws: ReadFailure.self) { try ScoreFile.rootDocument(ofArchiveData: good.prefix(cut)) }
        }
    }

    @Test("a byte that is not UTF-8 in a comment (found by the music-score fuzz target) no longer ends the process")
    func strayByteInAComment() throws {
        let score = try ScoreFile.read(Fixtures.path("Fuzz/latin1-byte-in-comment.musicxml"))
        #expect(!score.measures.isEmpty)
    }

    @Test("UTF-16 with a byte-order mark, and Latin-1 as declared, read like the UTF-8 original")
    func otherEncodings() throws {
        let original = try String(contentsOfFile: Fixtures.path("volta.musicxml"), encoding: .utf8)
        let expected = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let utf16 = original.replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"UTF-16\"")
        #expect(utf16 != original, "the fixture declares UTF-8")
        var bytes = Data([0xFF, 0xFE])
        bytes.append(utf16.data(using: .utf16LittleEndian)!)
        #expect(try ScoreFile.read(Fixtures.temporary("utf16.musicxml", bytes)) == expected)
        let latin1 = original.replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"ISO-8859-1\"")
            .replacingOccurrences(of: "<part-list>", with: "<!-- Fr\u{E9}d\u{E9}ric \u{AE} --><part-list>")
        #expect(try ScoreFile.read(Fixtures.temporary("latin1.musicxml", latin1.data(using: .isoLatin1)!)) == expected)
    }

    /// A one-measure MusicXML part whose single note is written with `pitch` (the `<pitch>` element's content), after
    /// `attributes` in the measure's `<attributes>`.
    static func musicXML(pitch: String, attributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list>
        <part id="P1"><measure number="1"><attributes><divisions>1</divisions>\(attributes)
        <time><beats>1</beats><beat-type>4</beat-type></time></attributes>
        <note><pitch>\(pitch)</pitch><duration>1</duration></note><note><pitch><step>C</step><octave>4</octave></pitch>
        <duration>1</duration></note></measure></part></score-partwise>
        """
    }

    @Test("numbers no score holds leave the note out instead of ending the process (issue 30: Int(1e300) traps)",
          arguments: [
              ("<step>C</step><alter>1e300</alter><octave>4</octave>", ""),
              ("<step>C</step><alter>-inf</alter><octave>4</octave>", ""),
              ("<step>C</step><alter>nan</alter><octave>4</octave>", ""),
              ("<step>C</step><octave>9223372036854775807</octave>", ""),
              ("<step>C</step><octave>-9223372036854775808</octave>", ""),
              ("<step>C</step><octave>4</octave>", "<transpose><chromatic>1e300</chromatic></transpose>"),
              ("<step>C</step><octave>4</octave>", "<transpose><chromatic>0</chromatic><octave-change>9223372036854775807</octave-change></transpose>"),
          ])
    func hostileNumbersInMusicXML(pitch: String, attributes: String) throws {
        let score = try ScoreFile.read(Fixtures.temporary("hostile.musicxml", Data(Self.musicXML(pitch: pitch, attributes: attributes).utf8)))
        // The second note (C4, no transposition applied when the transposition was refused) is read as written.
        #expect(score.measures.count == 1)
        #expect(score.measures[0].notes.contains { $0.pitch == 60 && $0.onset == 1 })
        #expect(!score.measures[0].notes.contains { $0.onset == 0 && !(0...127).contains($0.pitch) })
    }

    @Test("an MEI octave no score holds leaves the note out (12 * (Int.max + 1) traps)")
    func hostileOctaveInMEI() throws {
        let mei = Self.mei(meterCount: 2, measures: """
            <measure n="1"><staff n="1"><layer n="1">
              <note pname="c" oct="9223372036854775807" dur="4"/><note pname="d" oct="4" dur="4"/>
            </layer></staff></measure>
            """)
        let score = try ScoreFile.read(try Fixtures.temporary("hostile.mei", Data(mei.utf8)))
        #expect(score.measures[0].notes.map(\.pitch) == [62])
    }
}
