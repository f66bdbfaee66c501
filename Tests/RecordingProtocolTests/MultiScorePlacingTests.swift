import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Takes placed from their audio in a session of several scores (`Session.place(_:measuresByScore:replace:)`): each
/// alignment's measures go to the bars of its own score, whose numbers start again at 1; notes named per score.
@Suite("Placing takes from audio in a session of several scores")
struct MultiScorePlacingTests {
    /// The chorale's measure numbers (score 0) and the grid's (score 1): both begin at bar 1.
    static let measures: [Int: [String]] = [0: (1...36).map(String.init), 1: (1...9).map(String.init)]

    /// Downbeats of bars 2–6, 3 s apart from 4 s into the file, aligned with the notes of `score`.
    static func alignment(score: Int) -> AudioAlignment {
        AudioAlignment(start: 3.2, end: 19.5, confidence: 0.9, measures: (2...6).map {
            AudioAlignment.Measure(number: String($0), pass: 1, time: 4 + 3 * Double($0 - 2))
        }, score: score)
    }

    @Test("a measure map within one score's pages finds that score's bar 2, not the first score's")
    func measureMapWithinPages() throws {
        let session = try MultiScoreTests.session()
        let layout = try #require(session.layout)
        let gridPages = session.scorePages.pages(ofScore: 1)
        let whole = MeasureMap(measures: Self.measures[1]!, layout: layout)
        let grid = MeasureMap(measures: Self.measures[1]!, layout: layout, pages: gridPages)
        let bars = layout.allBars()
        let wholeBar = try #require(whole.bars["2"]), gridBar = try #require(grid.bars["2"])
        #expect(!gridPages.contains(bars[wholeBar].page), "the whole layout's first bar 2 is the chorale's")
        #expect(gridPages.contains(bars[gridBar].page) && bars[gridBar].number == BarNumber(2))
        #expect(grid.mismatches.isEmpty, "\(grid.mismatches)")
        #expect(!grid.byCount)
    }

    @Test("a take on the second score is placed on its own bars; the report names the score")
    func placesOnItsOwnScore() throws {
        var session = try MultiScoreTests.session()
        let gridPages = session.scorePages.pages(ofScore: 1)
        let report = try session.place([2: Self.alignment(score: 1)], measuresByScore: Self.measures, replace: true)
        #expect(report.placed.map(\.take) == [2] && report.skipped.isEmpty, "\(report.skipped.map(\.reason))")
        #expect(report.placed.first?.score == 1 && report.placed.first?.firstBar == "2" && report.placed.first?.lastBar == "6")
        #expect(report.mismatches.isEmpty, "\(report.mismatches)")
        let placement = try #require(session.take(2)?.placement)
        #expect(placement.downbeats.count == 5)
        #expect(placement.downbeats.allSatisfy { gridPages.contains($0.at.page) }, "\(placement.downbeats.map(\.at.page))")
        #expect(gridPages.contains(try #require(session.take(2)).start.page))
        // The JSON names the score the take was placed on.
        guard case .object(let members) = report.jsonTree, case .array(let placed)? = members.first(where: { $0.0 == "placed" })?.1,
              case .object(let row)? = placed.first else { Issue.record("no placed row"); return }
        #expect(row.first { $0.0 == "score" }?.1 == .int(1))
    }

    @Test("a take tapped on the first score whose audio is the second's is moved there: both taps replaced without --replace; undo puts them back")
    func movedToTheScoreItsAudioMatches() throws {
        var session = try MultiScoreTests.session()
        let before = session
        let gridPages = session.scorePages.pages(ofScore: 1)
        var alignment = Self.alignment(score: 1)
        alignment.movedFrom = 0
        let report = try session.place([1: alignment], measuresByScore: Self.measures, replace: false)
        #expect(report.placed.map(\.take) == [1] && report.skipped.isEmpty, "\(report.skipped.map(\.reason))")
        let row = try #require(report.placed.first)
        #expect(row.score == 1 && row.movedFrom == 0 && row.startSet && row.endSet)
        let take = try #require(session.take(1))
        let end = try #require(take.end)
        #expect(gridPages.contains(take.start.page) && gridPages.contains(end.page), "\(take.start) \(end)")
        #expect(take.placement?.downbeats.allSatisfy { gridPages.contains($0.at.page) } == true)
        guard case .object(let members) = report.jsonTree, case .array(let placed)? = members.first(where: { $0.0 == "placed" })?.1,
              case .object(let json)? = placed.first else { Issue.record("no placed row"); return }
        #expect(json.first { $0.0 == "movedFrom" }?.1 == .int(0))
        _ = try session.undo()
        #expect(session == before)
    }

    @Test("a moved take whose end on the matching score would fall before its start is skipped whole: no end left on the other score")
    func halfMoveIsSkipped() throws {
        var session = try MultiScoreTests.session()
        let before = session
        var alignment = Self.alignment(score: 1)
        alignment.movedFrom = 0
        (alignment.start, alignment.end) = (14.5, 6.0)
        let report = try session.place([1: alignment], measuresByScore: Self.measures, replace: false)
        #expect(report.placed.isEmpty)
        #expect(report.skipped.map(\.take) == [1] && report.skipped.first?.reason.contains("does not fall after its start") == true,
                "\(report.skipped.map(\.reason))")
        #expect(session == before)
    }

    @Test("an alignment with a score whose measures were not given, or that the session lacks, is reported and changes nothing")
    func unknownScore() throws {
        var session = try MultiScoreTests.session()
        let before = session
        let report = try session.place([2: Self.alignment(score: 1), 1: Self.alignment(score: 4)],
                                       measuresByScore: [0: Self.measures[0]!], replace: true)
        #expect(report.placed.isEmpty)
        #expect(report.skipped.map(\.take) == [1, 2] && report.skipped.allSatisfy { $0.kind == .unreadable })
        #expect(report.skipped.first?.reason.contains("does not have") == true)
        #expect(report.skipped.last?.reason.contains("were not given") == true)
        #expect(session == before)
    }

    @Test("each score names its own notes, one undoable action each, through the JSON round trip")
    func musicPerScore() throws {
        var session = try MultiScoreTests.session()
        let before = session
        try session.setMusic("/notes/grid.musicxml", score: 1)
        try session.setMusic("/notes/grid.musicxml", score: 1)
        #expect(session.history.count == before.history.count + 1, "naming the same notes again records nothing")
        #expect(session.scores[1].music == "/notes/grid.musicxml" && session.scores[0].music == nil)
        #expect(session.history.last?.undoDescription == "forgets score 1's notes again")
        #expect(throws: ProtocolError.self) { try session.setMusic("/notes/x.mei", score: 2) }
        let read = try Session(json: Data(session.jsonText().utf8))
        #expect(read == session)
        #expect(session.jsonText().contains("\"musicScore\":1"))
        _ = try session.undo()
        #expect(session == before)
    }
}
