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

    /// Calls `body` for bands covering `0..<rows` (of `width` pixels each).
    static func forEach(rows: Int, width: Int, alignment: Int = 1, _ body: (Range<Int>) -> Void) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let count = rows * max(1, width) < minimumPixels ? 1 : max(1, min(cores, rows / max(1, alignment)))
        guard count > 1 else {
            if rows > 0 { body(0..<rows) }
            return
        }
        let step = ((rows + count - 1) / count + alignment - 1) / alignment * alignment
        withoutActuallyEscaping(body) { body in
            let run = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: count) { n in
                let start = n * step, end = min(rows, start + step)
                if start < end { run.value(start..<end) }
            }
        }
    }
}

/// A value handed to `DispatchQueue.concurrentPerform` whose users guarantee they touch disjoint data.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
