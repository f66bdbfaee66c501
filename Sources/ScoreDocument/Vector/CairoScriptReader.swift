import TonmeisterSupport

/// Reads the drawing operations of a page out of the script cairo's script surface writes for it: straight
/// strokes and thin filled rectangles become ``PageDrawing/Segment``s, other filled shapes and glyphs become
/// ``PageDrawing/Box``es, all in the surface's coordinates (PDF points, y downward).
///
/// Only as much of the script language is interpreted as the drawing needs: the path operators, the current
/// transformation, line width and caps, save/restore, and enough of the dictionary and font operators to know
/// each glyph's box. Glyph bitmaps and image data are skipped unread.
struct CairoScriptReader {
    private enum Value {
        case number(Double)
        case literal(Substring)
        case array([Value])
        case dict([Substring: Value])
        case font(Int)
        case scaledFont(face: Int, matrix: Affine)
        case glyphTable(Int)
        case string(Range<Int>)
        case other
    }

    private struct GraphicsState {
        var ctm = Affine.identity
        var lineWidth = 2.0
        var roundCaps = false
        var fontMatrix = Affine.identity
        var face = -1
    }

    private var scanner: CairoScriptScanner
    private var stack: [Value] = []
    private var marks: [Int] = []
    private var names: [Substring: Value] = [:]
    private var state = GraphicsState()
    private var saved: [GraphicsState] = []
    private var path: [PageDrawing.Subpath] = []
    /// Per font: glyph number → metrics `[x_bearing y_bearing width height x_advance y_advance]` in font units.
    private var glyphMetrics: [[Int: [Double]]] = []
    private var drawing: PageDrawing

    /// Interprets `script` for a page of the given size.
    static func read(_ script: [UInt8], width: Double, height: Double) -> PageDrawing {
        var reader = CairoScriptReader(scanner: CairoScriptScanner(script), drawing: PageDrawing(width: width, height: height))
        reader.run()
        return reader.drawing
    }

    private init(scanner: CairoScriptScanner, drawing: PageDrawing) {
        self.scanner = scanner
        self.drawing = drawing
    }

    private mutating func run() {
        while let token = scanner.next() {
            switch token {
            case .number(let n): stack.append(.number(n))
            case .literal(let name): stack.append(.literal(name))
            case .arrayOpen, .dictOpen: marks.append(stack.count)
            case .arrayClose: stack.append(.array(collect()))
            case .dictClose:
                var dict: [Substring: Value] = [:]
                let items = collect()
                var i = 0
                while i + 1 < items.count {
                    if case .literal(let key) = items[i] { dict[key] = items[i + 1] }
                    i += 2
                }
                stack.append(.dict(dict))
            case .procedure, .otherString: stack.append(.other)
            case .base85(let range): stack.append(.string(range))
            case .word(let word): execute(word)
            }
            if stack.count > 10_000 { stack.removeFirst(5_000); marks.removeAll() }  // never grows without bound
        }
    }

    private mutating func collect() -> [Value] {
        let start = min(marks.popLast() ?? stack.count, stack.count)
        let items = Array(stack[start...])
        stack.removeSubrange(start...)
        return items
    }

    private mutating func pop() -> Value { stack.popLast() ?? .other }

    private mutating func popNumbers(_ n: Int) -> [Double]? {
        guard stack.count >= n else { return nil }
        var out: [Double] = []
        for value in stack.suffix(n) {
            guard case .number(let x) = value else { return nil }
            out.append(x)
        }
        stack.removeLast(n)
        return out
    }

    private static func numbers(_ value: Value) -> [Double] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap { if case .number(let x) = $0 { return x } else { return nil } }
    }

    // swiftlint:disable:next cyclomatic_complexity
    private mutating func execute(_ word: Substring) {
        switch word {
        case "n", "new-path": path.removeAll(keepingCapacity: true)
        case "m", "move-to":
            if let p = popNumbers(2) { path.append(PageDrawing.Subpath(points: [state.ctm.apply(p[0], p[1])])) }
        case "l", "line-to":
            if let p = popNumbers(2) { addPoint(state.ctm.apply(p[0], p[1]), curved: false) }
        case "c", "curve-to":
            if let p = popNumbers(6) {
                for k in stride(from: 0, to: 6, by: 2) { addPoint(state.ctm.apply(p[k], p[k + 1]), curved: true) }
            }
        case "h", "close-path":
            if !path.isEmpty { path[path.count - 1].closed = true }
        case "rectangle":
            if let r = popNumbers(4) {
                let corners = [(r[0], r[1]), (r[0] + r[2], r[1]), (r[0] + r[2], r[1] + r[3]), (r[0], r[1] + r[3])]
                path.append(PageDrawing.Subpath(points: corners.map { state.ctm.apply($0.0, $0.1) }, curved: false, closed: true))
            }
        case "arc", "arc-negative":
            if let a = popNumbers(5) {
                for (dx, dy) in [(-a[2], -a[2]), (a[2], a[2])] { addPoint(state.ctm.apply(a[0] + dx, a[1] + dy), curved: true) }
            }
        case "stroke", "stroke+":
            stroke()
            drawing.operations += 1
            if word == "stroke" { path.removeAll(keepingCapacity: true) }
        case "fill", "fill+":
            fill()
            drawing.operations += 1
            if word == "fill" { path.removeAll(keepingCapacity: true) }
        case "clip", "paint", "reset-clip": if word == "clip" { path.removeAll(keepingCapacity: true) }
        case "set-line-width": if let w = popNumbers(1) { state.lineWidth = w[0] }
        case "set-line-cap":
            if case .literal(let cap) = pop() { state.roundCaps = cap.hasSuffix("ROUND") || cap.hasSuffix("SQUARE") }
        case "identity": stack.append(.array([1, 0, 0, 1, 0, 0].map { .number($0) }))
        case "set-matrix": if let m = Affine(Self.numbers(pop())) { state.ctm = m }
        case "transform": if let m = Affine(Self.numbers(pop())) { state.ctm = state.ctm.concatenating(m) }
        case "scale":
            if let s = popNumbers(2) { state.ctm = state.ctm.concatenating(Affine([s[0], 0, 0, s[1], 0, 0])!) }
        case "translate":
            if let t = popNumbers(2) { state.ctm = state.ctm.concatenating(Affine([1, 0, 0, 1, t[0], t[1]])!) }
        case "save": saved.append(state)
        case "restore": if let s = saved.popLast() { state = s }
        case "set-font-matrix": if let m = Affine(Self.numbers(pop())) { state.fontMatrix = m }
        default: executeObject(word)
        }
    }

    /// The dictionary, definition and font operators (enough to follow glyph definitions).
    private mutating func executeObject(_ word: Substring) {
        switch word {
        case "dict": stack.append(.dict([:]))
        case "array": stack.append(.array([]))
        case "dup": if let top = stack.last { stack.append(top) }
        case "exch": if stack.count >= 2 { stack.swapAt(stack.count - 1, stack.count - 2) }
        case "pop": _ = stack.popLast()
        case "def":
            let value = pop()
            if case .literal(let key) = pop() { names[key] = value }
        case "set":
            let value = pop(), key = pop()
            if case .glyphTable(let font)? = stack.last, case .number(let n) = key, case .dict(let glyph) = value,
               let metrics = glyph["metrics"], font < glyphMetrics.count, let index = Int(fileNumber: n) {
                glyphMetrics[font][index] = Self.numbers(metrics)
            }
        case "font":
            _ = pop()
            glyphMetrics.append([:])
            stack.append(.font(glyphMetrics.count - 1))
        case "set-font-face":
            if case .font(let id) = pop() { state.face = id }
        case "get":
            let key = pop(), container = pop()
            if case .literal(let name) = key, name == "scaled-font" {
                stack.append(.scaledFont(face: state.face, matrix: state.fontMatrix))
            } else if case .literal(let name) = key, name == "glyphs", case .font(let id) = container {
                stack.append(.glyphTable(id))
            } else {
                stack.append(.other)
            }
        case "set-scaled-font":
            if case .scaledFont(let face, let matrix) = pop() { state.face = face; state.fontMatrix = matrix }
        case "show-glyphs":
            showGlyphs(pop())
            drawing.operations += 1
        case "show-text-glyphs":
            let popped = (0..<4).map { _ in pop() }
            if let glyphs = popped.first(where: { if case .array = $0 { return true } else { return false } }) {
                showGlyphs(glyphs)
                drawing.operations += 1
            }
        default:
            if let value = names[word] { stack.append(value) }
        }
    }

    private mutating func addPoint(_ p: (x: Double, y: Double), curved: Bool) {
        if path.isEmpty { path.append(PageDrawing.Subpath()) }
        path[path.count - 1].points.append(p)
        if curved { path[path.count - 1].curved = true }
    }

    private mutating func stroke() {
        drawing.addStroke(path, width: state.lineWidth * state.ctm.lengthScale, roundCaps: state.roundCaps)
    }

    private mutating func fill() { drawing.addFill(path) }

    /// Adds the box of each glyph in a `show-glyphs` array: `[x y <~indices~> dx <~indices~> x y [n n] …]`, where
    /// a single number after a run is a horizontal offset from where the run ended.
    private mutating func showGlyphs(_ value: Value) {
        guard case .array(let items) = value, state.face >= 0, state.face < glyphMetrics.count else { return }
        let table = glyphMetrics[state.face], fm = state.fontMatrix, ctm = state.ctm
        var pending: [Double] = []
        var pen = (x: 0.0, y: 0.0)
        /// A point of glyph space (relative to the pen, through the font matrix) on the page.
        func toPage(_ c: (Double, Double)) -> (x: Double, y: Double) {
            let d = fm.applyLinear(c.0, c.1)
            return ctm.apply(pen.x + d.x, pen.y + d.y)
        }
        func place(_ index: Int) {
            // An embedded TrueType font (type 42) comes without glyph metrics: a box the size of a notehead of a
            // music font (an em is four staff spaces) stands in, starting at the origin, centred on the baseline.
            guard let m = table[index], m.count >= 5 else {
                drawing.addNominalGlyph(place: toPage)
                drawing.glyphs += 1
                return
            }
            if m[2] > 0 || m[3] > 0 {
                let corners = [(m[0], m[1]), (m[0] + m[2], m[1]), (m[0], m[1] + m[3]), (m[0] + m[2], m[1] + m[3])]
                drawing.boxes.append(PageDrawing.Box(around: corners.map(toPage)))
            }
            drawing.glyphs += 1
            let advance = fm.applyLinear(m[4], m.count > 5 ? m[5] : 0)
            pen.x += advance.x
            pen.y += advance.y
        }
        func startRun() {
            if pending.count >= 2 { pen = (pending[pending.count - 2], pending[pending.count - 1]) } else if pending.count == 1 { pen.x += pending[0] }
            pending.removeAll()
        }
        for item in items {
            switch item {
            case .number(let n): pending.append(n)
            case .string(let range):
                startRun()
                for byte in scanner.decodeBase85(range) { place(Int(byte)) }
            case .array(let indices):
                startRun()
                for case .number(let n) in indices { if let index = Int(fileNumber: n) { place(index) } }
            default: break
            }
        }
    }
}
