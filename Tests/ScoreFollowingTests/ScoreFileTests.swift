import Foundation
import Testing
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

    @Test func meiMeasuresNotesAndRepeats() throws {
        let mei = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mei xmlns="http://www.music-encoding.org/ns/mei" meiversion="5.0"><music><body><mdiv><score>
            <scoreDef meter.count="2" meter.unit="4"><staffGrp><staffDef n="1" lines="5"/></staffGrp></scoreDef>
            <section>
            <measure n="1" left="rptstart"><staff n="1"><layer n="1">
              <note pname="c" oct="4" dur="4"/><chord dur="4"><note pname="e" oct="4"/><note pname="g" oct="4"/></chord>
            </layer></staff></measure>
            <ending n="1"><measure n="2" right="rptend"><staff n="1"><layer n="1">
              <note pname="f" oct="4" accid="s" dur="2"/></layer></staff></measure></ending>
            <ending n="2"><measure n="3"><staff n="1"><layer n="1">
              <note pname="b" oct="3" dur="8" dots="1"/><note pname="b" oct="3" dur="16"><accid accid="f"/></note><rest dur="4"/>
            </layer></staff></measure></ending>
            </section></score></mdiv></body></music></mei>
            """
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
}
