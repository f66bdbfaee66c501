import Foundation
import RecordingProtocol

/// The device a `SessionDatabase` records its edits as made by (see `SessionDatabase.acting(as:_:)`).
final class ActingDevice: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    /// The device now; nil when unknown.
    var device: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// True when `text` is a device id: 1 to 64 characters of A–Z, a–z, 0–9, `.`, `_` and `-`.
    static func isValid(_ text: String) -> Bool { Session.isValidDevice(text) }
}
