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
    init(session: Session, sessionPath: String, score: String?, password: String? = nil) throws {
        self.session = session
        let candidates: [String]
        if let score {
            candidates = [score]
        } else {
            let beside = URL(fileURLWithPath: sessionPath).deletingLastPathComponent()
                .appendingPathComponent(session.score.file).standardized.path
            candidates = session.score.file.hasPrefix("/") ? [session.score.file] : [beside, session.score.file]
        }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw CLIError.badInput("the score PDF is not found (looked for \(candidates.joined(separator: " and "))); give it with --score")
        }
        document = try ScoreDocument(path: path, password: password)
        if !session.score.sha256.isEmpty, score == nil, SHA256.hex(document.data) != session.score.sha256 {
            printNote("warning: \(path) differs from the score the session was made on (SHA-256)")
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
