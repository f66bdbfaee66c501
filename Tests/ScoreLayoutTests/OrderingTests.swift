import Testing
@testable import ScoreLayout

private func p(_ page: Int, _ x: Double, _ y: Double) -> ScorePosition { ScorePosition(page: page, x: x, y: y) }

@Suite("Ordering positions")
struct OrderingTests {
    @Test(arguments: [
        (p(1, 500, 100), p(3, 10, 60), ScoreOrder.before),           // pages first
        (p(1, 500, 100), p(1, 100, 300), .before),                   // then systems
        (p(1, 100, 300), p(1, 500, 100), .after),
        (p(1, 100, 100), p(1, 300, 100), .before),                   // then x
        (p(1, 100, 70), p(1, 100, 200), .same),                      // same system and x
        (p(1, 300, 60), p(1, 100, 225), .after),                     // gap y resolves to the upper system
        (p(2, 500, 100), p(2, 100, 300), .before),                   // page without systems: y first
        (p(2, 100, 300), p(2, 500, 300), .before),                   // … then x
        (p(2, 100, 300), p(2, 100, 300), .same),
        (p(3, 500, 300), p(3, 100, 420), .before),                   // bar-less system before the next
    ])
    func compares(a: ScorePosition, b: ScorePosition, expected: ScoreOrder) throws {
        #expect(try Fixtures.score.compare(a, b) == expected)
        #expect(try Fixtures.score.compare(b, a) == expected.reversed)
    }

    @Test func sortsAcrossPagesAndSystems() throws {
        let inOrder = [p(1, 80, 100), p(1, 300, 150), p(1, 520, 65), p(1, 80, 390), p(1, 400, 260),
                       p(2, 100, 50), p(2, 100, 700), p(3, 100, 100), p(3, 500, 300), p(3, 90, 540)]
        var generator = SeededGenerator(seed: 7)
        let shuffled = inOrder.shuffled(using: &generator)
        #expect(try Fixtures.score.sorted(shuffled) == inOrder)
        #expect(try Fixtures.score.areInOrder(inOrder))
        #expect(try !Fixtures.score.areInOrder(shuffled))
        #expect(try Fixtures.score.areInOrder([]))
    }

    @Test func sortingIsStableForEquivalentPositions() throws {
        let a = p(1, 100, 70), b = p(1, 100, 200), c = p(1, 90, 150)
        #expect(try Fixtures.score.sorted([a, b, c]) == [c, a, b])
        #expect(try Fixtures.score.sorted([b, a, c]) == [c, b, a])
        #expect(try Fixtures.score.areInOrder([b, a]))
    }

    @Test func unknownPageThrows() {
        #expect(throws: LayoutError.pageNotFound(page: 9)) { try Fixtures.score.compare(p(1, 0, 0), p(9, 0, 0)) }
        #expect(throws: LayoutError.pageNotFound(page: 9)) { try Fixtures.score.sorted([p(9, 0, 0)]) }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func isAStrictWeakOrder(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let layout = Fixtures.score
        // Coordinates on a coarse grid so that ties (equal x, equal y, boundaries) are common.
        let positions = (0..<60).map { _ in
            p(Int.random(in: 1...3, using: &g), Double(Int.random(in: 0...24, using: &g)) * 25,
              Double(Int.random(in: 0...32, using: &g)) * 20)
        }
        let resolved = try positions.map(layout.resolve)
        func order(_ i: Int, _ j: Int) -> ScoreOrder { ResolvedPosition.order(resolved[i], resolved[j]) }
        var failures = 0
        for i in positions.indices {
            if order(i, i) != .same { failures += 1 }
            for j in positions.indices {
                if order(i, j) != order(j, i).reversed { failures += 1 }
                if try layout.compare(positions[i], positions[j]) != order(i, j) { failures += 1 }
                for k in positions.indices {
                    let ij = order(i, j), jk = order(j, k), ik = order(i, k)
                    if ij == .before, jk == .before, ik != .before { failures += 1 }
                    if ij == .same, jk == .same, ik != .same { failures += 1 }
                    if ij == .before, jk == .same, ik != .before { failures += 1 }
                    if ij == .same, jk == .before, ik != .before { failures += 1 }
                }
            }
        }
        #expect(failures == 0)
        let sorted = try layout.sorted(positions)
        #expect(try layout.areInOrder(sorted))
    }
}
