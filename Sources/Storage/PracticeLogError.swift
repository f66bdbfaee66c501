import Quiz

/// An error raised by `PracticeLog`: a file that cannot be opened or is not a log, a bad entry, or a failed read or write.
///
/// Nothing already in the log is ever changed by a failure: each append is one transaction, and a rejected
/// entry is refused before anything is written.
public enum PracticeLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or created (missing directory, a directory, no permission).
    case cannotOpen(path: String, reason: String)
    /// The file is not a practice log: not SQLite, damaged, or another database.
    case notAPracticeLog(path: String, reason: String)
    /// The log was written by a newer version of Tonmeister (it has migrations this one does not know).
    case newerSchema(path: String)
    /// The entry breaks a rule of the log (the model's error); nothing was written.
    case invalidEntry(QuizError)
    /// A row cannot be read back as an entry.
    case corruptRow(id: Int64?, reason: String)
    /// Reading or writing failed (a full disk, a lock held too long).
    case failed(reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the practice log \(path): \(reason)"
        case .notAPracticeLog(let path, let reason):
            return "\(path) is not a practice log: \(reason)"
        case .newerSchema(let path):
            return "the practice log \(path) was written by a newer version of tonmeister; update tonmeister to use it"
        case .invalidEntry(let error):
            return "rejected practice entry: \(error.description)"
        case .corruptRow(let id, let reason):
            return "unreadable practice log row\(id.map { " \($0)" } ?? ""): \(reason)"
        case .failed(let reason):
            return "practice log: \(reason)"
        }
    }

    /// Whether the error comes from what the user gave (a path, a file, an entry) rather than the system.
    public var isBadInput: Bool {
        if case .failed = self { return false }
        return true
    }
}
