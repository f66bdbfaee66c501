import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout

/// The score PDF of a session with its takes, marks and (optionally) an edit plan drawn over it.
struct AnnotatedScore {
    let session: Session
    let document: ScoreDocument

    /// Opens the session's score: `score` when given, else the session's `score.file` resolved against the session
    /// file's folder (wherever the command runs), else, for sessions made before paths were kept relative to the
    /// session file, as given from the current directory.
    ///
    /// - Throws: `CLIError.badInput` naming where it looked, or the errors of `ScoreDocument`.
    /// A score whose SHA-256 differs from the session's is opened with a `score-changed` warning (unless `quiet`),
    /// `--score` included.
    init(session: Session, sessionPath: String, score: String?, password: String? = nil, quiet: Bool = false) throws {
        self.session = session
        let found = score.map { FileManager.default.fileExists(atPath: $0) ? $0 : nil } ?? SessionFile.scorePath(session.score, sessionPath: sessionPath)
        guard let path = found else {
            let beside = URL(fileURLWithPath: sessionPath).deletingLastPathComponent().appendingPathComponent(session.score.file).standardized.path
            let candidates = score.map { [$0] } ?? (session.score.file.hasPrefix("/") ? [session.score.file] : [beside, session.score.file])
            throw CLIError.badInput("the score PDF is not found (looked for \(candidates.joined(separator: " and "))); give it with --score")
        }
        document = try ScoreDocument(path: path, password: password)
        if !quiet, !session.score.sha256.isEmpty, SHA256.hex(document.data) != session.score.sha256 {
            WarningLog.shared.record([.scoreChanged(path: path)])
        }
    }

    /// Writes the annotated PDF and returns its page count.
    func write(plan: EditPlan?, onlyPlanTakes: Bool, to path: String) throws -> Int {
        var widths: [Int: Double] = [:]
        for (index, size) in document.pageSizes.enumerated() { widths[index + 1] = size.width }
        let overlays = try ScoreAnnotation.overlays(session: session, plan: plan, pageWidths: widths,
                                                    options: .init(onlyPlanTakes: onlyPlanTakes))
        try document.writeAnnotatedPDF(overlays: overlays.filter { $0.key <= document.pageCount }, to: path)
        return document.pageCount
    }
}
