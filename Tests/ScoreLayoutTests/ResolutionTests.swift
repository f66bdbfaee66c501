import Foundation
import Testing
@testable import ScoreLayout

@Suite("Resolving points")
struct ResolutionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var page: Int, x: Double, y: Double
        var system: Int?
        var barIndex: Int? = nil
        var bar: String? = nil
        var fraction: Double? = nil
        var global: Int? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "inside a bar", page: 1, x: 131, y: 100, system: 0, barIndex: 0, bar: "1", fraction: 0.5, global: 0),
        Case(name: "on a shared barline: the later bar", page: 1, x: 190, y: 100, system: 0, barIndex: 1, bar: "2", fraction: 0, global: 1),
        Case(name: "on the last barline", page: 1, x: 540, y: 100, system: 0, barIndex: 3, bar: "4", fraction: 1, global: 3),
        Case(name: "left of the first bar", page: 1, x: 20, y: 100, system: 0, barIndex: 0, bar: "1", fraction: 0, global: 0),
        Case(name: "right of the last bar", page: 1, x: 600, y: 300, system: 1, barIndex: 2, bar: "7", fraction: 1, global: 6),
        Case(name: "between systems, nearer the upper", page: 1, x: 245, y: 220, system: 0, barIndex: 1, bar: "2", fraction: 0.5, global: 1),
        Case(name: "between systems, nearer the lower", page: 1, x: 245, y: 240, system: 1, barIndex: 1, bar: "6", fraction: 0.3, global: 5),
        Case(name: "between systems, halfway: the upper", page: 1, x: 245, y: 230.25, system: 0, barIndex: 1, bar: "2", fraction: 0.5, global: 1),
        Case(name: "above the first system", page: 1, x: 100, y: 10, system: 0, barIndex: 0, bar: "1", fraction: 28.0 / 118, global: 0),
        Case(name: "below the last system", page: 1, x: 100, y: 800, system: 1, barIndex: 0, bar: "5", fraction: 28.0 / 128, global: 4),
        Case(name: "system without bars", page: 3, x: 100, y: 300, system: 1),
        Case(name: "page without systems", page: 2, x: 100, y: 100, system: nil),
        Case(name: "last page, middle bar", page: 3, x: 300, y: 500, system: 2, barIndex: 1, bar: "11", fraction: 0.5, global: 10),
        Case(name: "gap after a bar-less system", page: 3, x: 300, y: 380, system: 1),
    ]

    @Test(arguments: cases)
    func resolves(_ c: Case) throws {
        let r = try Fixtures.score.resolve(ScorePosition(page: c.page, x: c.x, y: c.y))
        #expect(r.page == c.page && r.x == c.x && r.y == c.y)
        #expect(r.systemIndex == c.system)
        #expect(r.barIndex == c.barIndex)
        #expect(r.bar?.description == c.bar)
        #expect(r.globalBarIndex == c.global)
        if let expected = c.fraction {
            #expect(abs((r.fraction ?? -1) - expected) < 1e-12)
        } else {
            #expect(r.fraction == nil)
        }
        #expect(r.position == ScorePosition(page: c.page, x: c.x, y: c.y))
    }

    @Test(arguments: [4, 0, -1, 99])
    func unknownPagesThrow(page: Int) {
        #expect(throws: LayoutError.pageNotFound(page: page)) {
            try Fixtures.score.resolve(ScorePosition(page: page, x: 100, y: 100))
        }
    }

    @Test func nonFiniteCoordinatesThrow() {
        #expect(throws: LayoutError.self) { try Fixtures.score.resolve(ScorePosition(page: 1, x: .nan, y: 100)) }
        #expect(throws: LayoutError.self) { try Fixtures.score.resolve(ScorePosition(page: 1, x: 10, y: -.infinity)) }
    }

    @Test func geometryHelpers() {
        let page = Fixtures.score.pages[0]
        #expect(page.system(containing: 100) == 0)
        #expect(page.system(containing: 220) == nil)
        #expect(page.nearestSystem(to: 220) == 0)
        #expect(page.nearestSystem(to: 245) == 1)
        #expect(PageLayout(page: 5).nearestSystem(to: 10) == nil)
        let system = page.systems[0]
        #expect(system.height == 150.5)
        #expect(system.contains(y: 60) && system.contains(y: 210.5) && !system.contains(y: 211))
        #expect(system.barExtent == 72...540)
        #expect(system.bar(containing: 300) == 2)
        #expect(system.nearestBar(to: -5) == 0)
        // Touching systems: the boundary belongs to the lower one.
        let touching = PageLayout(page: 1, systems: [SystemLayout(top: 0, bottom: 10), SystemLayout(top: 10, bottom: 20)])
        #expect(touching.system(containing: 10) == 1)
    }
}

@Suite("Bar positions")
struct BarPositionTests {
    @Test(arguments: [(0, 0.5, 1, 131.0, 135.25), (8, 0.25, 3, 360.0, 125.0), (11, 1.0, 3, 540.0, 475.0), (4, -3.0, 1, 72.0, 325.0)])
    func positionInsideABar(index: Int, fraction: Double, page: Int, x: Double, y: Double) throws {
        let position = try #require(Fixtures.score.position(atGlobalBarIndex: index, fraction: fraction))
        #expect(position == ScorePosition(page: page, x: x, y: y))
        let resolved = try Fixtures.score.resolve(position)
        #expect(resolved.globalBarIndex == index)
        #expect(resolved.fraction == min(1, max(0, fraction)))
    }

    @Test func byNumberAndOutOfRange() {
        #expect(Fixtures.score.position(ofBar: BarNumber(9), fraction: 0.25)?.x == 360)
        #expect(Fixtures.score.position(ofBar: BarNumber(99)) == nil)
        #expect(Fixtures.score.position(atGlobalBarIndex: 12) == nil)
        #expect(Fixtures.score.position(atGlobalBarIndex: -1) == nil)
    }

    @Test func rulesAndResolvedPositionsAreCodable() throws {
        let rules: [NumberingRule] = [.pickup, .renumber(fromGlobalIndex: 3, to: BarNumber(10)), .suffix(globalIndex: 5, suffix: "a")]
        #expect(try JSONDecoder().decode([NumberingRule].self, from: JSONEncoder().encode(rules)) == rules)
        let resolved = try Fixtures.score.resolve(ScorePosition(page: 1, x: 131, y: 100))
        #expect(try JSONDecoder().decode(ResolvedPosition.self, from: JSONEncoder().encode(resolved)) == resolved)
    }
}
