/// A score a session is recorded from: the PDF's path, its SHA-256 digest and (with several scores) its page count.
public struct ScoreReference: Hashable, Sendable {
    /// The path of the score PDF (relative to the session document or absolute).
    public var file: String
    /// The lower-case hex SHA-256 of the PDF, or empty when unknown.
    public var sha256: String
    /// The score's notes beside the PDF, MusicXML (`.musicxml`, `.xml`, `.mxl`) or MEI: the path (relative to the
    /// session document or absolute) that `session place` follows takes through; nil when not given.
    public var music: String?
    /// The number of pages of the PDF; nil when not recorded. A session with several scores needs it for every
    /// score: the session's pages run through the scores in order (see `ScorePages`).
    public var pages: Int?

    /// Creates a score reference.
    public init(file: String, sha256: String = "", music: String? = nil, pages: Int? = nil) {
        self.file = file
        self.sha256 = sha256
        self.music = music
        self.pages = pages
    }
}
