import Testing
@testable import ScoreLayout

@Suite("Layout validation")
struct ValidationTests {
    typealias S = SystemLayout
    static func bar(_ l: Double, _ r: Double) -> BarLayout { BarLayout(number: BarNumber(1), left: l, right: r) }

    @Test func fixtureIsValid() throws {
        try Fixtures.score.validate()
        #expect(try ScoreLayout(validating: Fixtures.score.pages) == Fixtures.score)
        try ScoreLayout().validate()
    }

    @Test(arguments: [
        ([PageLayout(page: 0)], LayoutError.invalidPage(page: 0, reason: "page numbers start at 1")),
        ([PageLayout(page: 2), PageLayout(page: 2)], .invalidPage(page: 2, reason: "listed twice")),
        ([PageLayout(page: 3), PageLayout(page: 2)],
         .invalidPage(page: 2, reason: "listed after page 3; pages must be in increasing order")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 10)])],
         .invalidSystem(page: 1, system: 0, reason: "top 10 must be less than bottom 10")),
        ([PageLayout(page: 1, systems: [S(top: .nan, bottom: 10)])],
         .invalidSystem(page: 1, system: 0, reason: "top nan is not a finite number")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50), S(top: 40, bottom: 90)])],
         .invalidSystem(page: 1, system: 1, reason: "top 40 overlaps system index 0, which ends at 50")),
        ([PageLayout(page: 4, systems: [S(top: 100, bottom: 150), S(top: 10, bottom: 50)])],
         .invalidSystem(page: 4, system: 1, reason: "top 10 is above the top 100 of system index 0; systems must be sorted by top")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50, staves: [StaffLayout(top: 5, bottom: 20)])])],
         .invalidStaff(page: 1, system: 0, staff: 0, reason: "5…20 is not inside its system 10…50")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50, staves: [StaffLayout(top: 10, bottom: 30), StaffLayout(top: 25, bottom: 50)])])],
         .invalidStaff(page: 1, system: 0, staff: 1, reason: "top 25 is above the bottom 30 of staff index 0; staves must be sorted and must not overlap")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50, bars: [bar(100, 90)])])],
         .invalidBar(page: 1, system: 0, bar: 0, reason: "bar 1: left 100 must be less than right 90")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50, bars: [bar(10, 90), bar(80, 120)])])],
         .invalidBar(page: 1, system: 0, bar: 1, reason: "bar 1: left 80 is left of the right edge 90 of bar index 0; bars must be sorted and must not overlap")),
        ([PageLayout(page: 1, systems: [S(top: 10, bottom: 50, bars: [bar(10, .infinity)])])],
         .invalidBar(page: 1, system: 0, bar: 0, reason: "bar 1: right inf is not a finite number")),
    ])
    func rejects(pages: [PageLayout], expected: LayoutError) {
        #expect(throws: expected) { try ScoreLayout(validating: pages) }
        #expect(!ScoreLayout(pages: pages).isValid)
    }

    @Test func touchingSystemsAndBarsAndGapsAreValid() throws {
        let pages = [PageLayout(page: 1, systems: [
            S(top: 10, bottom: 50, bars: [Self.bar(10, 50), Self.bar(50, 60), Self.bar(70, 80)]),
            S(top: 50, bottom: 90, staves: [StaffLayout(top: 50, bottom: 60), StaffLayout(top: 60, bottom: 90)]),
        ])]
        try ScoreLayout(validating: pages).validate()
    }

    @Test func descriptionsNameTheLocation() {
        let error = LayoutError.invalidBar(page: 3, system: 1, bar: 2, reason: "bar 7: left 80 must be less than right 60")
        #expect(error.description == "invalid layout: page 3, system index 1, bar index 2: bar 7: left 80 must be less than right 60")
        #expect(LayoutError.pageNotFound(page: 0).description.contains("numbered from 1"))
        #expect(LayoutError.pageNotFound(page: 9).description == "page 9 is not part of the layout")
    }
}
