/// The devices of the history's entries (`historyDevices`, by index).
extension Session {
    /// True when `text` is a device id: 1 to 64 characters of A–Z, a–z, 0–9, `.`, `_` and `-`.
    public static func isValidDevice(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// The device that made `history[index]`; nil when unknown.
    public func deviceOfHistory(_ index: Int) -> String? {
        index >= 0 && index < historyDevices.count ? historyDevices[index] : nil
    }

    /// Records `device` as the maker of the history's entries from `start` on (those an edit just appended).
    public mutating func recordDevice(_ device: String?, ofHistoryFrom start: Int) {
        guard let device, start < history.count else { return }
        if historyDevices.count < history.count { historyDevices += Array(repeating: nil, count: history.count - historyDevices.count) }
        for index in max(0, start)..<history.count { historyDevices[index] = device }
    }
}
