import Foundation

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
    static func isValid(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }
}
