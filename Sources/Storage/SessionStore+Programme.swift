import Foundation
import RecordingProtocol
import ScoreLayout

/// Whole-session edits of the programme and the bar numbers (`piece …`, `score numbering`), written in one go.
extension SessionStore {
    /// Numbers the layout's bars with `rules`; the pieces keep their bars (see `Session.renumberBars(_:)`).
    @discardableResult
    public func renumberBars(_ rules: (Session) throws -> [NumberingRule]) throws -> Session {
        try edit { session in
            try session.recordingProgramme(.numbering) { try $0.renumberBars(rules($0)) }
            return session
        }
    }

    /// Adds a piece (at the end when `index` is nil) and returns its index.
    @discardableResult
    public func addPiece(_ piece: Piece, at index: Int? = nil) throws -> Int {
        try edit { try $0.recordingProgramme(.pieces) { try $0.addPiece(piece, at: index) } }
    }

    /// Changes the piece at `index`.
    public func updatePiece(_ index: Int, _ change: (inout Piece) throws -> Void) throws {
        try edit { try $0.recordingProgramme(.pieces) { try $0.updatePiece(index, change) } }
    }

    /// Moves the piece at `index` to `destination`.
    public func movePiece(_ index: Int, to destination: Int) throws {
        try edit { try $0.recordingProgramme(.pieces) { try $0.movePiece(index, to: destination) } }
    }

    /// Adds a score after the others with its layout (own page numbers) and, when given, a piece on its bars; returns
    /// the new score's index (see `Session.addScore(_:layout:previousPages:)`). One write: nothing is saved when
    /// the score or the piece is refused.
    @discardableResult
    public func addScore(_ score: ScoreReference, layout: ScoreLayout?, previousPages: Int? = nil, piece: Piece? = nil) throws -> Int {
        try edit { session in
            let index = try session.addScore(score, layout: layout, previousPages: previousPages)
            if var piece {
                piece.score = index
                try session.addPiece(piece)
            }
            return index
        }
    }

    /// Removes the piece at `index` from the programme.
    public func removePiece(_ index: Int) throws {
        try edit { try $0.recordingProgramme(.pieces) { try $0.removePiece(index) } }
    }
}

extension SessionStore {
    /// Moves the session onto a new edition of its score (see `Session.rescore(matching:to:score:matches:)`), after
    /// writing the session as it was to `backup` (a `tonmeister-session/1` document) when given.
    /// With several scores, `index` is the score the new edition replaces (see `Session.rescore(score:matching:to:reference:matches:)`).
    public func rescore(matching old: (Session) throws -> ScoreLayout, to new: ScoreLayout, score: ScoreReference,
                        matches: [Int?]? = nil, backup: String? = nil, index: Int = 0) throws -> RescoreReport {
        try edit { session in
            let before = session
            let report = try session.rescore(score: index, matching: old(before), to: new, reference: score, matches: matches)
            if let backup { try SessionStore.writeAtomically(before.rescoreBackup(to: session, report: report), to: backup) }
            return report
        }
    }

    /// Moves a rescored session back onto the edition it was on before (see `Session.undoRescore(from:)`), from the
    /// document `session rescore` wrote to `backup`.
    public func undoRescore(backup: String) throws -> RescoreReport {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: backup)) } catch {
            throw StoreError.unreadable(path: backup, reason: error.localizedDescription)
        }
        let before = try Session.read(json: data, mode: .lenient).session
        return try edit { session in try session.undoRescore(from: before) }
    }
}

/// The score's notes and takes placed from their audio (`session music`, `session place`).
extension SessionStore {
    /// Names the score's notes (MusicXML or MEI) beside the PDF; nil forgets them. One undoable action (`Session.setMusic`).
    public func setMusic(_ path: String?, score index: Int = 0) throws {
        try edit { try $0.setMusic(path, score: index) }
    }

    /// Places takes from the alignments of their audio (see `Session.place`): one write, one undoable action.
    public func place(_ alignments: [Int: AudioAlignment], measures: [String], replace: Bool) throws -> PlacementReport {
        try place(alignments, measuresByScore: [0: measures], replace: replace)
    }

    /// ``place(_:measures:replace:)`` in a session of several scores: each score's measure numbers by its index.
    public func place(_ alignments: [Int: AudioAlignment], measuresByScore: [Int: [String]], replace: Bool) throws -> PlacementReport {
        try edit { try $0.place(alignments, measuresByScore: measuresByScore, replace: replace) }
    }
}
