import Foundation
import Testing
@testable import ScoreFollowing

/// A measure's length when one part's bar runs over or falls short of the others' (MusicXML from the wild).
struct PartLengthTests {
    /// A quarter (divisions 2) of `step` in octave 4; `extra` goes inside the note (`<grace/>`, `<cue/>`, a fermata).
    static func quarter(_ step: String, _ extra: String = "") -> String {
        "<note>\(extra)<pitch><step>\(step)</step><octave>4</octave></pitch><duration>2</duration></note>"
    }

    /// An eighth (a turn written as full notes where it should be grace notes).
    static func eighth(_ step: String) -> String {
        "<note><pitch><step>\(step)</step><octave>4</octave></pitch><duration>1</duration></note>"
    }

    static func rest(quarters: Int) -> String { "<note><rest/><duration>\(2 * quarters)</duration></note>" }

    static let fourQuarters = ["C", "D", "E", "F"].map { quarter($0) }.joined()

    /// A partwise document in 4/4 of one part per entry of `parts` (named Violin I, Violin II, …), each part's
    /// measures given as their notes; measures are numbered from `first`.
    static func score(_ parts: [[String]], first: Int = 1) -> String {
        let names = ["Violin I", "Violin II", "Viola", "Cello"]
        let list = parts.indices.map { "<score-part id=\"P\($0 + 1)\"><part-name>\(names[$0])</part-name></score-part>" }.joined()
        let body = parts.enumerated().map { k, measures in
            "<part id=\"P\(k + 1)\">" + measures.enumerated().map { m, notes in
                let attributes = m == 0 ? "<attributes><divisions>2</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>" : ""
                return "<measure number=\"\(first + m)\">\(attributes)\(notes)</measure>"
            }.joined() + "</part>"
        }.joined()
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><score-partwise version=\"4.0\"><part-list>\(list)</part-list>\(body)</score-partwise>"
    }

    static func read(_ text: String) throws -> FollowedScore {
        try ScoreFile.read(Fixtures.temporary("parts.musicxml", Data(text.utf8)))
    }

    @Test("a part that runs over (a turn written as full eighths) is squeezed into the bar the others agree on")
    func partRunsOver() throws {
        let over = Self.eighth("D") + Self.eighth("C") + Self.fourQuarters  // 5 quarters in 4/4
        let score = try Self.read(Self.score([[Self.fourQuarters, over], [Self.fourQuarters, Self.fourQuarters],
                                              [Self.fourQuarters, Self.fourQuarters]]))
        #expect(score.measures.map(\.duration) == [4, 4])
        // The other parts' notes stay on the beats; violin I's six notes share the bar in their written proportions.
        let bar = score.measures[1].notes
        #expect(bar.filter { $0.onset == 3 }.count == 2)
        let rounded = { (x: Double) in (x * 1000).rounded() / 1000 }
        #expect(bar.prefix(6).map { rounded($0.onset) } == [0, 0.4, 0.8, 1.6, 2.4, 3.2])
        #expect(bar.prefix(6).map { rounded($0.duration) } == [0.4, 0.4, 0.8, 0.8, 0.8, 0.8])
        #expect(bar.prefix(6).map(\.pitch) == [62, 60, 60, 62, 64, 65])
        #expect(bar.count == 6 + 8)
        #expect(score.repairs == [PartLengthRepair(part: "'Violin I' (P1)", kind: .over, measures: ["2"])])
        #expect(score.repairs[0].description.contains("runs over the other parts in 1 bar (2)"))
    }

    @Test("parts that only rest (two whole rests in 4/4, as old Finale exports write them) do not outvote the singing parts")
    func restingPartsDoNotVote() throws {
        let doubleRest = Self.rest(quarters: 4) + Self.rest(quarters: 4)
        let score = try Self.read(Self.score([[Self.fourQuarters, Self.fourQuarters], [doubleRest, Self.fourQuarters],
                                              [doubleRest, Self.fourQuarters]]))
        #expect(score.measures.map(\.duration) == [4, 4])
        #expect(score.measures[0].notes.map(\.onset) == [0, 1, 2, 3])
        #expect(score.repairs.map(\.kind) == [.over, .over])
    }

    @Test("a part that falls short (a rest dropped) ends early; the bar keeps the others' length")
    func partFallsShort() throws {
        let short = ["C", "D", "E"].map { Self.quarter($0) }.joined()
        let score = try Self.read(Self.score([[Self.fourQuarters, Self.fourQuarters], [Self.fourQuarters, short]]))
        #expect(score.measures.map(\.duration) == [4, 4])
        #expect(score.measures[1].notes.filter { $0.onset == 2 }.count == 2)
        #expect(score.repairs == [PartLengthRepair(part: "'Violin II' (P2)", kind: .short, measures: ["2"])])
    }

    @Test("a pickup every part holds short stays short; a part's full-bar rest in it does not lengthen it",
          arguments: [
              ([Self.quarter("G"), Self.quarter("E"), Self.quarter("C")], 1.0, [PartLengthRepair]()),
              ([Self.quarter("G"), Self.quarter("E"), Self.rest(quarters: 4)], 1.0,
               [PartLengthRepair(part: "'Viola' (P3)", kind: .over, measures: ["0"])]),
              ([Self.quarter("G"), Self.quarter("E"), ""], 1.0, []),
          ])
    func pickup(pickups: [String], length: Double, repairs: [PartLengthRepair]) throws {
        let score = try Self.read(Self.score(pickups.map { [$0, Self.fourQuarters] }, first: 0))
        #expect(score.measures.map(\.duration) == [length, 4])
        #expect(score.repairs == repairs)
        #expect(score.measures[0].notes.allSatisfy { $0.onset == 0 && $0.duration == 1 })
    }

    @Test("a bar where one part adds a grace note and holds cue notes for its rest: nothing to repair")
    func graceAndCueNotes() throws {
        // A grace note takes no time; cue notes take the time of the rest they stand for, silently.
        let ornamented = Self.quarter("B", "<grace/>").replacingOccurrences(of: "<duration>2</duration>", with: "")
            + Self.quarter("C") + Self.quarter("D") + Self.quarter("A", "<cue/>") + Self.quarter("G", "<cue/>")
        let score = try Self.read(Self.score([[ornamented], [Self.fourQuarters]]))
        #expect(score.measures.map(\.duration) == [4])
        #expect(score.repairs.isEmpty)
        #expect(score.measures[0].notes.map(\.pitch) == [60, 62, 60, 62, 64, 65])
    }

    @Test("two parts that disagree: the time signature's length stands, else the longer",
          arguments: [
              (Self.fourQuarters + Self.eighth("G"), Self.fourQuarters, 4.0, PartLengthRepair.Kind.over),
              (Self.fourQuarters + Self.eighth("G"), ["C", "D", "E"].map { Self.quarter($0) }.joined(), 4.5, .short),
          ])
    func twoParts(first: String, second: String, length: Double, kind: PartLengthRepair.Kind) throws {
        let score = try Self.read(Self.score([[first], [second]]))
        #expect(score.measures[0].duration == length)
        #expect(score.repairs.map(\.kind) == [kind])
    }

    @Test("in a bar under a fermata the longest part stands (a cadenza lasts as long as its player takes)")
    func fermataBar() throws {
        let cadenza = Array(repeating: Self.quarter("C"), count: 7).joined() + Self.quarter("D", "<notations><fermata/></notations>")
        let held = "<note><rest/><duration>8</duration><notations><fermata/></notations></note>"
        let score = try Self.read(Self.score([[cadenza], [held], [held]]))
        #expect(score.measures[0].duration == 8)
        #expect(score.measures[0].notes.map(\.onset) == (0..<8).map(Double.init))
        #expect(score.repairs.map(\.kind) == [.short, .short])
    }
}
