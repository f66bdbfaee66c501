import TheoryCore

/// The quiz's own random choices on top of `SplitMix64`, so the same seed picks the same items everywhere.
///
/// The standard library's `shuffled()` and `randomElement()` may change their algorithms between Swift
/// versions; these do not.
package struct QuizRandom {
    private var generator: SplitMix64

    package init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A number in `0..<n`.
    package mutating func below(_ n: Int) -> Int { generator.next(below: n) }

    /// One element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// The elements in a random order (Fisher–Yates from the end).
    package mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var i = items.count - 1
        while i > 0 {
            items.swapAt(i, below(i + 1))
            i -= 1
        }
        return items
    }

    /// `k` distinct elements, in a random order.
    package mutating func sample<T>(_ items: [T], _ k: Int) -> [T] {
        Array(shuffled(items).prefix(k))
    }
}
