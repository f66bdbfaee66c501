import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// A PDF opened by path is mapped, not copied (``SharedBytes``): what happens when its file is cut short or replaced
/// while it is open, and how pages are let go of; and the memory budget of pages read at once (``PageBudget``).
@Suite("Mapped PDF files and the memory budget of pages read at once")
struct MappedFileTests {
    static let scan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus/scans/scan-faint-verovio-part-short-bars.pdf")

    /// A private copy of the corpus scan in a fresh directory.
    static func copy() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("scan.pdf")
        try FileManager.default.copyItem(at: scan, to: url)
        return url
    }

    @Test("A file cut short while it is open is an error (not SIGBUS), named as such")
    func cutShort() throws {
        let url = try Self.copy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let document = try ScoreDocument(path: url.path)
        #expect(document.bytes.isMapped, "\(SharedBytes.guardedMappings) guarded mappings open")
        #expect(!document.bytes.changed)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 4096)
        try handle.close()
        // The image lies past the new end: without the guard, reading it would end the process with SIGBUS.
        do {
            _ = try document.detectLayout(workers: 1)
            Issue.record("the cut file was read without an error")
        } catch {
            guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == url.path && reason.contains("cut short"), "\(error)")
        }
        #expect(document.bytes.changed)
    }

    @Test("A file replaced while it is open is read as it was when opened")
    func replaced() throws {
        let url = try Self.copy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let document = try ScoreDocument(path: url.path)
        let expected = try ScoreDocument(path: Self.scan.path).detectLayout(workers: 1)
        let other = url.deletingLastPathComponent().appendingPathComponent("other.pdf")
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: other)
        try #require(rename(other.path, url.path) == 0)
        #expect(try document.detectLayout(workers: 1) == expected)
        #expect(!document.bytes.changed)
    }

    @Test("Letting the mapped pages go keeps the bytes readable, the same as the file's")
    func releaseKeepsBytes() throws {
        let document = try ScoreDocument(path: Self.scan.path)
        #expect(document.bytes.isMapped, "\(SharedBytes.guardedMappings) guarded mappings open")
        document.bytes.releaseResident()
        #expect(document.data == (try Data(contentsOf: Self.scan)))
        // Data given in memory is copied: letting go is nothing.
        let copied = try ScoreDocument(data: try Data(contentsOf: Self.scan))
        #expect(!copied.bytes.isMapped)
        copied.bytes.releaseResident()
        #expect(copied.data == document.data)
    }

    @Test("Reading a scan's printed numbers and drawn form leaves none of its file resident, as detection does")
    func readingsLetTheFileGo() throws {
        let url = try Self.copy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let document = try ScoreDocument(path: url.path)
        try #require(document.bytes.isMapped, "\(SharedBytes.guardedMappings) guarded mappings open")
        let layout = try ScoreLayout(detected: try document.detectLayout(workers: 1))
        #expect(Self.residentKilobytes(of: url.path) == 0, "detection left the file resident")
        // The OCR's cut-outs were kept by detection, but finding each page's image reads its stream's end: on a
        // 171-page book those pages came to 30 MB under Tesseract, 11 MB more in the drawn form.
        _ = try document.printedNumbers(layout: layout)
        #expect(Self.residentKilobytes(of: url.path) == 0, "the printed numbers left the file resident")
        _ = try document.drawnForm(layout: layout)
        #expect(Self.residentKilobytes(of: url.path) == 0, "the drawn form left the file resident")
    }

    /// The kilobytes of the process's mappings of the file at `path` that are resident (`/proc/self/smaps`); nil
    /// when it is not mapped.
    static func residentKilobytes(of path: String) -> Int? {
        // Read to its end: a file of /proc has no size, and `FileManager.contents(atPath:)` reads one block of it.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        let smaps = String(decoding: data, as: UTF8.self)
        var total: Int?, inFile = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                inFile = fields.count >= 6 && fields[5...].joined(separator: " ") == path
                if inFile { total = total ?? 0 }
            } else if inFile, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                total! += kilobytes
            }
        }
        return total
    }

    @Test("Pages read at once stay within the budget; a page over it alone runs by itself; every page once, in order")
    func budget() {
        let costs = [30, 30, 5, 5, 50, 5, 30, 10]
        let schedule = PageBudget(costs: costs, budget: 40)
        let log = BudgetLog()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            while let n = schedule.take() {
                log.start(n, cost: costs[n])
                Thread.sleep(forTimeInterval: 0.02)
                log.end(n, cost: costs[n])
                schedule.finish(n)
            }
        }
        #expect(log.started.sorted() == Array(costs.indices))
        #expect(log.largest <= 50)
        #expect(log.overBudget.isEmpty, "\(log.overBudget)")
    }

    @Test("A scanned page is estimated at its 300 dpi buffers, a page without images at the resolution asked for")
    func readingCost() throws {
        let document = try ScoreDocument(path: Self.scan.path)
        var file = document.structure
        let size = document.pageSizes[0]
        let scanCost = ScoreDocument.readingCost(page: 0, size: size, dpi: 150, file: &file)
        let grid = ScoreDocument.gridSize(of: size, dpi: 300)
        #expect(scanCost >= Int(Double(grid.width * grid.height) * ScoreDocument.bytesPerReadPixel))
        #expect(scanCost > ScoreDocument.pageMemoryBudget / 2, "two scans must not be read at once")
        let vector = try ScoreDocument(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Corpus/lilypond").path + "/" + (try Self.firstPDF(in: "Corpus/lilypond")))
        var vectorFile = vector.structure
        let vectorCost = ScoreDocument.readingCost(page: 0, size: vector.pageSizes[0], dpi: 150, file: &vectorFile)
        #expect(vectorCost < ScoreDocument.pageMemoryBudget / 2, "two drawn pages are read at once")
    }

    static func firstPDF(in folder: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(folder)
        return try #require(try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".pdf") }.sorted().first)
    }
}

/// What ``MappedFileTests/budget()`` saw: the order pages started in and the estimates running at once.
final class BudgetLog: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private var count = 0
    private(set) var started: [Int] = []
    private(set) var largest = 0
    /// Moments two or more pages ran with more than the budget between them.
    private(set) var overBudget: [Int] = []

    func start(_ n: Int, cost: Int) {
        lock.withLock {
            started.append(n)
            running += cost
            count += 1
            largest = max(largest, running)
            if count > 1, running > 40 { overBudget.append(running) }
        }
    }

    func end(_ n: Int, cost: Int) {
        lock.withLock {
            running -= cost
            count -= 1
        }
    }
}
