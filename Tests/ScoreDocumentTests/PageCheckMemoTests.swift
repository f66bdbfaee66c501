import Foundation
import Testing
@testable import ScoreDocument

/// Each page's limits check made once per document (`PageCheckMemo`).
@Suite struct PageCheckMemoTests {
    @Test("Detection checks every page once and the document keeps the outcomes")
    func detectionFillsTheMemo() throws {
        let document = try ScoreDocument(data: PageIsolationTests.document([PageIsolationTests.good, PageIsolationTests.good]))
        #expect(document.pageChecks.count == 0)
        let pages = try document.detectLayout()
        #expect(pages.map(\.systems.count) == [3, 3])
        #expect(document.pageChecks.count == 2)
    }

    @Test("A refused page stays refused, and a page's cost is the same when asked again")
    func outcomesAreKept() throws {
        let huge = "0 0 0 RG 0 0 9200000000000000000.0 10 re f"
        let data = PageIsolationTests.document([PageIsolationTests.good, huge])
        let document = try ScoreDocument(data: data)
        var file = try #require(document.structure)
        let memo = PageCheckMemo()
        for _ in 0..<2 {
            #expect(try memo.check(page: 0, file: &file).extent == (try file.checkLimits(page: 0)).extent)
            #expect { try memo.check(page: 1, file: &file) } throws: { error in
                guard case PDFCheckError.refused(let refusal) = error else { return false }
                return refusal.code == "coordinate-out-of-range"
            }
        }
        #expect(memo.count == 2)
    }
}
