import Foundation
import ScoreLayout
import Testing
import TestSupport
import TheoryCore
@testable import ScoreDocument

/// Printed bar numbers read from the pixels of scanned pages by OCR (Tesseract), on scans of LilyPond, abcm2ps,
/// MuseScore 3 and Verovio engravings (scripts/corpus/make-scans-numbered.py): `scans-numbers` is the tuning set,
/// `scans-numbers-heldout` was never tuned on.
@Suite("Printed bar numbers read from scans")
struct ScannedNumberTests {
    static let folders = [PrintedNumberCorpusTests.Folder(name: "scans-numbers", heldOut: false, goal: 0.7),
                          PrintedNumberCorpusTests.Folder(name: "scans-numbers-heldout", heldOut: true, goal: 0.78)]

    @Test("a scanned system's first bar gets the printed number", arguments: folders)
    func agreement(_ folder: PrintedNumberCorpusTests.Folder) throws {
        let (right, counted, total, files, wrong, _) = try PrintedNumberCorpusTests.measure(folder)
        try #require(files > 0, "no scans in Corpus/\(folder.name)")
        print("printed numbers on scans \(folder.name)\(folder.heldOut ? " (held out)" : ""): \(files) scans, "
              + "\(right)/\(total) systems agree (counting bars from 1: \(counted)/\(total))")
        for line in wrong.prefix(20) { print("  " + line) }
        #expect(Double(right) / Double(max(total, 1)) >= folder.goal, "\(folder.name): \(right)/\(total)")
        #expect(right > counted, "reading the print must do better than counting: \(right) vs \(counted)")
    }

    /// A scan and the number printed at the head of each of its systems on page 1 (nil: none printed there),
    /// checked by eye on the page. (scan-form-musescore-binary-pickup is not here: its one head number, 10, is not
    /// read; see docs/scores.md.)
    struct Fixture: CustomStringConvertible, Sendable {
        var file: String
        var heads: [String?]
        var description: String { file }
    }

    static let fixtures = [
        Fixture(file: "scans-numbers/scan-numbering-book-a", heads: [nil, "5", "9", nil, "5", "9", nil, "5", "9"]),
        Fixture(file: "scans-numbers/scan-form-abcm2ps-binary-pickup", heads: [nil, "4", "8", "12", "16"]),
        Fixture(file: "scans-numbers/scan-form-verovio-endings", heads: [nil, "6", "12"]),
    ]

    /// What OCR reads at the heads is mostly right, and every head number the numbering rules use is the printed one
    /// (a misread, such as a lost leading 1, disagrees with its neighbours and is left aside).
    @Test("the numbers OCR reads at the systems' heads", arguments: fixtures)
    func heads(_ fixture: Fixture) throws {
        let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent(fixture.file + ".pdf").path)
        let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
        let systems = try #require(layout.page(1)?.systems)
        try #require(systems.count == fixture.heads.count, "\(systems.count) systems detected")
        let reading = try document.printedNumbers(layout: layout)
        #expect(reading.warnings.isEmpty)
        let used = Set(layout.numbering(agreeingWith: reading.numbers, endings: reading.endings).used)
        var firstIndex = 0
        var read: [String?] = [], usedRead: [String?] = []
        for system in systems {
            let head = reading.numbers.first { $0.globalIndex == firstIndex && $0.atSystemStart }
            read.append(head?.number.description)
            usedRead.append(head.flatMap { used.contains($0) ? $0.number.description : nil })
            firstIndex += system.knownBars.count
        }
        print("\(fixture.file): read \(read.map { $0 ?? "-" }), printed \(fixture.heads.map { $0 ?? "-" })")
        for (n, number) in usedRead.enumerated() where number != nil { #expect(number == fixture.heads[n], "system \(n + 1)") }
        let right = zip(read, fixture.heads).filter { $0.0 != nil && $0.0 == $0.1 }.count
        #expect(2 * right >= fixture.heads.compactMap { $0 }.count, "\(right) read right")
    }

    /// Groups over barlines are read only when they are about as tall as the numbers read at the heads: a head
    /// number's own pixels, handed in again as a group over a barline, are read at its height and not when its box
    /// is twice as tall, unless no head number was read.
    @Test("a group over a barline is read only at the height of the numbers read at the heads")
    func barlineGroupsAtHeadHeight() throws {
        let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent("scans-numbers/scan-numbering-book-a.pdf").path)
        let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
        let reader = ScannedNumberReader()
        let cutOuts = document.scannedNumberCutOuts(page: try #require(layout.page(1)), reader: reader)
        let heads = cutOuts.filter(\.atSystemHead)
        let headWords = reader.words(reading: heads)
        let five = try #require(heads.first { cutOut in headWords.contains { $0.text == "5" && $0.top == cutOut.top && $0.left == cutOut.left } })
        var alike = five, tall = five
        alike.atSystemHead = false
        alike.left += 100; alike.right += 100
        tall.atSystemHead = false
        tall.left += 200; tall.right += 200
        tall.bottom += tall.bottom - tall.top
        let words = reader.words(reading: [five, alike, tall])
        #expect(words.map(\.text) == ["5", "5"])
        #expect(words.map(\.left) == [five.left, alike.left])
        // Without a number read at a head, every group is read.
        #expect(reader.words(reading: [tall]).map(\.text) == ["5"])
    }

    /// The process's memory as the second reader's rule reads it: this process's resident memory, now no more than
    /// its peak, and a buffer touched now shows in both.
    @Test("resident memory, now and at its peak, as a second reader's loading judges it")
    func residentMemory() throws {
        let before = try #require(ScoreDocument.residentMemory())
        #expect(before.now > 1 << 20 && before.now <= before.peak)
        let size = 128 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 1)
        let after = try #require(ScoreDocument.residentMemory())
        #expect(after.now >= before.now + size / 2, "\(before) → \(after)")
        #expect(after.peak >= after.now)
        // A second reader fits only when it stays below the peak: not right after the peak was set by the buffer.
        #expect(!ScannedNumberReader.partnerFits() || after.peak - after.now >= ScannedNumberReader.partnerCost)
    }

    /// Two readers at once read the same words as one alone, in the same order, on pages with more groups than
    /// ``ScannedNumberReader/partnerMinimum`` at their heads and over their barlines; and several pages read together
    /// (each page's heads setting the height of its own barline groups) the same as each alone.
    @Test("two readers read the same words as one, several pages the same as each alone")
    func partnerReadsTheSame() throws {
        let pages = try ["scans-numbers/scan-numbering-book-a", "scans-engravers/scan-n02-curl-musixtex-piano-a-p1"].map { file in
            let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent(file + ".pdf").path)
            let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
            return document.scannedNumberCutOuts(page: try #require(layout.page(1)), reader: ScannedNumberReader())
        }
        for cutOuts in pages { try #require(cutOuts.count >= 2 * ScannedNumberReader.partnerMinimum, "\(cutOuts.count) groups") }
        let alone = pages.map { ScannedNumberReader().words(reading: $0) }
        #expect(alone.allSatisfy { !$0.isEmpty })
        let partner = ScannedNumberReader()
        let reader = ScannedNumberReader()
        for (cutOuts, words) in zip(pages, alone) { #expect(reader.words(reading: cutOuts, partner: partner) == words) }
        #expect(ScannedNumberReader().words(readingPages: pages, partner: ScannedNumberReader()) == alone)
        #expect(ScannedNumberReader().words(readingPages: pages) == alone)
        #expect(partner.unavailable == nil)
    }

    /// A page image with one system whose head is drawn by `draw` (x, y in pixels at 300 dpi) and its layout.
    static func page(draw: (inout [UInt8], Int) -> Void) -> (GrayImage, PageLayout) {
        let scale = 300.0 / 72, width = Int(595 * scale), height = Int(300 * scale)
        var pixels = [UInt8](repeating: 245, count: width * height)
        // A five-line staff from x 60 to 540 pt, its top line at y 150 pt, lines 7 pt apart.
        for line in 0..<5 {
            let y = Int((150 + 7 * Double(line)) * scale)
            for x in Int(60 * scale)..<Int(540 * scale) { pixels[y * width + x] = 20; pixels[(y + 1) * width + x] = 20 }
        }
        draw(&pixels, width)
        let bars = [BarLayout(number: BarNumber(1), left: 70, right: 300), BarLayout(number: BarNumber(2), left: 300, right: 540)]
        let system = SystemLayout(top: 150, bottom: 178, staves: [StaffLayout(top: 150, bottom: 178)], bars: bars)
        return (GrayImage(width: width, height: height, scale: scale, pixels: pixels), PageLayout(page: 1, systems: [system]))
    }

    @Test("nothing above the staff, noise or a blot gives no number and no crash")
    func garbage() {
        let reader = ScannedNumberReader()
        let (blank, layout) = Self.page { _, _ in }
        #expect(reader.words(image: blank, page: layout).isEmpty)
        var generator = SplitMix64(seed: 26)
        let (noisy, _) = Self.page { pixels, width in
            // Grey specks of one to three pixels over the head of the system, and an ink blot where a number would be.
            for _ in 0..<4000 {
                let x = Int(generator.next() % 1200), y = 420 + Int(generator.next() % 200)
                pixels[y * width + x] = UInt8(generator.next() % 120)
            }
            for y in 560..<600 { for x in 300..<345 { pixels[y * width + x] = 10 } }
        }
        #expect(reader.words(image: noisy, page: layout).isEmpty)
        // A system at the very top and one past the image's edge: their regions are cut off or empty.
        var edge = layout
        edge.systems[0].top = 2
        edge.systems.append(SystemLayout(top: 5000, bottom: 5030, staves: [StaffLayout(top: 5000, bottom: 5030)],
                                         bars: [BarLayout(number: BarNumber(3), left: -50, right: 9000)]))
        #expect(reader.words(image: noisy, page: edge).isEmpty)
    }

    /// Loading Tesseract skips the legacy engine's ambiguity table (lazy.c's empty `LoadUniversal`, which the link
    /// exports) and the debugging images' font (lazy.c's `bmfCreate`), loads the LSTM parts of the English model, and
    /// takes libcurl and libarchive from stubs.c's stand-ins rather than from their files (on glibc); the fixtures
    /// above show what it reads.
    @Test("Tesseract is loaded without the legacy engine's ambiguity table, the debug font, libcurl and libarchive")
    func lstmOnlyLoading() throws {
        #expect(TesseractReader.skipsLegacyAmbiguities)
        #expect(TesseractReader.skipsDebugFont)
        #if os(Linux)
        // A process that loaded the real libcurl before (the test bundle may, through FoundationNetworking) keeps it:
        // a stand-in is only made for a library not loaded yet.
        let before = try Self.mappedFiles()
        _ = try ScannedNumberReader.makeTesseract()
        let after = try Self.mappedFiles()
        try #require(after.contains("/libtesseract.so"))
        if before.contains("/libcurl.so") {
            #expect(!TesseractReader.usesLibraryStandIns)
        } else {
            #expect(TesseractReader.usesLibraryStandIns)
            #expect(!after.contains("/libcurl.so") && !after.contains("/libarchive.so") && !after.contains("/libgnutls.so"))
        }
        #else
        _ = try ScannedNumberReader.makeTesseract()
        #endif
    }

    #if os(Linux)
    /// The libraries Tonmeister loads on first use besides Tesseract (Sources/CPoppler, Sources/CAudio).
    static let lazilyLoaded = ["libcairo.so.2", "libpoppler-glib.so.8", "libgobject-2.0.so.0", "libglib-2.0.so.0", "libfreetype.so.6",
                               "libturbojpeg.so.0", "libtiff.so.6", "libsndfile.so.1", "libsamplerate.so.0", "libkissfft-float.so.131"]

    /// The stand-ins for libcurl and libarchive keep those names once Tesseract is loaded: a library loaded after it
    /// that needed either would be handed the stand-in, which defines only what libtesseract calls. None of the other
    /// libraries Tonmeister loads needs them (on Debian; a system whose poppler links libcurl fails here).
    @Test("No library loaded after Tesseract needs libcurl or libarchive",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") && FileManager.default.isExecutableFile(atPath: "/sbin/ldconfig")))
    func standInsServeOnlyTesseract() throws {
        let cache = try ChildProcess.run(path: "/sbin/ldconfig", ["-p"]).output.split(separator: "\n")
        var checked = 0
        for library in Self.lazilyLoaded {
            guard let line = cache.first(where: { $0.contains(library + " (") }), let path = line.split(separator: " ").last else { continue }
            let needs = try ChildProcess.run(path: "/usr/bin/ldd", [String(path)]).output
            #expect(!needs.contains("libcurl") && !needs.contains("libarchive"), "\(library) needs: \(needs)")
            checked += 1
        }
        #expect(checked >= 4, "found \(checked) of the libraries in ldconfig's cache")
    }

    /// The process's mappings (/proc/self/maps), read to its end: the file reports no size, so it is read in pieces.
    static func mappedFiles() throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? file.close() }
        var text = Data()
        while let piece = try file.read(upToCount: 1 << 16), !piece.isEmpty { text.append(piece) }
        return String(decoding: text, as: UTF8.self)
    }
    #endif
}
