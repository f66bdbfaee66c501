import TonmeisterSupport

/// Why a score could not be followed through a take: bad files (exit status 2) or a take of another piece.
public enum FollowError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The score file could not be read or holds no notes.
    case unreadableScore(path: String, reason: String)
    /// The audio file could not be decoded.
    case unreadableAudio(path: String, reason: String)
    /// The decoding or FFT libraries are missing (an installation fault, not bad input).
    case missingLibrary(String)
    /// The take does not sound like the score: its best alignment is no better than chance.
    case otherPiece(confidence: Double)
    /// The take's audio matches another score given beside its own better (``ScoreFollower/compare(audio:others:)``).
    case otherScore(path: String, mismatch: Double, ownMismatch: Double)

    public var description: String {
        switch self {
        case .unreadableScore(let path, let reason): return "cannot read the score \(path): \(reason)"
        case .unreadableAudio(let path, let reason): return "cannot read the take \(path): \(reason)"
        case .missingLibrary(let reason): return "cannot follow audio: \(reason)"
        case .otherPiece(let confidence):
            let shown = (confidence * 100).rounded() / 100
            return "the take does not match the score (confidence \(shown) < \(ScoreFollower.refusalThreshold)); is it another piece?"
        case .otherScore(let path, let mismatch, let ownMismatch):
            return "the take matches \(path) better than its score (mismatch \(PlainNumber.rounded(mismatch, places: 2)) against "
                + "\(PlainNumber.rounded(ownMismatch, places: 2))); is it of that piece?"
        }
    }

    /// 2 for bad input (unreadable files, another piece), 1 for a missing library.
    public var exitStatus: Int32 {
        if case .missingLibrary = self { return 1 }
        return 2
    }
}
