import Foundation
import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

/// The warnings of the sessions this run of the command read, for `--json` answers and standard error.
///
/// `SessionFile` records what reading repaired; `OutputOptions.emit` puts them into the JSON answer as
/// `"warnings"`; whatever no JSON answer carried is printed on standard error when the command ends.
final class WarningLog: @unchecked Sendable {
    static let shared = WarningLog()

    private let lock = NSLock()
    private var warnings: [SessionWarning] = []
    private var read = false
    private var delivered = false

    /// Records that a session was read, with the warnings its reading gave (a warning already recorded, such as the
    /// score's check when the session is opened twice, is recorded once).
    func record(_ new: [SessionWarning]) {
        lock.withLock {
            read = true
            for warning in new where warning.kind != .scoreChanged || !warnings.contains(warning) { warnings.append(warning) }
        }
    }

    /// The warnings as a JSON array when a session was read (marking them delivered), else nil.
    func takeForJSON() -> JSONValue? {
        lock.withLock {
            guard read else { return nil }
            delivered = true
            return .array(warnings.map(\.jsonTree))
        }
    }

    /// Prints the warnings no JSON answer carried on standard error, once.
    func flushToStandardError() {
        let pending: [SessionWarning] = lock.withLock {
            defer { delivered = true }
            return delivered ? [] : warnings
        }
        for warning in pending {
            FileHandle.standardError.write(Data("warning: \(warning.message)\n".utf8))
        }
    }
}
