import Testing
@testable import ScoreLayout

/// One editing case: an edit of the fixture and what page `page` looks like afterwards.
struct EditCase: Sendable, CustomTestStringConvertible {
    var name: String
    var page: Int
    var edit: @Sendable (ScoreLayout) throws -> ScoreLayout
    /// Expected `[top, bottom]` of each system of the page.
    var systems: [[Double]]? = nil
    /// Expected barlines of system `barlinesOf` of the page.
    var barlinesOf: Int = 0
    var barlines: [Double]? = nil
    /// Expected bar numbers of the whole score.
    var numbers: [String]? = nil
    var testDescription: String { name }

    func check() throws {
        let layout = try edit(Fixtures.score)
        try layout.validate()
        let page = try #require(layout.page(self.page))
        if let systems { #expect(page.systems.map { [$0.top, $0.bottom] } == systems) }
        if let barlines { #expect(page.systems[barlinesOf].barlines == barlines) }
        if let numbers { #expect(Fixtures.numbers(layout) == numbers) }
    }
}

/// An edit of the fixture that must fail with `expected`.
struct RejectCase: Sendable, CustomTestStringConvertible {
    typealias Edit = @Sendable (ScoreLayout) throws -> ScoreLayout
    var name: String
    var edit: Edit
    var expected: LayoutError
    init(_ name: String, _ edit: @escaping Edit, _ expected: LayoutError) {
        self.name = name
        self.edit = edit
        self.expected = expected
    }
    var testDescription: String { name }
}

func range(_ r: ClosedRange<Int>) -> [String] { r.map(String.init) }

@Suite("Editing systems")
struct SystemEditingTests {
    static let cases: [EditCase] = [
        EditCase(name: "split copies bars to both parts", page: 1, edit: { try $0.splittingSystem(page: 1, at: 150) },
                 systems: [[60, 150], [150, 210.5], [250, 400]], barlinesOf: 1, barlines: [72, 190, 300, 450, 540],
                 numbers: range(1...16)),
        EditCase(name: "split with a pickup rule", page: 3, edit: { try $0.splittingSystem(page: 3, at: 100, rules: [.pickup]) },
                 systems: [[50, 100], [100, 200], [220, 370], [400, 550]], numbers: range(0...13)),
        EditCase(name: "add a system between two", page: 1, edit: { try $0.addingSystem(page: 1, top: 215, bottom: 245) },
                 systems: [[60, 210.5], [215, 245], [250, 400]], numbers: range(1...12)),
        EditCase(name: "add with edges in either order", page: 2, edit: { try $0.addingSystem(page: 2, top: 300, bottom: 100) },
                 systems: [[100, 300]]),
        EditCase(name: "add on a page missing from the layout", page: 5, edit: { try $0.addingSystem(page: 5, top: 10, bottom: 90) },
                 systems: [[10, 90]]),
        EditCase(name: "add clamped into the gap", page: 1, edit: { try $0.addingSystem(page: 1, top: 200, bottom: 260, clamp: true) },
                 systems: [[60, 210.5], [210.5, 250], [250, 400]]),
        EditCase(name: "add clamped below the last", page: 1, edit: { try $0.addingSystem(page: 1, top: 390, bottom: 500, clamp: true) },
                 systems: [[60, 210.5], [250, 400], [400, 500]]),
        EditCase(name: "add clamped above the first", page: 1, edit: { try $0.addingSystem(page: 1, top: 0, bottom: 100, clamp: true) },
                 systems: [[0, 60], [60, 210.5], [250, 400]]),
        EditCase(name: "move a top up", page: 1, edit: { try $0.movingSystemEdge(page: 1, system: 0, edge: .top, to: 30) },
                 systems: [[30, 210.5], [250, 400]]),
        EditCase(name: "move a top above the system above: clamped", page: 1,
                 edit: { try $0.movingSystemEdge(page: 1, system: 1, edge: .top, to: 100) },
                 systems: [[60, 210.5], [210.5, 400]]),
        EditCase(name: "move a top below the bottom: clamped 1 pt above", page: 1,
                 edit: { try $0.movingSystemEdge(page: 1, system: 1, edge: .top, to: 500) },
                 systems: [[60, 210.5], [399, 400]]),
        EditCase(name: "move a bottom into the next: clamped", page: 1,
                 edit: { try $0.movingSystemEdge(page: 1, system: 0, edge: .bottom, to: 300) },
                 systems: [[60, 250], [250, 400]]),
        EditCase(name: "move a bottom above the top: clamped 1 pt below", page: 1,
                 edit: { try $0.movingSystemEdge(page: 1, system: 0, edge: .bottom, to: 10) },
                 systems: [[60, 61], [250, 400]]),
        EditCase(name: "move the last bottom freely", page: 1,
                 edit: { try $0.movingSystemEdge(page: 1, system: 1, edge: .bottom, to: 900) },
                 systems: [[60, 210.5], [250, 900]]),
        EditCase(name: "remove a system renumbers", page: 1, edit: { try $0.removingSystem(page: 1, system: 0) },
                 systems: [[250, 400]], numbers: range(1...8)),
        EditCase(name: "remove a bar-less system", page: 3, edit: { try $0.removingSystem(page: 3, system: 1) },
                 systems: [[50, 200], [400, 550]], numbers: range(1...12)),
        EditCase(name: "remove the only system leaves the page", page: 1,
                 edit: { try $0.removingSystem(page: 1, system: 0).removingSystem(page: 1, system: 0) }, systems: []),
        EditCase(name: "merge keeps the upper bars", page: 1, edit: { try $0.mergingSystems(page: 1, system: 0) },
                 systems: [[60, 400]], barlines: [72, 190, 300, 450, 540], numbers: range(1...9)),
        EditCase(name: "merge a bar-less system keeps the lower bars", page: 3, edit: { try $0.mergingSystems(page: 3, system: 1) },
                 systems: [[50, 200], [220, 550]], barlinesOf: 1, barlines: [80, 200, 400, 540], numbers: range(1...12)),
    ]

    @Test(arguments: cases)
    func edits(_ c: EditCase) throws { try c.check() }

    @Test(arguments: [
        RejectCase("split in a gap", { try $0.splittingSystem(page: 1, at: 230) },
         LayoutError.noSystemAt(page: 1, y: 230)),
        RejectCase("split on a page without systems", { try $0.splittingSystem(page: 2, at: 100) }, .noSystemAt(page: 2, y: 100)),
        RejectCase("split an unknown page", { try $0.splittingSystem(page: 4, at: 100) }, .pageNotFound(page: 4)),
        RejectCase("split too near an edge", { try $0.splittingSystem(page: 1, at: 60.5) },
         .invalidEdit(page: 1, system: 0, reason: "y = 60.5 is within 1 pt of the system's edge (60…210.5)")),
        RejectCase("add overlapping", { try $0.addingSystem(page: 1, top: 200, bottom: 260) },
         .overlap(page: 1, top: 200, bottom: 260, system: 0)),
        RejectCase("add overlapping the second", { try $0.addingSystem(page: 1, top: 390, bottom: 420) },
         .overlap(page: 1, top: 390, bottom: 420, system: 1)),
        RejectCase("add clamped with no room", { try $0.addingSystem(page: 1, top: 100, bottom: 150, clamp: true) },
         .invalidEdit(page: 1, system: nil, reason: "no free space of at least 1 pt between systems in 100…150")),
        RejectCase("add too small", { try $0.addingSystem(page: 2, top: 100, bottom: 100.5) },
         .invalidEdit(page: 2, system: nil, reason: "a new system must be at least 1 pt tall (got 100…100.5)")),
        RejectCase("add on page 0", { try $0.addingSystem(page: 0, top: 10, bottom: 100) }, .pageNotFound(page: 0)),
        RejectCase("move an unknown system", { try $0.movingSystemEdge(page: 1, system: 2, edge: .top, to: 10) },
         .systemNotFound(page: 1, system: 2, count: 2)),
        RejectCase("move to nan", { try $0.movingSystemEdge(page: 1, system: 0, edge: .top, to: .nan) },
         .invalidEdit(page: 1, system: 0, reason: "y nan is not a finite number")),
        RejectCase("remove on a page without systems", { try $0.removingSystem(page: 2, system: 0) },
         .systemNotFound(page: 2, system: 0, count: 0)),
        RejectCase("merge the last system", { try $0.mergingSystems(page: 1, system: 1) },
         .invalidEdit(page: 1, system: 1, reason: "it is the last system of the page; there is no system below to merge with")),
        RejectCase("merge a negative index", { try $0.mergingSystems(page: 1, system: -1) }, .systemNotFound(page: 1, system: -1, count: 2)),
    ])
    func rejects(_ c: RejectCase) {
        #expect(throws: c.expected) { try c.edit(Fixtures.score) }
    }

    @Test func splitClipsStaves() throws {
        var layout = Fixtures.score
        layout.pages[0].systems[0].staves = [StaffLayout(top: 60, bottom: 100), StaffLayout(top: 140, bottom: 210.5)]
        let between = try layout.splittingSystem(page: 1, at: 120).pages[0].systems
        #expect(between[0].staves == [StaffLayout(top: 60, bottom: 100)])
        #expect(between[1].staves == [StaffLayout(top: 140, bottom: 210.5)])
        let across = try layout.splittingSystem(page: 1, at: 90).pages[0].systems
        #expect(across[0].staves == [StaffLayout(top: 60, bottom: 90)])
        #expect(across[1].staves == [StaffLayout(top: 90, bottom: 100), StaffLayout(top: 140, bottom: 210.5)])
        let moved = try layout.movingSystemEdge(page: 1, system: 0, edge: .bottom, to: 120).pages[0].systems[0]
        #expect(moved.staves == [StaffLayout(top: 60, bottom: 100)])
        let merged = try layout.mergingSystems(page: 1, system: 0).pages[0].systems[0]
        #expect(merged.staves?.count == 2)
    }

    @Test func editsKeepRulesWhenGiven() throws {
        let rules: [NumberingRule] = [.pickup, .suffix(globalIndex: 2, suffix: "a")]
        let layout = try Fixtures.score.addingSystem(page: 2, top: 10, bottom: 90, rules: rules)
        #expect(Fixtures.numbers(layout).prefix(4) == ["0", "1", "1a", "2"])
        #expect(throws: LayoutError.self) {
            try Fixtures.score.removingSystem(page: 1, system: 0, rules: [.renumber(fromGlobalIndex: 11, to: BarNumber(1))])
        }
    }
}
