import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// Scans whose staff lines came out too pale or broken for the ink threshold: a strong blur leaves thin lines lighter
/// than the threshold over most of their length, and drop-outs of a faint print eat long stretches of lines.
@Suite("Detection on blurred and broken staff lines")
struct DetectionFaintLinesTests {
    static let dpi = 300.0

    /// Long lines found and the staves they formed, and whether the ridges are read for them.
    struct RidgeCase: CustomStringConvertible, Sendable {
        var name: String
        var lines: Int, staves: Int
        var read: Bool
        var description: String { name }
    }

    /// Cases from the corpus's scans (2026-11-29) and at the limit.
    static let ridgeCases = [
        RidgeCase(name: "a blank page", lines: 0, staves: 0, read: true),
        RidgeCase(name: "a bilevel scan, lines found but no staff (x11)", lines: 30, staves: 0, read: true),
        RidgeCase(name: "one staff of fourteen found (nh4)", lines: 49, staves: 1, read: true),
        RidgeCase(name: "ten lines of no staff (nh2)", lines: 55, staves: 9, read: true),
        RidgeCase(name: "five lines of no staff", lines: 20, staves: 3, read: true),
        RidgeCase(name: "four lines of no staff", lines: 19, staves: 3, read: false),
        RidgeCase(name: "four stray lines (the tunes book)", lines: 54, staves: 10, read: false),
        RidgeCase(name: "two stray lines (n02)", lines: 72, staves: 14, read: false),
        RidgeCase(name: "every line in a staff", lines: 15, staves: 3, read: false),
    ]

    /// The ridges are read when no staff was found or at least a staff's worth of long lines (five) belongs to none;
    /// not for a few stray lines (beams, ledger lines, a staff found in part).
    @Test("Ridges are read only where they may add staves", arguments: ridgeCases)
    func ridgeGate(_ example: RidgeCase) {
        #expect(LayoutDetector.ridgesMayAddStaves(lines: example.lines, staves: example.staves) == example.read)
    }

    /// The bundled minuet at 300 dpi and its truth.
    static func minuet() throws -> (GrayImage, [DetectionTruthTests.TruthSystem], staves: [(top: Double, bottom: Double)]) {
        let document = try ScoreDocument(path: DetectionTruthTests.scores.appendingPathComponent("minuet.pdf").path)
        let data = try Data(contentsOf: DetectionTruthTests.scores.appendingPathComponent("minuet.layout.json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let page = (json?["pages"] as? [[String: Any]])?.first { $0["page"] as? Int == 1 }
        let staves = (page?["systems"] as? [[String: Any]] ?? []).flatMap { $0["staves"] as? [[String: Any]] ?? [] }
            .map { (top: $0["top"] as? Double ?? .nan, bottom: $0["bottom"] as? Double ?? .nan) }
        return (try document.grayImage(page: 1, dpi: dpi), try DetectionTruthTests.truth("minuet")[1] ?? [], staves)
    }

    /// A Gaussian-like blur (three box passes each way, `radius` pixels), greys lightened by `gamma`, and seeded grain of ±`grain` levels.
    static func blurred(_ image: GrayImage, radius: Int, gamma: Double, grain: Double, seed: UInt64) -> GrayImage {
        let w = image.width, h = image.height
        var values = image.pixels.map(Double.init)
        func pass(_ count: Int, _ stride: Int, _ lines: Int, _ step: Int) {
            var line = [Double](repeating: 0, count: count)
            for l in 0..<lines {
                for i in 0..<count { line[i] = values[l * step + i * stride] }
                var sum = 0.0
                for i in -radius...radius { sum += line[max(0, min(count - 1, i))] }
                for i in 0..<count {
                    values[l * step + i * stride] = sum / Double(2 * radius + 1)
                    sum += line[min(count - 1, i + radius + 1)] - line[max(0, i - radius)]
                }
            }
        }
        for _ in 0..<3 {
            pass(w, 1, h, w)
            pass(h, w, w, 1)
        }
        var generator = SplitMix64(seed: seed)
        // A gamma below 1 lightens the greys (the blurred thin lines) more than the black (noteheads, beams).
        let pixels = values.map { UInt8(max(0, min(255, 255 * pow(max(0, $0) / 255, gamma) + generator.uniform() * 2 * grain - grain))) }
        return GrayImage(width: w, height: h, scale: image.scale, pixels: pixels)
    }

    /// Checks that a detected page has the truth's systems, each with its top and bottom within `tolerance` points.
    static func expectSystems(_ page: DetectedPage, _ truth: [DetectionTruthTests.TruthSystem], within tolerance: Double) {
        #expect(page.systems.count == truth.count, "systems \(page.systems.map { Int($0.top) }) vs \(truth.map { Int($0.top) })")
        for (system, t) in zip(page.systems, truth) {
            #expect(abs(system.top - t.top) <= tolerance && abs(system.bottom - t.bottom) <= tolerance,
                    "system \(system.top)-\(system.bottom) vs \(t.top)-\(t.bottom)")
        }
    }

    /// Checks the systems and barlines of a detected page against the truth (6 and 5 points: the scan tolerances);
    /// all but `missing` barlines of each system must be found.
    static func expectMatches(_ page: DetectedPage, _ truth: [DetectionTruthTests.TruthSystem], missing: Int) {
        expectSystems(page, truth, within: 6)
        for (system, t) in zip(page.systems, truth) {
            let matched = t.barlines.filter { x in system.barlines.contains { abs($0 - x) <= 5 } }
            #expect(matched.count >= t.barlines.count - missing, "barlines \(system.barlines.map { Int($0) }) vs \(t.barlines.map { Int($0) })")
        }
    }

    @Test("a strong blur leaves the staff lines paler than the threshold; their ridges still read")
    func blurredLines() throws {
        let (image, truth, staves) = try Self.minuet()
        let blurred = Self.blurred(image, radius: 3, gamma: 0.6, grain: 6, seed: 11)
        // The lines really are lost to the threshold: the plain mask does not give every staff, the ridges do.
        let mask = InkMask(adaptive: blurred)
        #expect(LayoutDetector.staffLines(in: mask, scale: image.scale).staves.count < staves.count)
        let ridges = mask.addingRidges(of: blurred.rowAveraged(radius: 4), reach: 6, depth: LayoutDetector.ridgeDepth)
        #expect(LayoutDetector.staffLines(in: ridges, scale: image.scale).staves.count == staves.count)
        // The barlines are as pale: a few are missed (where the blurred staff lines meet them at a system's end).
        Self.expectMatches(LayoutDetector.detect(blurred, page: 1), truth, missing: 2)
    }

    @Test("a staff whose top and bottom lines lost opposite halves is still a staff")
    func brokenLines() throws {
        let (image, truth, staves) = try Self.minuet()
        var pixels = image.pixels
        let w = image.width, s = image.scale
        // The top line keeps only its right 40 %, the bottom line only its left 40 %: the two share no stretch.
        for staff in staves {
            let space = (staff.bottom - staff.top) / 4
            let left = Int(50 * s), right = w - Int(50 * s)
            let cut = [(row: staff.top, from: left, to: left + (right - left) * 6 / 10),
                       (row: staff.bottom, from: left + (right - left) * 4 / 10, to: right)]
            for (row, from, to) in cut {
                let y0 = Int(((row - 0.3 * space) * s).rounded()), y1 = Int(((row + 0.3 * space) * s).rounded())
                for y in y0...y1 { for x in from..<to { pixels[y * w + x] = 255 } }
            }
        }
        let broken = GrayImage(width: w, height: image.height, scale: s, pixels: pixels)
        let page = LayoutDetector.detect(broken, page: 1)
        Self.expectSystems(page, truth, within: 3)
    }

    /// Floyd–Steinberg dithering to black and white of the image on grey paper (`paper` for white).
    static func dithered(_ image: GrayImage, paper: Double) -> GrayImage {
        let w = image.width, h = image.height
        var values = image.pixels.map { Double($0) * paper / 255 }
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let old = values[y * w + x], new: Double = old < 128 ? 0 : 255
                out[y * w + x] = UInt8(new)
                let error = old - new
                if x + 1 < w { values[y * w + x + 1] += error * 7 / 16 }
                if y + 1 < h {
                    if x > 0 { values[(y + 1) * w + x - 1] += error * 3 / 16 }
                    values[(y + 1) * w + x] += error * 5 / 16
                    if x + 1 < w { values[(y + 1) * w + x + 1] += error / 16 }
                }
            }
        }
        return GrayImage(width: w, height: h, scale: image.scale, pixels: out)
    }

    @Test("a dithered bilevel scan of grey paper reads like the grey page")
    func ditheredPage() throws {
        let (image, truth, _) = try Self.minuet()
        #expect(!image.isDithered, "an engraving is not dithered")
        #expect(!Self.blurred(image, radius: 1, gamma: 1, grain: 12, seed: 3).isDithered, "grain is not dithering")
        let dots = Self.dithered(image, paper: 222)
        #expect(dots.isDithered)
        Self.expectMatches(LayoutDetector.detect(dots, page: 1), truth, missing: 0)
    }

    @Test("a staff that lost two of its lines whole (a bilevel scan's threshold) is still found where it is")
    func staffWithLinesWipedOut() throws {
        let (image, truth, staves) = try Self.minuet()
        var pixels = image.pixels
        let w = image.width, s = image.scale
        // Which lines (0 top to 4 bottom) are gone from which staff: inner lines, the top line, the bottom two.
        let wiped: [Int: [Int]] = [0: [1, 3], 2: [0, 2], 4: [3, 4]]
        for (n, gone) in wiped {
            let staff = staves[n], space = (staff.bottom - staff.top) / 4
            for line in gone {
                let row = staff.top + Double(line) * space
                // Only the line goes: columns where a stem, barline or notehead crosses it keep their ink.
                let y0 = Int(((row - 0.15 * space) * s).rounded()), y1 = Int(((row + 0.15 * space) * s).rounded())
                for x in 0..<w where image[x, y0 - 1] > 128 || image[x, y1 + 1] > 128 {
                    for y in y0...y1 { pixels[y * w + x] = 255 }
                }
            }
        }
        let page = LayoutDetector.detect(GrayImage(width: w, height: image.height, scale: s, pixels: pixels), page: 1)
        Self.expectSystems(page, truth, within: 1.5)
        // Lines put where the grid says are inferred, not seen: the producer is asked to check those systems.
        for n in wiped.keys.sorted() where n < page.systems.count {
            #expect(page.systems[n].confidence < DetectedPage.doubtfulBelow, "system \(n + 1): \(page.systems[n].confidence)")
        }
    }

    @Test("a tilted page darkening toward its bottom edge (uneven light) is still deskewed")
    func tiltedWithDarkBottom() throws {
        let (image, truth, _) = try Self.minuet()
        let tilted = DetectionRobustnessTests.scanned(image, degrees: 1.3, seed: 5)
        // The light falls from full at 55 % of the height to a sixth at the bottom edge, level with the image, and the
        // sensor's grain is as strong there as anywhere.
        let h = Double(tilted.height)
        var generator = SplitMix64(seed: 9)
        let pixels = tilted.pixels.enumerated().map { i, value in
            let t = max(0, Double(i / tilted.width) / h - 0.55) / 0.45
            return UInt8(max(0, min(255, Double(value) * (1 - 0.83 * t) + generator.uniform() * 24 - 12)))
        }
        let page = LayoutDetector.detect(GrayImage(width: tilted.width, height: tilted.height, scale: tilted.scale, pixels: pixels), page: 1)
        #expect(abs(page.skewDegrees - 1.3) < 0.1 || abs(page.skewDegrees + 1.3) < 0.1, "skew \(page.skewDegrees)")
        #expect(page.systems.count == truth.count)
    }

    @Test("an orchestral page darker toward its left edge keeps the organ in the system")
    func orchestraDarkLeft() throws {
        let corpus = DetectionTruthTests.scores.deletingLastPathComponent().appendingPathComponent("Tests/ScoreDocumentTests/Corpus/lilypond")
        let document = try ScoreDocument(path: corpus.appendingPathComponent("orchestra.pdf").path)
        let tilted = DetectionRobustnessTests.scanned(try document.grayImage(page: 1, dpi: Self.dpi), degrees: -0.7, seed: 21)
        // The light falls from full at the middle of the page to 28 % at its left edge.
        let w = Double(tilted.width)
        let pixels = tilted.pixels.enumerated().map { i, value in
            let t = max(0, 0.5 - Double(i % tilted.width) / w) / 0.5
            return UInt8(Double(value) * (1 - 0.72 * t))
        }
        let page = LayoutDetector.detect(GrayImage(width: tilted.width, height: tilted.height, scale: tilted.scale, pixels: pixels), page: 1)
        #expect(page.systems.map(\.staves.count) == [12, 12], "staves per system \(page.systems.map(\.staves.count))")
    }

    @Test("a page curled toward the spine keeps the bars where its staves bend")
    func curledPage() throws {
        let (image, truth, staves) = try Self.minuet()
        let w = image.width, h = image.height, s = image.scale
        // Over the right 30 % of the page the paper bends down, up to 1.5 staff spaces at the edge.
        let space = (staves[0].bottom - staves[0].top) / 4 * s, zone = 0.3 * Double(w)
        var pixels = [UInt8](repeating: 255, count: w * h)
        for x in 0..<w {
            let u = max(0, Double(x) - (Double(w) - zone)) / zone
            let shift = Int((1.5 * space * u * u).rounded())
            for y in 0..<h where y - shift >= 0 { pixels[y * w + x] = image[x, y - shift] }
        }
        let curled = GrayImage(width: w, height: h, scale: s, pixels: pixels)
        Self.expectMatches(LayoutDetector.detect(curled, page: 1), truth, missing: 0)
    }

    @Test("a last system of one short bar, narrower than the long lines the page is searched for, is found")
    func shortLastSystem() throws {
        let (image, truth, staves) = try Self.minuet()
        let w = image.width, s = image.scale
        // The last system keeps only its first 60 points (clef, key and a bar): the rest of it is paper.
        let last = staves[staves.count - 1], space = (last.bottom - last.top) / 4
        let from = Int(((last.top - 3 * space) * s).rounded()), to = Int(((last.bottom + 3 * space) * s).rounded())
        let firstInk = (0..<w).first(where: { x in (from...to).contains(where: { image[x, $0] < 128 }) }) ?? 0
        var pixels = image.pixels
        for y in from...to { for x in (firstInk + Int(60 * s))..<w { pixels[y * w + x] = 255 } }
        let page = LayoutDetector.detect(GrayImage(width: w, height: image.height, scale: s, pixels: pixels), page: 1)
        #expect(page.systems.count == truth.count)
        if let found = page.systems.last, let t = truth.last {
            #expect(abs(found.top - t.top) <= 1.5 && abs(found.bottom - t.bottom) <= 1.5, "last system \(found.top)-\(found.bottom) vs \(t.top)-\(t.bottom)")
        }
    }

    @Test("staff lines a bilevel threshold left as dotted trails are followed to the systems' ends: their barlines are found")
    func dottedBilevelLines() throws {
        // A single-staff part scanned bilevel (CCITT G4) after blur and noise: over long stretches its thin lines are
        // a few scattered dots. The line finder catches pieces of them; the five-line comb follows each staff on.
        let name = "scan-x15-g4-300-verovio-part-wide-67-p1"
        let folder = DetectionCorpusTests.corpus.appendingPathComponent("scans-other")
        let truth = try DetectionScore.truth(at: folder.appendingPathComponent(name + ".layout.json"))
        let page = try #require(try ScoreDocument(path: folder.appendingPathComponent(name + ".pdf").path).detectLayout().first)
        let score = DetectionScore.page(page, truth: truth[1] ?? [], systemTolerance: 6, barlineTolerance: 5, name: name)
        #expect(score.matchedSystems == score.truthSystems && score.detectedSystems == score.truthSystems, "\(score.problems)")
        // One end-of-system barline whose stroke is as broken as the lines may go unfound (the system still ends there).
        #expect(score.matchedBarlines >= score.truthBarlines - 1 && score.detectedBarlines <= score.matchedBarlines + 1, "\(score.problems)")
    }
}
