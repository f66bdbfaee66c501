/// The score a session is recorded from: the PDF's path and its SHA-256 digest.
public struct ScoreReference: Hashable, Sendable {
    /// The path of the score PDF (relative to the session document or absolute).
    public var file: String
    /// The lower-case hex SHA-256 of the PDF, or empty when unknown.
    public var sha256: String

    /// Creates a score reference.
    public init(file: String, sha256: String = "") {
        self.file = file
        self.sha256 = sha256
    }
}
