import Foundation

/// Each page's limits check (``PDFFile/checkLimits(page:)``), made once per document: detection, the printed
/// numbers and the drawn form each ask before poppler sees a page, and the check reads the whole page's content.
///
/// The check depends only on the document's bytes and the page, so its outcome is kept for the document's life.
/// Safe from any thread (detection checks pages on several).
final class PageCheckMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Int: Result<PDFFile.ContentCost, PDFCheckError>] = [:]

    /// How many pages have been checked.
    var count: Int { lock.withLock { outcomes.count } }

    /// The check of page `index` (0-based) by `file`, the document's structure: its cost, or why it was refused or
    /// could not be checked.
    func check(page index: Int, file: inout PDFFile) throws(PDFCheckError) -> PDFFile.ContentCost {
        if let known = lock.withLock({ outcomes[index] }) { return try known.get() }
        let outcome: Result<PDFFile.ContentCost, PDFCheckError>
        do throws(PDFCheckError) { outcome = .success(try file.checkLimits(page: index)) } catch { outcome = .failure(error) }
        lock.withLock { outcomes[index] = outcome }
        return try outcome.get()
    }
}
