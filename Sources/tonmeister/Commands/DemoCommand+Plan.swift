import Foundation
import RecordingProtocol
import ScoreLayout

extension DemoCommand {
    /// Plans the edit of the example session, prints it, and writes it as PDF, EDL and OTIO into `outputDirectory`.
    func planLines(session: Session, sessionPath: String) throws -> [String] {
        let plan = try session.editPlan()
        var lines = ["11. The edit plan (DESIGN §6 objective: Σ quality − 0.75 per splice)"]
        let markdown = plan.markdown(title: session.title)
        lines += markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(2).filter { !$0.isEmpty }.map { "   " + $0 }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { URL(fileURLWithPath: outputDirectory).appendingPathComponent(name).path }
        let timeline = try EditTimeline(plan: plan, session: session)
        for (name, text) in [("plan.edl", timeline.cmx3600()), ("plan.otio", timeline.otio()), ("plan.md", markdown)] {
            try writeText(text, to: path(name))
        }
        _ = try AnnotatedScore(session: session, sessionPath: sessionPath, score: nil).write(plan: plan, onlyPlanTakes: false, to: path("plan.pdf"))
        func shown(_ name: String) -> String { outputDirectory.hasSuffix("/") ? outputDirectory + name : outputDirectory + "/" + name }
        lines.append("   wrote \(shown("plan.pdf")) (the score with takes, ratings, problems, the plan and its splices),")
        lines.append("   \(shown("plan.edl")) (CMX3600, \(timeline.events.count) events), \(shown("plan.otio")) (OpenTimelineIO) and \(shown("plan.md"))")
        return lines
    }
}
