/// A 64-bit FNV-1a hash over UTF-8 text: the voicing dump's digest, and the file identifiers of exported edit
/// timelines (from a second starting value for 64 more bits).
package struct FNV1a: Sendable {
    /// FNV-1a's standard 64-bit offset basis.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    package private(set) var value: UInt64

    /// A hash of nothing yet, starting from `seed` (FNV-1a's offset basis unless given).
    package init(seed: UInt64 = FNV1a.offsetBasis) {
        value = seed
    }

    package mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }
}
