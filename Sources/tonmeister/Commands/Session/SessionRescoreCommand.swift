import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage

/// `tonmeister session rescore SESSION NEW.pdf [--no-backup]`: move a session onto a new edition of its score.
struct SessionRescoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rescore", abstract: "Move every take and mark onto a new edition of the score.",
        discussion: """
            Detects the new PDF's layout and numbers its bars as it prints them, matches old and new bars by their \
            numbers (the old edition's print when its PDF is still found and unchanged, else the session's numbers; \
            a number that occurs several times, as when each piece restarts at 1, is matched by occurrence), and moves \
            every take and mark to the same bar and the same fraction through it. Pages added, removed or reflowed \
            do not matter; a take or mark whose bar the new edition lacks stays where it was and is reported \
            (`unplaced`), never removed. The session as it was is first written to SESSION.before-rescore.json \
            (--no-backup skips it): rescoring is not undone by `undo`; import that file to go back.
            """)

    @OptionGroup var file: SessionFile

    @Argument(help: "The new edition's PDF.")
    var score: String

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    @Flag(name: .customLong("no-backup"), help: "Do not write SESSION.before-rescore.json first.")
    var noBackup = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        ScoreDocument.keepPageBuffersOnTheHeap()
        let store = try file.store()
        let before = try file.load()
        guard let oldLayout = before.layout else { throw CLIError.badInput("the session has no layout to match bars with") }
        let document = try ScoreDocument(path: score, password: password)
        let detected = try document.detectLayout()
        for page in detected where page.status == .unreadable {
            printNote("warning: page \(page.page) of \(score) could not be read (\(page.unreadableReason ?? "no staves found")); its bars are not matched")
        }
        let numbered = try document.numberedAsPrinted(ScoreLayout(detected: detected))
        let old = oldNumbers(before, layout: oldLayout)
        let reference = ScoreReference(file: SessionCreateCommand.path(of: score, from: file.session), sha256: SHA256.hex(document.data))
        let backup = noBackup ? nil : Self.backupPath(file.session)
        let report = try store.rescore(matching: { _ in old }, to: numbered.layout, score: reference, backup: backup)
        emit(report, backup: backup, layout: numbered.layout)
    }

    /// The session's layout numbered as the old edition prints it, when its PDF is found unchanged; else as it is.
    private func oldNumbers(_ session: Session, layout: ScoreLayout) -> ScoreLayout {
        guard let old = try? AnnotatedScore(session: session, sessionPath: file.session, score: nil, quiet: true).document,
              session.score.sha256.isEmpty || SHA256.hex(old.data) == session.score.sha256,
              let plain = try? layout.renumbered([]), let printed = try? old.numberedAsPrinted(plain),
              !printed.numbering.used.isEmpty else { return layout }
        return printed.layout
    }

    static func backupPath(_ session: String) -> String {
        let url = URL(fileURLWithPath: session)
        return url.deletingPathExtension().path + ".before-rescore.json"
    }

    private func emit(_ report: RescoreReport, backup: String?, layout: ScoreLayout) {
        let unplaced: [JSONValue] = report.unplaced.map { u in
            var fields: [(String, JSONValue)] = [("take", .int(u.take))]
            if let mark = u.mark { fields.append(("mark", .int(mark))) }
            fields += [("position", .string(u.position)), ("bar", .optional(u.bar?.description)), ("reason", .string(u.reason))]
            return .object(fields)
        }
        var lines = ["moved \(report.moved) take\(report.moved == 1 ? "" : "s") and marks onto \(score) (\(layout.barCount) bars)"]
        lines += report.unplaced.map { u in
            "not placed: " + (u.mark.map { "mark \($0) of take \(u.take)" } ?? "take \(u.take)") + " \(u.position): \(u.reason); left where it was"
        }
        if !report.missingBars.isEmpty { lines.append("bars not in the new edition: " + report.missingBars.map(\.description).joined(separator: ", ")) }
        if !report.newBars.isEmpty { lines.append("new bars: " + report.newBars.map(\.description).joined(separator: ", ")) }
        if let backup { lines.append("the session as it was: \(backup)") }
        output.emit(["moved": .int(report.moved), "unplaced": .array(unplaced), "missingBars": .strings(report.missingBars),
                     "newBars": .strings(report.newBars), "backup": .optional(backup), "score": .string(score)], text: lines)
    }
}
