import Foundation

/// Hands out pages to the workers of ``ScoreDocument/forEachPage(_:dpi:workers:capResolution:cost:_:)`` in order,
/// letting a page start beside the pages being read only while the estimated memory of all of them stays within a
/// budget (issue 30: two scanned pages read at once held two pages' 300 dpi buffers, 4.7–5.3× pdftoppm's peak on a
/// 57-page scan). A page whose estimate alone is over the budget starts when no other page is being read.
final class PageBudget: @unchecked Sendable {
    private let costs: [Int]
    private let budget: Int
    private let condition = NSCondition()
    private var next = 0
    private var inUse = 0

    /// A schedule for pages whose estimated memory in bytes is `costs` (in the order they are taken), within `budget` bytes.
    init(costs: [Int], budget: Int) {
        self.costs = costs
        self.budget = budget
    }

    /// The next page's position in `costs`, once it may start; nil when every page has been handed out. Call
    /// ``finish(_:)`` with it when the page is read.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while next < costs.count, inUse > 0, inUse + costs[next] > budget { condition.wait() }
        guard next < costs.count else { return nil }
        let n = next
        next += 1
        inUse += costs[n]
        return n
    }

    /// Gives back the memory of the page at position `n`.
    func finish(_ n: Int) {
        condition.lock()
        inUse -= costs[n]
        condition.broadcast()
        condition.unlock()
    }
}
