/// A small, fast, seedable pseudo-random generator (SplitMix64) that gives the same sequence on every
/// machine and Swift version, so that anything random in Tonmeister (quizzes, test inputs, benchmark
/// cases) is reproducible from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` by our own reduction (not the standard library's, whose algorithm may change).
    public mutating func next(below n: Int) -> Int {
        precondition(n > 0, "the bound must be positive")
        return Int(next() % UInt64(n))
    }
}
