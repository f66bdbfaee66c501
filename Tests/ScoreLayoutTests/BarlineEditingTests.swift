import Testing
@testable import ScoreLayout

@Suite("Editing barlines")
struct BarlineEditingTests {
    static let cases: [EditCase] = [
        EditCase(name: "add inside a bar splits it", page: 1, edit: { try $0.addingBarline(page: 1, system: 0, x: 250) },
                 barlines: [72, 190, 250, 300, 450, 540], numbers: range(1...13)),
        EditCase(name: "add left of the first bar", page: 1, edit: { try $0.addingBarline(page: 1, system: 0, x: 30) },
                 barlines: [30, 72, 190, 300, 450, 540], numbers: range(1...13)),
        EditCase(name: "add right of the last bar", page: 1, edit: { try $0.addingBarline(page: 1, system: 1, x: 580) },
                 barlinesOf: 1, barlines: [72, 200, 350, 540, 580]),
        EditCase(name: "first barline of a bar-less system uses the page's extent", page: 3,
                 edit: { try $0.addingBarline(page: 3, system: 1, x: 300) },
                 barlinesOf: 1, barlines: [72, 300, 540], numbers: range(1...14)),
        EditCase(name: "first barline of a bar-less system with an explicit extent", page: 3,
                 edit: { try $0.addingBarline(page: 3, system: 1, x: 300, extent: 50...500) },
                 barlinesOf: 1, barlines: [50, 300, 500]),
        EditCase(name: "move an inner barline", page: 1, edit: { try $0.movingBarline(page: 1, system: 0, barline: 1, to: 150) },
                 barlines: [72, 150, 300, 450, 540], numbers: range(1...12)),
        EditCase(name: "move an inner barline past its left neighbour: clamped", page: 1,
                 edit: { try $0.movingBarline(page: 1, system: 0, barline: 1, to: 10) }, barlines: [72, 73, 300, 450, 540]),
        EditCase(name: "move an inner barline past its right neighbour: clamped", page: 1,
                 edit: { try $0.movingBarline(page: 1, system: 0, barline: 1, to: 400) }, barlines: [72, 299, 300, 450, 540]),
        EditCase(name: "move the left edge out", page: 1, edit: { try $0.movingBarline(page: 1, system: 0, barline: 0, to: 20) },
                 barlines: [20, 190, 300, 450, 540]),
        EditCase(name: "move the left edge past the first barline: clamped", page: 1,
                 edit: { try $0.movingBarline(page: 1, system: 0, barline: 0, to: 500) }, barlines: [189, 190, 300, 450, 540]),
        EditCase(name: "move the right edge out", page: 1, edit: { try $0.movingBarline(page: 1, system: 0, barline: 4, to: 600) },
                 barlines: [72, 190, 300, 450, 600]),
        EditCase(name: "move the right edge in: clamped", page: 1,
                 edit: { try $0.movingBarline(page: 1, system: 0, barline: 4, to: 100) }, barlines: [72, 190, 300, 450, 451]),
        EditCase(name: "remove an inner barline merges two bars", page: 1,
                 edit: { try $0.removingBarline(page: 1, system: 0, barline: 2) },
                 barlines: [72, 190, 450, 540], numbers: range(1...11)),
        EditCase(name: "remove all bars", page: 1, edit: { try $0.removingBars(page: 1, system: 0) },
                 systems: [[60, 210.5], [250, 400]], numbers: range(1...8)),
        EditCase(name: "add with a pickup", page: 1, edit: { try $0.addingBarline(page: 1, system: 0, x: 100, rules: [.pickup]) },
                 barlines: [72, 100, 190, 300, 450, 540], numbers: range(0...12)),
    ]

    @Test(arguments: cases)
    func edits(_ c: EditCase) throws { try c.check() }

    static let gapped = ScoreLayout(pages: [PageLayout(page: 1, systems: [
        SystemLayout(top: 0, bottom: 50, bars: Fixtures.bars([10, 50]) + Fixtures.bars([70, 100])),
        SystemLayout(top: 60, bottom: 100),
    ])])

    @Test(arguments: [
        RejectCase("on an existing barline", { try $0.addingBarline(page: 1, system: 0, x: 190) },
         LayoutError.invalidEdit(page: 1, system: 0, reason: "there is already a barline at x = 190")),
        RejectCase("too near a barline", { try $0.addingBarline(page: 1, system: 0, x: 190.5) },
         .invalidEdit(page: 1, system: 0, reason: "x = 190.5 is within 1 pt of a barline of bar 2 (190…300)")),
        RejectCase("too near the first barline", { try $0.addingBarline(page: 1, system: 0, x: 71.5) },
         .invalidEdit(page: 1, system: 0, reason: "x = 71.5 is within 1 pt of the first barline at 72")),
        RejectCase("in a gap", { _ in try Self.gapped.addingBarline(page: 1, system: 0, x: 60) },
         .invalidEdit(page: 1, system: 0, reason: "x = 60 is in a gap between two bars; move a barline instead")),
        RejectCase("bar-less outside the extent", { try $0.addingBarline(page: 3, system: 1, x: 600) },
         .invalidEdit(page: 3, system: 1, reason: "x = 600 must lie inside the system's extent 72…540, at least 1 pt from its edges")),
        RejectCase("bar-less without any extent", { _ in
            try ScoreLayout(pages: [PageLayout(page: 1, systems: [SystemLayout(top: 0, bottom: 10)])]).addingBarline(page: 1, system: 0, x: 5)
        }, .invalidEdit(page: 1, system: 0, reason: "the system has no bars and its left and right edges are unknown; pass its extent")),
        RejectCase("move an unknown barline", { try $0.movingBarline(page: 1, system: 0, barline: 5, to: 100) },
         .barlineNotFound(page: 1, system: 0, barline: 5, count: 5)),
        RejectCase("move a barline of a bar-less system", { try $0.movingBarline(page: 3, system: 1, barline: 0, to: 100) },
         .barlineNotFound(page: 3, system: 1, barline: 0, count: 0)),
        RejectCase("remove the left edge", { try $0.removingBarline(page: 1, system: 0, barline: 0) },
         .invalidEdit(page: 1, system: 0, reason: "barline 0 is an outer edge of the system's bars; only barlines between two bars (1…3) can be removed")),
        RejectCase("remove the right edge", { try $0.removingBarline(page: 1, system: 1, barline: 3) },
         .invalidEdit(page: 1, system: 1, reason: "barline 3 is an outer edge of the system's bars; only barlines between two bars (1…2) can be removed")),
        RejectCase("remove an unknown barline", { try $0.removingBarline(page: 1, system: 0, barline: -1) },
         .barlineNotFound(page: 1, system: 0, barline: -1, count: 5)),
        RejectCase("add on an unknown page", { try $0.addingBarline(page: 7, system: 0, x: 100) }, .pageNotFound(page: 7)),
    ])
    func rejects(_ c: RejectCase) {
        #expect(throws: c.expected) { try c.edit(Fixtures.score) }
    }

    @Test func movingAnInnerBarlineClosesAGap() throws {
        let layout = try Self.gapped.movingBarline(page: 1, system: 0, barline: 1, to: 60)
        #expect(layout.pages[0].systems[0].barlines == [10, 60, 100])
        #expect(layout.pages[0].systems[0].bars?.map(\.right) == [60, 100])
    }

    @Test func barlessSystemUsesOtherSystemsOfThePage() throws {
        let layout = try Self.gapped.addingBarline(page: 1, system: 1, x: 40)
        #expect(layout.pages[0].systems[1].barlines == [10, 40, 100])
    }
}
