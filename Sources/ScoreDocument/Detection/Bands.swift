import Foundation

/// Splits row-wise image work into bands run on the machine's cores.
///
/// Each band is a contiguous range of rows (starting on a multiple of `alignment`), handled by one call of the
/// body; bands never overlap, so a body may write its own rows of a shared buffer. Small images run in one band
/// on the calling thread. When every core is already busy (pages detected in parallel), the calling thread runs
/// the bands itself.
enum Bands {
    /// Below this many pixels the work stays on the calling thread.
    static let minimumPixels = 250_000

    /// The bands covering `0..<rows` (of `width` pixels each): one per core, each starting on a multiple of
    /// `alignment`; one band for a small image.
    static func ranges(rows: Int, width: Int, alignment: Int = 1) -> [Range<Int>] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let count = rows * max(1, width) < minimumPixels ? 1 : max(1, min(cores, rows / max(1, alignment)))
        guard count > 1 else { return rows > 0 ? [0..<rows] : [] }
        let step = ((rows + count - 1) / count + alignment - 1) / alignment * alignment
        return (0..<count).map { n in (n * step)..<min(rows, n * step + step) }.filter { !$0.isEmpty }
    }

    /// Calls `body` for bands covering `0..<rows` (of `width` pixels each).
    static func forEach(rows: Int, width: Int, alignment: Int = 1, _ body: (Range<Int>) -> Void) {
        _ = map(rows: rows, width: width, alignment: alignment, body)
    }

    /// Calls `body` for bands covering `0..<rows` (of `width` pixels each) and returns what each gave, in the
    /// order of the bands.
    static func map<T>(rows: Int, width: Int, alignment: Int = 1, _ body: (Range<Int>) -> T) -> [T] {
        let bands = ranges(rows: rows, width: width, alignment: alignment)
        guard bands.count > 1 else { return bands.map(body) }
        var results = [T?](repeating: nil, count: bands.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            withoutActuallyEscaping(body) { body in
                let run = UncheckedSendable(body)
                DispatchQueue.concurrentPerform(iterations: bands.count) { out.value[$0] = run.value(bands[$0]) }
            }
        }
        return results.map { $0! }
    }
}

/// A value handed to `DispatchQueue.concurrentPerform` whose users guarantee they touch disjoint data.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
