import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// The score PDF of a session with its takes, marks and (optionally) an edit plan drawn over it.
struct AnnotatedScore {
    let session: Session
    /// The first score (the only one in most sessions).
    let document: ScoreDocument
    /// Every score of the session in order (the first is `document`).
    let documents: [ScoreDocument]

    /// Opens the session's scores: `score` when given (for the first score; a session of several scores refuses
    /// it), else each score's `file` resolved against the session file's folder (wherever the command runs), else,
    /// for sessions made before paths were kept relative to the session file, as given from the current directory.
    ///
    /// - Throws: `CLIError.badInput` naming where it looked, or the errors of `ScoreDocument`.
    /// A score whose SHA-256 differs from the session's is opened with a `score-changed` warning (unless `quiet`),
    /// `--score` included.
    init(session: Session, sessionPath: String, score: String?, password: String? = nil, quiet: Bool = false) throws {
        self.session = session
        if score != nil, session.hasSeveralScores {
            throw CLIError.badInput("--score names one PDF, but the session has \(session.scores.count) scores: each is found from the session's own paths (nothing was written)")
        }
        var documents: [ScoreDocument] = []
        for (index, reference) in session.scores.enumerated() {
            let given = index == 0 ? score : nil
            let found = given.map { FileManager.default.fileExists(atPath: $0) ? $0 : nil } ?? SessionFile.scorePath(reference, sessionPath: sessionPath)
            guard let path = found else {
                let beside = URL(fileURLWithPath: sessionPath).deletingLastPathComponent().appendingPathComponent(reference.file).standardized.path
                let candidates = given.map { [$0] } ?? (reference.file.hasPrefix("/") ? [reference.file] : [beside, reference.file])
                let which = session.hasSeveralScores ? "score \(index)'s PDF" : "the score PDF"
                throw CLIError.badInput("\(which) is not found (looked for \(candidates.joined(separator: " and ")))"
                                        + (session.hasSeveralScores ? "" : "; give it with --score"))
            }
            let document = try ScoreDocument(path: path, password: index == 0 ? password : nil)
            if !quiet, !reference.sha256.isEmpty, SHA256.hex(document.data) != reference.sha256 {
                WarningLog.shared.record([.scoreChanged(path: path)])
            }
            documents.append(document)
        }
        self.documents = documents
        document = documents[0]
    }

    /// Writes the annotated PDF and returns its page count: with several scores one PDF of all their pages in order.
    func write(plan: EditPlan?, onlyPlanTakes: Bool, to path: String) throws -> Int {
        let pages = session.scorePages
        var widths: [Int: Double] = [:]
        for (score, document) in documents.enumerated() {
            for (index, size) in document.pageSizes.enumerated() { widths[pages.offset(ofScore: score) + index + 1] = size.width }
        }
        let overlays = try ScoreAnnotation.overlays(session: session, plan: plan, pageWidths: widths,
                                                    options: .init(onlyPlanTakes: onlyPlanTakes))
        var parts: [(document: ScoreDocument, overlays: [Int: [Overlay]])] = documents.map { ($0, [:]) }
        for (page, drawn) in overlays {
            let (score, local) = session.scorePage(page)
            guard parts.indices.contains(score), local >= 1, local <= parts[score].document.pageCount else { continue }
            parts[score].overlays[local] = drawn
        }
        try ScoreDocument.writeAnnotatedPDF(parts, to: path)
        return documents.reduce(0) { $0 + $1.pageCount }
    }
}
