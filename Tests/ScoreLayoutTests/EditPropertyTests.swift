import Testing
@testable import ScoreLayout

/// Random sequences of edits, as a producer might make them by tapping around, never break a layout.
@Suite("Editing properties")
struct EditPropertyTests {
    /// Applies one random edit of kind 0…9; the layout is nil when the edit was (correctly) refused.
    static func randomEdit(_ layout: ScoreLayout, _ g: inout SeededGenerator) throws -> (kind: Int, layout: ScoreLayout?) {
        let page = [0, 1, 1, 1, 2, 3, 3, 3, 4].randomElement(using: &g)!
        let systemCount = layout.page(page)?.systems.count ?? 0
        let system = Int.random(in: -1...systemCount, using: &g)
        let barCount = (layout.page(page)?.systems.indices.contains(system) == true)
            ? layout.page(page)!.systems[system].bars?.count ?? 0 : 0
        let barline = Int.random(in: -1...(barCount + 1), using: &g)
        // Coordinates on a coarse grid half the time, so that edges and barlines are hit exactly.
        func coordinate(_ limit: Double) -> Double {
            Bool.random(using: &g) ? Double(Int.random(in: 0...Int(limit / 10), using: &g)) * 10 : Double.random(in: -20...limit, using: &g)
        }
        let x = coordinate(620), y = coordinate(820)
        let kind = Int.random(in: 0..<10, using: &g)
        func edit() throws -> ScoreLayout {
            switch kind {
            case 0: return try layout.splittingSystem(page: page, at: y)
            case 1: return try layout.addingSystem(page: page, top: y, bottom: y + Double.random(in: -80...120, using: &g),
                                                   clamp: Bool.random(using: &g))
            case 2: return try layout.movingSystemEdge(page: page, system: system, edge: Bool.random(using: &g) ? .top : .bottom, to: y)
            case 3: return try layout.removingSystem(page: page, system: system)
            case 4: return try layout.mergingSystems(page: page, system: system)
            case 5, 6: return try layout.addingBarline(page: page, system: system, x: x,
                                                       extent: Bool.random(using: &g) ? 40...580 : nil)
            case 7: return try layout.movingBarline(page: page, system: system, barline: barline, to: x)
            case 8: return try layout.removingBarline(page: page, system: system, barline: barline)
            default: return try layout.removingBars(page: page, system: system)
            }
        }
        do {
            return (kind, try edit())
        } catch is LayoutError {
            return (kind, nil)
        }
    }

    @Test(arguments: [1 as UInt64, 42, 2026])
    func thousandRandomEditsKeepTheLayoutValid(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        var layout = Fixtures.score
        var applied = 0
        var kinds = Set<Int>()
        for step in 0..<1_000 {
            let (kind, edited) = try Self.randomEdit(layout, &g)
            guard let next = edited else { continue }
            applied += 1
            kinds.insert(kind)
            do {
                try next.validate()
            } catch {
                Issue.record("step \(step): \(error)")
                return
            }
            // Numbering stays continuous, and JSON round trips.
            #expect(Fixtures.numbers(next) == (0..<next.barCount).map { String($0 + 1) })
            layout = next
        }
        #expect(applied > 250, "only \(applied) edits applied")
        #expect(kinds == Set(0..<10), "edit kinds never applied: \(Set(0..<10).subtracting(kinds))")
        #expect(try ScoreLayout(json: layout.jsonData()) == layout)
        // Every point of every page still resolves, and resolved systems contain or neighbour it.
        for page in layout.pages {
            for y in stride(from: 0.0, through: 800, by: 50) {
                let r = try layout.resolve(ScorePosition(page: page.page, x: 300, y: y))
                #expect((r.systemIndex == nil) == page.systems.isEmpty)
            }
        }
    }

    @Test func startingFromNothing() throws {
        var g = SeededGenerator(seed: 9)
        var layout = ScoreLayout()
        for _ in 0..<1_000 {
            if let next = try Self.randomEdit(layout, &g).layout {
                try next.validate()
                layout = next
            }
        }
        try layout.validate()
    }
}
