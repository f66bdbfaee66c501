import CKernels
import ScoreLayout

/// Finds, in a scanned page's pixels, the small groups of ink where an engraver prints a bar number: above the top
/// staff of a system, at its head (left of the middle of its first bar) and over its barlines.
///
/// Only narrow windows are looked at, never the whole page: each a band from the top staff line up to two and a
/// half staff heights above it (not past half way to the system above), across the system's head and a few staff
/// spaces either side of each barline. In a window the ink is split into connected pieces; a piece the size of a
/// digit (0.6–3.5 staff spaces tall, at most 2.5 wide, not cut by the window's edge: a stem or a note rising from
/// the staff is cut by its bottom) is kept, and pieces of one height side by side on one line are grouped: a
/// number of up to four digits. A group with a piece wider than tall is no number and is left out
/// (``mayBeNumber(_:)``): OCR's time goes to the groups that may be numbers.
struct NumberInkFinder {
    /// A group of ink that may be a number: its box in pixels (`x1`, `y1` exclusive) and its ink.
    struct Group: Hashable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        /// The image's pixel indices of its ink.
        var ink: [Int]
        /// Whether it was found in a system's head window (left of the middle of its first bar), not over a barline.
        var atSystemHead = false
        /// The largest width-to-height ratio of its pieces (``maximumPieceAspect``).
        var widestPiece = 0.0
        var width: Int { x1 - x0 }
        var height: Int { y1 - y0 }
    }

    /// The pixels the finder reads: a page image, whose ink is what lies below ``threshold``, or the ink a scan kept
    /// while it was decoded (``ScanInk``: the same pixels below the same threshold, without a page buffer for them).
    enum Pixels {
        case image(GrayImage)
        case ink(ScanInk)
    }

    let pixels: Pixels
    let width: Int
    let height: Int
    /// Pixels per point.
    let scale: Double
    /// Gray levels below this are ink.
    let threshold: UInt8

    /// A finder for `image`; nil for a page without contrast between paper and ink (``threshold(histogram:sampled:)``
    /// of every ``sampleStep``-th pixel).
    init?(image: GrayImage) {
        guard image.width > 0, image.height > 0,
              let threshold = image.pixels.withUnsafeBufferPointer({
                  Self.threshold(pixels: $0.baseAddress!, width: image.width, height: image.height, stride: image.width)
              }) else { return nil }
        self.init(image: image, threshold: threshold)
    }

    /// A finder for `image` with the threshold its own pixels gave.
    init(image: GrayImage, threshold: UInt8) {
        pixels = .image(image)
        (width, height, scale) = (image.width, image.height, image.scale)
        self.threshold = threshold
    }

    /// A finder reading the ink a scan kept (``ScanInk/finder()``), with the threshold it was kept at.
    init(ink: ScanInk, threshold: UInt8) {
        pixels = .ink(ink)
        (width, height, scale) = (ink.width, ink.height, ink.scale)
        self.threshold = threshold
    }

    /// The group's ink at its grey levels in `source` (`width` a row, the group's box one pixel in from its top-left
    /// corner); the other pixels are left.
    func levels(of group: Group, into source: inout [UInt8], width w: Int) {
        switch pixels {
        case .image(let image):
            for index in group.ink {
                let x = index % width - group.x0 + 1, y = index / width - group.y0 + 1
                source[y * w + x] = image.pixels[index]
            }
        case .ink(let ink):
            // The group's own pixels (not the box's other ink), then each row's ink read once with its levels.
            var member = [Bool](repeating: false, count: group.width * group.height)
            for index in group.ink { member[(index / width - group.y0) * group.width + index % width - group.x0] = true }
            for y in group.y0..<group.y1 {
                let row = (y - group.y0) * group.width
                ink.forEachInk(row: y, from: group.x0, to: group.x1) { x, level in
                    if member[row + x - group.x0] { source[(y - group.y0 + 1) * w + x - group.x0 + 1] = level }
                }
            }
        }
    }

    /// Marks, in `inked` (`x1 - x0` a row), the ink of rows `y0..<y1` between columns `x0` and `x1`.
    func inked(x0: Int, y0: Int, x1: Int, y1: Int, into inked: inout [Bool]) {
        let w = x1 - x0
        switch pixels {
        case .image(let image):
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<(y1 - y0) {
                    let row = (y0 + y) * width + x0
                    for x in 0..<w { inked[y * w + x] = pixels[row + x] < threshold }
                }
            }
        case .ink(let ink):
            for y in 0..<(y1 - y0) { ink.mark(row: y0 + y, from: x0, to: x1, into: &inked, at: y * w) }
        }
    }

    /// How many pixels of row `y` between columns `x0` and `x1` are ink.
    func inkCount(row y: Int, from x0: Int, to x1: Int) -> Int {
        switch pixels {
        case .image(let image):
            var dark = 0
            for x in x0..<x1 where image.pixels[y * width + x] < threshold { dark += 1 }
            return dark
        case .ink(let ink): return ink.count(row: y, from: x0, to: x1)
        }
    }

    /// The page is sampled every this many pixels (taken as one run, row after row) for its paper and ink levels.
    static let sampleStep = 7

    /// The threshold between paper and ink of the `width × height` page at `pixels` (`stride` bytes a row), from
    /// every ``sampleStep``-th pixel (``threshold(histogram:sampled:)``); the finder's own and ``ScanInk``'s.
    static func threshold(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> UInt8? {
        var histogram = [Int64](repeating: 0, count: 256)
        tm_ink_sample_histogram(pixels, width, height, stride, sampleStep, &histogram)
        return threshold(histogram: histogram.map { Int($0) }, sampled: (width * height + sampleStep - 1) / sampleStep)
    }

    /// The threshold between paper (the median of the sample) and ink (its darkest 0.5 %): half way; nil when they
    /// lie less than 60 grey levels apart.
    private static func threshold(histogram: [Int], sampled: Int) -> UInt8? {
        func level(_ share: Double) -> Int {
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if Double(seen) >= share * Double(sampled) { return value }
            }
            return 255
        }
        let paper = level(0.5), ink = level(0.005)
        guard paper - ink >= 60 else { return nil }
        return UInt8((paper + ink) / 2)
    }

    /// The groups above `system`'s top staff (in `systemIndex`-th place on its page, `previousBottom` the bottom of
    /// the system above) at its head and, with `barlines`, over its barlines.
    func groups(in system: SystemLayout, previousBottom: Double, barlines: Bool) -> [Group] {
        let bars = system.knownBars
        guard let first = bars.first else { return [] }
        let staff = system.staves?.first.map { $0.bottom - $0.top } ?? min(system.height, 40)
        let space = max(staff / 4, 1)
        var windows = [(first.left - 4 * staff, first.left + 0.6 * first.width)]
        if barlines { windows += bars.dropFirst().map { ($0.left - 3 * space, $0.left + 4 * space) } }
        var found: [Group] = []
        for (w, (left, right)) in windows.enumerated() {
            let x0 = max(0, Int((left * scale).rounded())), x1 = min(width, Int((right * scale).rounded()))
            guard x1 - x0 > 2 else { continue }
            let staffTop = topLine(near: system.top, x0: max(x0, Int(first.left * scale)), x1: x1, space: space)
            let ceiling = max(staffTop / scale - 2.5 * staff, previousBottom.isFinite ? (previousBottom + system.top) / 2 : 0)
            let y0 = max(0, Int((ceiling * scale).rounded()))
            let y1 = min(height, Int(((staffTop / scale - 0.3 * space) * scale).rounded()))
            guard y1 - y0 > Int(space * scale) else { continue }
            // A group two windows share is the same ink in the same box: it is kept once, as the first window found it.
            for var group in groups(x0: x0, y0: y0, x1: x1, y1: y1, space: space * scale)
            where !found.contains(where: { $0.x0 == group.x0 && $0.y0 == group.y0 && $0.x1 == group.x1 && $0.y1 == group.y1 }) {
                group.atSystemHead = w == 0
                found.append(group)
            }
        }
        return found
    }

    /// The row (in pixels, fractional) of the staff's top line near `top` (points) between columns `x0` and `x1`:
    /// the topmost row at most two spaces from `top` inked across half the columns; `top` itself when there is none
    /// (a scan's tilt moves the line a point or two from the system's top at its ends).
    func topLine(near top: Double, x0: Int, x1: Int, space: Double) -> Double {
        let from = max(0, Int(((top - 2 * space) * scale).rounded()))
        let to = min(height, Int(((top + 2 * space) * scale).rounded()))
        guard x1 - x0 >= 4 else { return top * scale }
        for y in from..<max(from, to) where 2 * inkCount(row: y, from: x0, to: x1) >= x1 - x0 {
            return Double(y)
        }
        return top * scale
    }

    /// The digit-sized pieces of ink inside the window, grouped into numbers (`space`: a staff space in pixels).
    func groups(x0: Int, y0: Int, x1: Int, y1: Int, space: Double) -> [Group] {
        let pageWidth = self.width
        let width = x1 - x0, height = y1 - y0
        var label = [Int32](repeating: 0, count: width * height)
        // The window's ink, read row by row once (rather than a division per pixel to find its row and column).
        var inked = [Bool](repeating: false, count: width * height)
        self.inked(x0: x0, y0: y0, x1: x1, y1: y1, into: &inked)
        var pieces: [Group] = []
        var stack: [Int] = []
        for start in 0..<(width * height) where label[start] == 0 && inked[start] {
            // Flood fill, eight neighbours.
            label[start] = Int32(pieces.count + 1)
            stack.append(start)
            var piece = Group(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min, ink: [])
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                piece.x0 = min(piece.x0, x0 + x); piece.x1 = max(piece.x1, x0 + x + 1)
                piece.y0 = min(piece.y0, y0 + y); piece.y1 = max(piece.y1, y0 + y + 1)
                piece.ink.append((y0 + y) * pageWidth + x0 + x)
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let neighbour = ny * width + nx
                        if label[neighbour] == 0 && inked[neighbour] {
                            label[neighbour] = label[start]
                            stack.append(neighbour)
                        }
                    }
                }
            }
            let cut = piece.x0 == x0 && x0 > 0 || piece.x1 == x1 && x1 < pageWidth || piece.y0 == y0 || piece.y1 == y1
            let h = Double(piece.height), w = Double(piece.width)
            piece.widestPiece = w / h
            if !cut, h >= 0.6 * space, h <= 3.5 * space, w <= 2.5 * space, w >= 0.15 * h { pieces.append(piece) }
        }
        return Self.lines(pieces.sorted { $0.x0 < $1.x0 }).filter(Self.mayBeNumber)
    }

    /// A piece wider than this times its height is no digit: in the fonts engravers print bar numbers in, every digit
    /// is taller than wide (the widest, 0 or 4, about 0.7 of its height on the corpus's scans).
    static let maximumPieceAspect = 1.0

    /// Whether OCR should read `group`: none of its pieces is wider than tall (``maximumPieceAspect``). Noteheads,
    /// slurs, ties, dynamics such as *m* and hairpins are; on the corpus's scans they were a tenth of the groups and
    /// a quarter of OCR's work (its network runs along the cut-out's width), and no number read was among them.
    static func mayBeNumber(_ group: Group) -> Bool {
        group.widestPiece <= maximumPieceAspect
    }

    /// Pieces (sorted by their left edge) of about one height on one line, close together, as groups of at most four.
    static func lines(_ pieces: [Group]) -> [Group] {
        var groups: [(group: Group, count: Int)] = []
        for piece in pieces {
            if var last = groups.last {
                let g = last.group
                let overlap = min(g.y1, piece.y1) - max(g.y0, piece.y0)
                let ratio = Double(piece.height) / Double(g.height)
                if piece.x0 - g.x1 <= max(2, Int(0.45 * Double(max(g.height, piece.height)))),
                   Double(overlap) >= 0.6 * Double(min(g.height, piece.height)), ratio >= 0.7, ratio <= 1.4 {
                    last.group.x0 = min(g.x0, piece.x0); last.group.x1 = max(g.x1, piece.x1)
                    last.group.y0 = min(g.y0, piece.y0); last.group.y1 = max(g.y1, piece.y1)
                    last.group.ink += piece.ink
                    last.group.widestPiece = max(last.group.widestPiece, piece.widestPiece)
                    last.count += 1
                    groups[groups.count - 1] = last
                    continue
                }
            }
            groups.append((piece, 1))
        }
        return groups.filter { $0.count <= 4 }.map(\.group)
    }
}
