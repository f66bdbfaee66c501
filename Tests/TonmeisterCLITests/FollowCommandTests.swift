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

    @Test func textListsBarsAndTimes() throws {
        let result = try CLIRunner.run("follow", Self.fixtures + "volta.musicxml", Self.fixtures + "volta-partial.aiff")
        #expect(result.status == 0)
        #expect(result.stdout.contains("bar 1 (pass 2)  0:00."))
        #expect(result.stdout.contains("bar 6  0:10."))
    }

    @Test(arguments: [
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
