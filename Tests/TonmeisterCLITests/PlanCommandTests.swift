import Foundation
import Testing

/// `tonmeister plan`: exact output on a small session in every format, files, and bad input.
@Suite("plan command")
struct PlanCommandTests {
    /// One page, two systems of three 100-pt bars; take 1 covers bars 1–6 at 3 with a problem in bar 4,
    /// take 2 bars 3–5 rated 5 with an edit point near the barline before bar 3, take 3 only bar 6 (rated 2).
    static let document = """
        {"format":"tonmeister-session/1","title":"Small day","score":{"file":"small.pdf","sha256":""},
         "layout":{"pages":[{"page":1,"systems":[
           {"top":100,"bottom":200,"bars":[{"number":"1","left":100,"right":200},{"number":"2","left":200,"right":300},{"number":"3","left":300,"right":400}]},
           {"top":300,"bottom":400,"bars":[{"number":"4","left":100,"right":200},{"number":"5","left":200,"right":300},{"number":"6","left":300,"right":400}]}]}]},
         "numbering":{"first":1,"prefixPerPiece":false},
         "pieces":[{"title":"Prelude","firstBar":"1","lastBar":"3"},{"title":"Fugue","firstBar":"4","lastBar":"6"}],
         "takes":[
           {"number":1,"label":"1","start":{"page":1,"x":110,"y":150},"end":{"page":1,"x":390,"y":350}},
           {"number":2,"label":"2","start":{"page":1,"x":305,"y":150},"end":{"page":1,"x":290,"y":350}},
           {"number":3,"label":"3","start":{"page":1,"x":310,"y":350},"end":{"page":1,"x":395,"y":350}}],
         "marks":[
           {"id":1,"take":1,"kind":"problem","problem":"noise","at":{"page":1,"x":150,"y":350}},
           {"id":2,"take":2,"kind":"rating","value":5,"at":{"page":1,"x":305,"y":150}},
           {"id":3,"take":2,"kind":"edit-point","at":{"page":1,"x":320,"y":150}},
           {"id":4,"take":3,"kind":"rating","value":2,"at":{"page":1,"x":310,"y":350}}]}
        """

    static func sessionFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("small.json").path
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func markdownEditList() throws {
        let r = try CLIRunner.run("plan", try Self.sessionFile())
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            # Edit plan: Small day

            Bars 1–6, splice penalty 0.75: 3 segments, 2 splices, total 22.5.

            - bars 1–2: take 1 (ok)
            - splice at bar 3: take 1 → take 2 (at an edit point)
            - bars 3–5: take 2 (excellent)
            - splice at bar 6: take 2 → take 1
            - bar 6: take 1 (ok)

            """)
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let r = try CLIRunner.run("plan", try Self.sessionFile(), "--json", "--bars", "3-6", "--min-rating", "3", "--exclude", "2")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            {"segments":[{"take":1,"label":"1","from":{"page":1,"x":300.0,"y":150.0},"to":{"page":1,"x":400.0,"y":150.0},\
            "fromBar":"3","toBar":"3","rating":3,"quality":3,"open":false,"firstIndex":2,"lastIndex":2},\
            {"take":1,"label":"1","from":{"page":1,"x":200.0,"y":350.0},"to":{"page":1,"x":400.0,"y":350.0},"fromBar":"5","toBar":"6",\
            "rating":3,"quality":6,"open":false,"firstIndex":4,"lastIndex":5}],"splices":0,"uncovered":[{"fromBar":"4","toBar":"4",\
            "reason":"below-minimum","best":2,"firstIndex":3,"lastIndex":3}],"spliceList":[],"total":9.0,"bars":{"from":"3","to":"6"},\
            "unbarredSystems":[],"options":{"splicePenalty":0.75,"minRating":3,"preferEditPoints":false,"editPointBonus":0.5,"exclude":[2]},"warnings":[]}

            """)
    }

    @Test func csvRowsPerSegmentAndUncoveredRun() throws {
        let path = try Self.sessionFile()
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("plan.csv").path
        let r = try CLIRunner.run("plan", path, "--format", "csv", "--piece", "Fugue", "--min-rating", "4", "-o", out)
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text == """
            kind,from_bar,to_bar,take,label,rating,quality,from_page,from_x,from_y,to_page,to_x,to_y,splice_before,edit_point,reason\r
            segment,4,5,2,2,5,10,1,100,350,1,300,350,false,false,\r
            uncovered,6,6,,,,,,,,,,,false,false,below-minimum\r

            """)
    }

    @Test func spliceCostsAndEditPointsChangeThePlan() throws {
        let path = try Self.sessionFile()
        let costly = try CLIRunner.json("plan", path, "--json", "--splice-penalty", "4")
        #expect((costly["segments"] as? [[String: Any]])?.compactMap { $0["take"] as? Int } == [1])
        let cheap = try CLIRunner.json("plan", path, "--json", "--splice-penalty", "4", "--prefer-edit-points", "--edit-point-bonus", "3")
        #expect((cheap["segments"] as? [[String: Any]])?.compactMap { $0["take"] as? Int } == [1, 2, 1])
        #expect(cheap["splices"] as? Int == 2)
        #expect((cheap["spliceList"] as? [[String: Any]])?.compactMap { $0["editPoint"] as? Bool } == [true, false])
    }

    static let badArguments: [[String]] = [
        ["--piece", "Finale"], ["--piece", "3"], ["--bars", "5-2"], ["--bars", "1-99"], ["--bars", "x"],
        ["--bars", "1-2-3"], ["--splice-penalty", "nan"], ["--splice-penalty=-1"], ["--exclude", "9"],
        ["--exclude", "a,b"], ["--min-rating", "6"], ["--format", "edl", "--strict"], ["--format", "csv", "--json"],
        ["--piece", "Fugue", "--bars", "1-2"], ["--edit-point-bonus=-2"],
    ]

    @Test("bad options exit 2", arguments: badArguments)
    func badOptions(_ arguments: [String]) throws {
        let r = try CLIRunner.run(["plan", try Self.sessionFile()] + arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.lowercased().hasPrefix("error"))
    }
}

@Suite("Plan exports from the command line")
struct PlanExportCommandTests {
    @Test("edl, otio and pdf from the example session; --format pdf needs -o")
    func formats() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = "Examples/chorale-session.json"
        let edl = try CLIRunner.run("plan", session, "--format", "edl")
        #expect(edl.status == 0)
        #expect(edl.stdout.hasPrefix("TITLE: Haydn, Emperor hymn and variations - day 1\r\nFCM: NON-DROP FRAME\r\n\r\n001  TK009    A     C        "))
        let otio = try CLIRunner.run("plan", session, "--format", "otio")
        #expect(otio.stdout.contains("\"OTIO_SCHEMA\": \"Timeline.1\""))
        let pdf = dir.appendingPathComponent("plan.pdf").path
        let wrote = try CLIRunner.run("plan", session, "--format", "pdf", "-o", pdf)
        #expect(wrote.stdout == "wrote \(pdf): 3 pages, 8 segments, 7 splices\n")
        #expect(try CLIRunner.json("score", "info", pdf, "--json")["pages"] as? [Any] != nil)
        let render = try CLIRunner.run("session", "render", session, "-o", dir.appendingPathComponent("notes.pdf").path, "--plan")
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try CLIRunner.run("plan", session, "--format", "pdf").status == 2)
        let missing = try CLIRunner.run("plan", session, "--format", "pdf", "-o", pdf, "--score", "nope.pdf")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: the score PDF is not found (looked for nope.pdf); give it with --score\n")
    }

    @Test("without timing data the EDL still places the take, flagged, with a warning; --strict refuses")
    func untimed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", path, "--score", "Scores/minuet.pdf", "--detect").status == 0)
        #expect(try CLIRunner.run("take", "start", path, "--page", "1", "--x", "80", "--y", "140").status == 0)
        let r = try CLIRunner.run("plan", path, "--format", "edl")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("001  TK001    A     C        00:00:"))
        #expect(r.stdout.contains("* NO TIMECODE\r\n"))
        #expect(r.stderr == """
            warning: take 1 has no record-start timecode: exported counting from 00:00:00:00 at its start, marked NO TIMECODE
            warning: take 1 has no timed mark and no take gives a tempo: placed from its start at 2 s per bar

            """)
        let strict = try CLIRunner.run("plan", path, "--format", "edl", "--strict")
        #expect(strict.status == 2)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr == "error: --strict refuses what reading would repair or estimate: take 1 has no record-start timecode: exported counting from 00:00:00:00 at its start, marked NO TIMECODE\n")
        #expect(try CLIRunner.run("plan", path, "--format", "md").status == 0)
    }
}

@Suite("DAW markers from the command line")
struct MarkersCommandTests {
    @Test("one label track per take; an unknown take or untimed marks exit 2 and write nothing")
    func markers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-markers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("labels").path
        let r = try CLIRunner.run("markers", "Examples/chorale-session.json", "-o", out, "--take", "1")
        #expect(r.stdout == "wrote 1 audacity marker file to \(out) (5 marks)\n")
        #expect(try String(contentsOfFile: out + "/T001.txt", encoding: .utf8).hasPrefix("4.800000\t4.800000\trating 3 (ok)\n"))
        let unknown = try CLIRunner.run("markers", "Examples/chorale-session.json", "-o", dir.appendingPathComponent("x").path, "--take", "99")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: there is no take 99\n")
        let session = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", session, "--score", "Scores/minuet.pdf", "--detect").status == 0)
        #expect(try CLIRunner.run("take", "start", session, "--page", "1", "--x", "80", "--y", "140").status == 0)
        #expect(try CLIRunner.run("mark", session, "--take", "1", "--rating", "4", "--page", "1", "--x", "200", "--y", "140").status == 0)
        let untimed = try CLIRunner.run("markers", session, "-o", dir.appendingPathComponent("y").path)
        #expect(untimed.status == 2)
        #expect(untimed.stderr == "error: take 1 cannot be placed in time: it has no mark with a time\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("y").path))
    }
}
