import Foundation
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// Renders score pages to PNG at the width a device asks for, and keeps recent images in memory.
///
/// Widths are rounded up to a multiple of `step` pixels (and kept within `minimumWidth`…
/// `maximumWidth`), so devices of similar size share cached images. Poppler documents are not
/// thread-safe, so every render runs on one serial queue; a request for an image being rendered
/// waits for it and then finds it in the cache.
final class PageRenderer: @unchecked Sendable {
    /// The width steps images are rendered at, in pixels.
    static let step = 200
    /// The smallest width rendered.
    static let minimumWidth = 400
    /// The largest width rendered.
    static let maximumWidth = 4_000

    /// The page sizes in points, in page order.
    let pageSizes: [PageSize]
    /// The SHA-256 of the PDF (part of each image's ETag).
    let sha256: String
    /// Where the PDF was found.
    let path: String

    /// The first score's document.
    fileprivate var document: ScoreDocument { documents[0] }
    /// Every score of the session in order (the first is `document`): their pages are the session's pages one after
    /// the other, as `pageSizes` lists them.
    private let documents: [ScoreDocument]
    /// Where each score's PDF was found.
    let paths: [String]
    /// The SHA-256 of each score's PDF.
    let sha256s: [String]
    private let password: String?
    /// Where detection runs: a child process (nil: in this process, when no `tonmeister` executable is found).
    /// Set only before the server answers requests.
    var detector = DetectionProcess.defaultExecutable().map(DetectionProcess.init(executable:))
    fileprivate let queue = DispatchQueue(label: "tonmeister.render")
    private let capacity: Int
    private var cache: [Key: Data] = [:]
    private var order: [Key] = []
    private var cachedBytes = 0

    struct Key: Hashable { var page: Int, width: Int }

    /// Opens the PDF at `path` (and, for a session of several scores, the others' at `more`, whose pages follow
    /// its pages), keeping at most `cacheBytes` of images.
    init(path: String, more: [String] = [], cacheBytes: Int, password: String? = nil) throws {
        let first = try ScoreDocument(path: path, password: password)
        let documents = [first] + (try more.map { try ScoreDocument(path: $0) })
        self.documents = documents
        pageSizes = documents.flatMap(\.pageSizes)
        // One score: its SHA-256; several: the SHA-256 of theirs (images are cached by it).
        let sha256s = documents.map { SHA256.hex($0.data) }
        self.sha256s = sha256s
        sha256 = sha256s.count == 1 ? sha256s[0] : SHA256.hex(Data(sha256s.joined().utf8))
        self.path = path
        paths = [path] + more
        self.password = password
        capacity = cacheBytes
    }

    /// The width actually rendered for a requested width.
    static func renderedWidth(for requested: Int) -> Int {
        let clamped = min(max(requested, minimumWidth), maximumWidth)
        return (clamped + step - 1) / step * step
    }

    /// The most pixels a page image may have on its longer side, and in all.
    static let pixelBudget = (side: 16_000.0, area: 24_000_000.0)

    /// The resolution that renders a page of `size` `width` pixels wide, lowered for a page so long or large that
    /// the image would exceed `pixelBudget` (a 100 × 14 400 pt strip is rendered narrower, not refused).
    static func resolution(width: Int, of size: PageSize) -> Double {
        let w = max(size.width, 1), h = max(size.height, 1)
        let wanted = Double(width) / w * 72
        let bySide = pixelBudget.side / max(w, h) * 72
        let byArea = (pixelBudget.area / (w * h)).squareRoot() * 72
        let limit = min(bySide, byArea)
        return wanted <= limit ? wanted : max(1, limit.rounded(.down))
    }

    /// The PNG of a page (1-based) about `width` pixels wide, and the width rendered.
    ///
    /// - Throws: `ScoreDocumentError.pageOutOfRange` and poppler's errors.
    func png(page: Int, width requested: Int) async throws -> (data: Data, width: Int) {
        let width = Self.renderedWidth(for: requested)
        let key = Key(page: page, width: width)
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.render(key) })
            }
        }
        return (data, width)
    }

    /// The cached image, or a new render (on the queue).
    private func render(_ key: Key) throws -> Data {
        if let data = cache[key] {
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return data
        }
        let (document, page) = documentPage(key.page)
        let size = try document.pageSize(page)
        let data = try document.renderPNG(page: page, dpi: Self.resolution(width: key.width, of: size))
        cache[key] = data
        order.append(key)
        cachedBytes += data.count
        while cachedBytes > capacity, order.count > 1 {
            let oldest = order.removeFirst()
            cachedBytes -= cache.removeValue(forKey: oldest)?.count ?? 0
        }
        return data
    }

    /// The score and its own page of a session page (pages past the last score's stay with it, and fail there).
    private func documentPage(_ page: Int) -> (ScoreDocument, Int) {
        var local = page
        for document in documents.dropLast() {
            if local <= document.pageCount { return (document, local) }
            local -= document.pageCount
        }
        return (documents[documents.count - 1], local)
    }

    /// Detects the layout of the score's pages, with the detection report: in a child process
    /// (``DetectionProcess``), or on the render queue when there is no `tonmeister` executable to run.
    func detectLayout() async throws -> (layout: ScoreLayout, report: JSONValue) {
        guard documents.count == 1 else { return try await detectEveryScore() }
        if let detector {
            let (path, password) = (self.path, self.password)
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try detector.detect(path: path, password: password) }) }
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result {
                    let pages = try self.document.detectLayout()
                    return (try ScoreLayout(detected: pages), DetectedPage.report(pages, dpi: ScoreDocument.detectionDPI))
                })
            }
        }
    }

    /// Detects each score of a session of several (one after the other) and joins their layouts and reports, the
    /// pages numbered as the session numbers them.
    private func detectEveryScore() async throws -> (layout: ScoreLayout, report: JSONValue) {
        var pages: [PageLayout] = [], reported: [JSONValue] = [], offset = 0
        for (index, path) in paths.enumerated() {
            let password = index == 0 ? self.password : nil
            let (layout, report): (ScoreLayout, JSONValue) = try await withCheckedThrowingContinuation { continuation in
                if let detector = self.detector {
                    DispatchQueue.global().async { continuation.resume(with: Result { try detector.detect(path: path, password: password) }) }
                } else {
                    self.queue.async {
                        continuation.resume(with: Result {
                            let found = try self.documents[index].detectLayout()
                            return (try ScoreLayout(detected: found), DetectedPage.report(found, dpi: ScoreDocument.detectionDPI))
                        })
                    }
                }
            }
            pages += layout.pages.map { PageLayout(page: $0.page + offset, systems: $0.systems) }
            reported.append(Self.shifted(report, by: offset))
            offset += documents[index].pageCount
        }
        // The report of `score detect --json`, its pages (and doubtful pages) numbered as the session numbers them.
        func list(_ key: String) -> [JSONValue] {
            reported.flatMap { report -> [JSONValue] in
                if case .object(let members) = report, case .array(let items)? = members.first(where: { $0.0 == key })?.1 { return items }
                return []
            }
        }
        let dpi: JSONValue = { if case .object(let m) = reported.first, let d = m.first(where: { $0.0 == "dpi" }) { return d.1 }; return .null }()
        return (ScoreLayout(pages: pages), ["dpi": dpi, "pages": .array(list("pages")), "doubtfulPages": .array(list("doubtfulPages"))])
    }

    /// A detection report with its pages' numbers (and doubtful pages) moved on by `offset`.
    private static func shifted(_ report: JSONValue, by offset: Int) -> JSONValue {
        guard case .object(let members) = report else { return report }
        return .object(members.map { key, value in
            guard case .array(let items) = value else { return (key, value) }
            switch key {
            case "pages":
                return (key, .array(items.map { item in
                    guard case .object(let fields) = item else { return item }
                    return .object(fields.map { field in
                        if field.0 == "page", case .int(let page) = field.1 { return ("page", .int(page + offset)) }
                        return field
                    })
                }))
            case "doubtfulPages":
                return (key, .array(items.map { if case .int(let page) = $0 { return .int(page + offset) }; return $0 }))
            default: return (key, value)
            }
        })
    }
}

extension PageRenderer {
    /// The repeat signs the score draws over `layout`'s bars (`score form --detect`), read on the render queue.
    func drawnForm(layout: ScoreLayout) async throws -> DrawnForm {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.document.drawnForm(layout: layout) }) }
        }
    }
}
