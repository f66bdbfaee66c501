import Foundation
import Testing

/// `tonmeister follow`: the JSON shape, the text listing, and exit status 2 for bad files and another piece.
struct FollowCommandTests {
    static let fixtures = "Tests/ScoreFollowingTests/Fixtures/"

    @Test func jsonListsTheMeasuresOfAPartialTake() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.mxl", Self.fixtures + "volta-partial.aiff", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let measures = try #require(json["measures"] as? [[String: Any]])
        #expect(measures.map { $0["index"] as? Int } == [6, 7, 8, 9, 10])
        #expect(measures.map { $0["number"] as? String } == ["1", "2", "3", "4", "6"])
        #expect(measures.map { $0["pass"] as? Int } == [2, 2, 2, 2, 1])
        #expect(json["start"] is Double && json["end"] is Double && json["confidence"] is Double)
        #expect(abs((measures[0]["time"] as? Double ?? 0) - 0.4) < 0.1)
        // The fixture is rendered at A = 440 Hz, and found to be.
        #expect(json["referencePitch"] as? Double == 440)
    }

    /// A reference pitch given is the one reported (and used); one outside 300–600 Hz is refused.
    @Test func referencePitchGivenIsReported() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.mxl", Self.fixtures + "volta-partial.aiff", "--json",
                                       "--reference-pitch", "442")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["referencePitch"] as? Double == 442)
        #expect((json["measures"] as? [[String: Any]])?.count == 5)
        let wrong = try CLIRunner.run("follow", Self.fixtures + "volta.mxl", Self.fixtures + "volta-partial.aiff", "--reference-pitch", "44")
        #expect(wrong.status != 0 && wrong.stderr.contains("--reference-pitch"))
    }

    /// volta.musicxml with the melody's measure 2 running over by an eighth (an ornament written as a full note), in a
    /// folder of its own.
    static func overfullVolta() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-follow-parts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: fixtures + "volta.musicxml", encoding: .utf8)
        let bar = try #require(text.range(of: "<measure implicit=\"no\" number=\"2\">"))
        let extra = "<note><pitch><step>D</step><octave>5</octave></pitch><duration>5040</duration></note>"
        let broken = dir.appendingPathComponent("volta-overfull.musicxml")
        try Data(text.replacingCharacters(in: bar, with: text[bar] + extra).utf8).write(to: broken)
        return broken
    }

    @Test("a part that runs over is a warning (JSON and standard error); the take is placed as through the intact score")
    func partRunningOverIsAWarning() throws {
        let broken = try Self.overfullVolta()
        defer { try? FileManager.default.removeItem(at: broken.deletingLastPathComponent()) }
        let intact = try CLIRunner.json("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-partial.aiff", "--json")
        #expect((intact["warnings"] as? [Any])?.isEmpty == true)
        let json = try CLIRunner.json("follow", broken.path, Self.fixtures + "volta-partial.aiff", "--json")
        let warnings = try #require(json["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["kind"] as? String } == ["part-length"])
        #expect((warnings.first?["message"] as? String)?.contains("runs over the other parts in 1 bar (2)") == true, "\(warnings)")
        let measures = { (j: [String: Any]) in (j["measures"] as? [[String: Any]] ?? []).map { $0["index"] as? Int } }
        #expect(measures(json) == measures(intact))
        let text = try CLIRunner.run("follow", broken.path, Self.fixtures + "volta-partial.aiff")
        #expect(text.status == 0 && text.stderr.contains("warning: ") && text.stderr.contains("runs over"), "\(text.stderr)")
    }

    @Test func textListsBarsAndTimes() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-partial.aiff")
        #expect(result.status == 0)
        #expect(result.stdout.contains("bar 1 (pass 2)  0:00."))
        #expect(result.stdout.contains("bar 6  0:10."))
    }

    /// With other pieces' scores beside the take's own, each is reported with its mismatch, higher than the own score's.
    @Test func otherScoresAreComparedAndListed() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-partial.aiff", "--json",
                                       "--other-score", Self.fixtures + "other.musicxml", "--other-score", Self.fixtures + "fermata.mei")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["measures"] as? [[String: Any]])?.map { $0["number"] as? String } == ["1", "2", "3", "4", "6"])
        let own = try #require(json["mismatch"] as? Double)
        let others = try #require(json["otherScores"] as? [[String: Any]])
        #expect(Set(others.compactMap { $0["score"] as? String }) == [Self.fixtures + "other.musicxml", Self.fixtures + "fermata.mei"])
        let mismatches = others.compactMap { $0["mismatch"] as? Double }
        #expect(mismatches.count == 2 && mismatches == mismatches.sorted() && mismatches.allSatisfy { $0 > own }, "\(own) \(mismatches)")
        // Without other scores the output keeps its shape: no comparison fields.
        let alone = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-partial.aiff", "--json")
        #expect(!alone.stdout.contains("otherScores") && !alone.stdout.contains("mismatch"))
    }

    /// A take given with another piece's score, and its own score as the other: refused, naming the better score.
    @Test func aTakeMatchingAnOtherScoreBetterIsRefused() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "other.musicxml", Self.fixtures + "volta-take.flac",
                                       "--other-score", Self.fixtures + "volta.musicxml")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: the take matches \(Self.fixtures)volta.musicxml better than its score (mismatch 0."),
                "\(result.stderr)")
    }

    /// Without `--near`, the insert inside the repeat (found on pass 2) names the other pass that fits alike, and how to
    /// choose;
    /// the complete take, which reaches the voltas, has no other pass.
    @Test func otherPassesAreNamed() throws {
        let insert = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-insert.flac")
        #expect(insert.status == 0, "\(insert.stderr)")
        #expect(insert.stdout.contains("  the same bars are played again (pass 1) and the audio fits there alike: --near BAR/PASS chooses\n"),
                "\(insert.stdout)")
        let complete = try CLIRunner.json("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-take.flac", "--json")
        #expect(complete["otherPasses"] == nil)
    }

    /// Bars 2 and 3 of the repeat's second pass: the same notes as the first pass's, so the audio fits both; `--near`
    /// names where the take was tapped and the nearer pass is reported, with the same times.
    @Test(arguments: [("2/2", [7, 8], 2), ("3/2", [7, 8], 2), ("2", [2, 3], 1), ("7", [7, 8], 2), ("0", [2, 3], 1)])
    func nearChoosesThePassOfARepeat(near: String, indices: [Int], pass: Int) throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-insert.flac", "--json",
                                       "--near", near)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let measures = try #require(json["measures"] as? [[String: Any]])
        #expect(measures.map { $0["index"] as? Int } == indices)
        #expect(measures.map { $0["number"] as? String } == ["2", "3"])
        #expect(measures.map { $0["pass"] as? Int } == [pass, pass])
        // The other pass through the same bars, where the audio fits alike.
        #expect(json["otherPasses"] as? [Int] == [3 - pass], "\(json)")
        // Bar 2's downbeat lies 0.5 s into the file.
        #expect(abs((measures.first?["time"] as? Double ?? 0) - 0.5) < 0.1)
    }

    @Test(arguments: [["--near", "2/0"], ["--near", "/2"], ["--near", "2/x"], ["--near", "2/2/2"], ["--near", "5/2"], ["--near", "99"]])
    func nearThatTheScoreDoesNotPlayExitsWithStatus2(option: [String]) throws {
        let result = try CLIRunner.run(["follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-insert.flac"] + option)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--near"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["follow", fixtures + "volta.musicxml", fixtures + "volta-partial.aiff", "--other-score", "README.md"],
        ["follow", fixtures + "volta.musicxml", "README.md"],
        ["follow", "README.md", fixtures + "volta-take.flac"],
        ["follow", fixtures + "other.musicxml", fixtures + "volta-take.flac"],
    ])
    func badInputExitsWithStatus2(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "))
    }
}
