import TonmeisterSupport

/// Reads what a page draws straight from its content stream, as poppler would hand it to cairo: the same
/// ``PageDrawing`` the script surface gives (``CairoScriptReader``), without loading poppler.
///
/// It follows the path, graphics-state, text and form operators. Anything else that changes what is drawn
/// (shadings, patterns, images, Type 3 glyphs, text that is not simply filled, optional content, fonts that are
/// not embedded or that FreeType cannot read) throws ``PDFFile/UnsupportedDrawing``, and the page is drawn by poppler.
struct ContentDrawingReader {
    private struct State {
        var ctm: Affine
        var lineWidth = 1.0
        var roundCaps = false
        var font: PDFFontMetrics?
        var fontSize = 0.0
        var charSpacing = 0.0, wordSpacing = 0.0, horizontalScaling = 1.0, leading = 0.0, rise = 0.0
        var renderMode = 0
    }

    /// How deeply forms are followed.
    static let formDepth = 8
    /// How many graphics states may be saved (`q`) at once.
    static let stateDepth = 4096

    private var file: PDFFile
    private var drawing: PageDrawing
    private var state: State
    private var saved: [State] = []
    private var path: [PageDrawing.Subpath] = []
    private var textMatrix = Affine.identity, lineMatrix = Affine.identity
    private var fonts: [Int: PDFFontMetrics] = [:]

    /// Reads page `index` (0-based) of `file`; throws ``PDFFile/UnsupportedDrawing`` when poppler should draw it.
    static func read(_ file: PDFFile, page index: Int) throws -> PageDrawing {
        var file = file
        let page = try file.page(index)
        guard (try file.resolve(page["Rotate"]).int ?? 0) % 360 == 0 else { throw PDFFile.UnsupportedDrawing(reason: "a rotated page") }
        guard let media = try file.rectangle(page["MediaBox"]) else { throw PDFFile.UnsupportedDrawing(reason: "no MediaBox") }
        let crop = try file.rectangle(page["CropBox"]) ?? media
        for annotation in try file.resolve(page["Annots"]).array ?? [] where try file.resolve(annotation).dictionary?["AP"] != nil {
            throw PDFFile.UnsupportedDrawing(reason: "an annotation with an appearance")
        }
        // Poppler's device space for printing: points, origin at the crop box's top left, y downward.
        let base = Affine([1, 0, 0, -1, -crop.x0, crop.y1])!
        var reader = ContentDrawingReader(file: file, drawing: PageDrawing(width: crop.x1 - crop.x0, height: crop.y1 - crop.y0),
                                          state: State(ctm: base))
        let resources = try file.resolve(page["Resources"]).dictionary ?? [:]
        try reader.run(try file.contents(of: page), resources: resources, depth: 0)
        reader.drawing.dropUnplaceable()
        return reader.drawing
    }

    private init(file: PDFFile, drawing: PageDrawing, state: State) {
        self.file = file
        self.drawing = drawing
        self.state = state
    }

    private mutating func run(_ content: [UInt8], resources: [String: PDFObject], depth: Int) throws {
        var operands: [ContentLexer.Operand] = []
        try content.withUnsafeBytes { bytes in
            var lexer = ContentLexer(bytes)
            while let token = try lexer.next() {
                switch token {
                case .operand(let operand):
                    operands.append(operand)
                    if operands.count > 4096 { operands.removeFirst(2048) }
                case .op(let op):
                    try execute(op, operands, resources: resources, depth: depth)
                    operands.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    private func numbers(_ operands: [ContentLexer.Operand], _ n: Int) -> [Double]? {
        guard operands.count >= n else { return nil }
        var out: [Double] = []
        for object in operands.suffix(n) {
            guard let x = object.number else { return nil }
            out.append(x)
        }
        return out
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func execute(_ op: UInt32, _ operands: [ContentLexer.Operand], resources: [String: PDFObject], depth: Int) throws {
        switch op {
        case ContentOperator.q:
            guard saved.count < Self.stateDepth else { throw PDFFile.UnsupportedDrawing(reason: "graphics states nested too deeply") }
            saved.append(state)
        case ContentOperator.Q: if let s = saved.popLast() { state = s }
        case ContentOperator.cm: if let m = numbers(operands, 6) { state.ctm = state.ctm.concatenating(Affine(m)!) }
        case ContentOperator.w: if let w = numbers(operands, 1) { state.lineWidth = w[0] }
        case ContentOperator.J: if let c = numbers(operands, 1) { state.roundCaps = c[0] == 1 || c[0] == 2 }
        case ContentOperator.gs: try graphicsState(operands.last?.name, resources: resources)
        case ContentOperator.m: if let p = numbers(operands, 2) { moveTo(p[0], p[1]) }
        case ContentOperator.l: if let p = numbers(operands, 2) { addPoint(p[0], p[1], curved: false) }
        case ContentOperator.c: if let p = numbers(operands, 6) { curve(p) }
        case ContentOperator.v:
            if let p = numbers(operands, 4), let current = currentUserPoint() { curve([current.x, current.y] + p) }
        case ContentOperator.y: if let p = numbers(operands, 4) { curve(p + [p[2], p[3]]) }
        case ContentOperator.h: closePath()
        case ContentOperator.re:
            if let r = numbers(operands, 4) {
                moveTo(r[0], r[1])
                addPoint(r[0] + r[2], r[1], curved: false)
                addPoint(r[0] + r[2], r[1] + r[3], curved: false)
                addPoint(r[0], r[1] + r[3], curved: false)
                closePath()
            }
        case ContentOperator.S, ContentOperator.s:
            if op == ContentOperator.s { closePath() }
            stroke()
            path.removeAll(keepingCapacity: true)
        case ContentOperator.f, ContentOperator.F, ContentOperator.fStar:
            fill()
            path.removeAll(keepingCapacity: true)
        case ContentOperator.B, ContentOperator.BStar, ContentOperator.b, ContentOperator.bStar:
            if op == ContentOperator.b || op == ContentOperator.bStar { closePath() }
            fill()
            stroke()
            path.removeAll(keepingCapacity: true)
        case ContentOperator.n: path.removeAll(keepingCapacity: true)
        case ContentOperator.W, ContentOperator.WStar: break
        case ContentOperator.BT: textMatrix = .identity; lineMatrix = .identity
        case ContentOperator.Tc: if let v = numbers(operands, 1) { state.charSpacing = v[0] }
        case ContentOperator.Tw: if let v = numbers(operands, 1) { state.wordSpacing = v[0] }
        case ContentOperator.Tz: if let v = numbers(operands, 1) { state.horizontalScaling = v[0] / 100 }
        case ContentOperator.TL: if let v = numbers(operands, 1) { state.leading = v[0] }
        case ContentOperator.Ts: if let v = numbers(operands, 1) { state.rise = v[0] }
        case ContentOperator.Tr: if let v = numbers(operands, 1) { state.renderMode = Int(fileNumber: v[0]) ?? -1 }
        case ContentOperator.Tf:
            if operands.count >= 2, let name = operands[operands.count - 2].name, let size = operands.last?.number {
                state.font = try font(named: name, resources: resources)
                state.fontSize = size
            }
        case ContentOperator.Td, ContentOperator.TD:
            if let t = numbers(operands, 2) {
                if op == ContentOperator.TD { state.leading = -t[1] }
                moveLine(t[0], t[1])
            }
        case ContentOperator.Tm:
            if let m = numbers(operands, 6) { textMatrix = Affine(m)!; lineMatrix = textMatrix }
        case ContentOperator.TStar: moveLine(0, -state.leading)
        case ContentOperator.Tj: if case .string(let s)? = operands.last?.object { try show([.string(s)]) }
        case ContentOperator.TJ: if let items = operands.last?.object?.array { try show(items) }
        case ContentOperator.quote, ContentOperator.doubleQuote:
            if op == ContentOperator.doubleQuote, let v = numbers(Array(operands.dropLast()), 2) { state.wordSpacing = v[0]; state.charSpacing = v[1] }
            moveLine(0, -state.leading)
            if case .string(let s)? = operands.last?.object { try show([.string(s)]) }
        case ContentOperator.Do: if let name = operands.last?.name { try drawObject(name, resources: resources, depth: depth) }
        case ContentOperator.cs, ContentOperator.CS:
            if let name = operands.last?.name, try isPatternSpace(name, resources: resources) {
                throw PDFFile.UnsupportedDrawing(reason: "a pattern colour space")
            }
        case ContentOperator.scn, ContentOperator.SCN:
            if operands.last?.name != nil { throw PDFFile.UnsupportedDrawing(reason: "a pattern fill") }
        case ContentOperator.BDC:
            if operands.count >= 2, operands[operands.count - 2].name == "OC" { throw PDFFile.UnsupportedDrawing(reason: "optional content") }
        case ContentOperator.sh, ContentOperator.BI, ContentOperator.ID, ContentOperator.EI, ContentOperator.d0, ContentOperator.d1: throw PDFFile.UnsupportedDrawing(reason: "an image, shading or Type 3 operator")
        default: break
        }
    }

    // MARK: Paths

    /// Poppler keeps a path only where a line or curve follows a move: "is there a path to paint".
    private var isPath: Bool { path.contains { $0.points.count >= 2 } }

    private func currentUserPoint() -> (x: Double, y: Double)? {
        guard let p = path.last?.points.last else { return nil }
        let m = state.ctm, det = m.xx * m.yy - m.xy * m.yx
        guard det != 0 else { return nil }
        let dx = p.x - m.x0, dy = p.y - m.y0
        return ((m.yy * dx - m.xy * dy) / det, (m.xx * dy - m.yx * dx) / det)
    }

    private mutating func addPoint(_ x: Double, _ y: Double, curved: Bool) {
        guard !path.isEmpty else { return }  // a line without a current point is ignored, as poppler does
        if path[path.count - 1].closed, let start = path[path.count - 1].points.first {
            path.append(PageDrawing.Subpath(points: [start]))
        }
        path[path.count - 1].points.append(state.ctm.apply(x, y))
        if curved { path[path.count - 1].curved = true }
    }

    private mutating func curve(_ p: [Double]) {
        for k in stride(from: 0, to: 6, by: 2) { addPoint(p[k], p[k + 1], curved: true) }
    }

    /// Closes the last subpath with a line back to its start when it ends elsewhere (poppler's `closePath`).
    private mutating func closePath() {
        guard let last = path.last, let first = last.points.first, !last.closed else { return }
        if last.points.count > 1, let end = last.points.last, end != first {
            path[path.count - 1].points.append(first)
        }
        path[path.count - 1].closed = true
    }

    /// Starts a subpath; a move that no line followed is dropped (poppler keeps only the last move).
    private mutating func moveTo(_ x: Double, _ y: Double) {
        if let last = path.last, last.points.count == 1 { path.removeLast() }
        path.append(PageDrawing.Subpath(points: [state.ctm.apply(x, y)]))
    }

    /// Strokes the path (which stays, for the caller to end).
    private mutating func stroke() {
        guard isPath else { return }
        // A zero width is the thinnest line the device draws: poppler takes a printer's pixel, 1/600 inch.
        let width = state.lineWidth == 0 ? 72.0 / 600 : state.lineWidth * state.ctm.lengthScale
        drawing.addStroke(path, width: width, roundCaps: state.roundCaps)
        drawing.operations += 1
    }

    /// Fills the path (which stays, for the caller to end).
    private mutating func fill() {
        guard isPath else { return }
        drawing.addFill(path)
        drawing.operations += 1
    }

    // MARK: Resources

    private mutating func graphicsState(_ name: String?, resources: [String: PDFObject]) throws {
        guard let name, let states = try file.resolve(resources["ExtGState"]).dictionary,
              let gs = try file.resolve(states[name]).dictionary else { return }
        if let w = try file.resolve(gs["LW"]).number { state.lineWidth = w }
        if let c = try file.resolve(gs["LC"]).number { state.roundCaps = c == 1 || c == 2 }
        if let f = try file.resolve(gs["Font"]).array, f.count == 2, let size = try file.resolve(f[1]).number {
            state.font = try metrics(f[0])
            state.fontSize = size
        }
    }

    private mutating func font(named name: String, resources: [String: PDFObject]) throws -> PDFFontMetrics {
        guard let fonts = try file.resolve(resources["Font"]).dictionary, let object = fonts[name] else {
            throw PDFFile.UnsupportedDrawing(reason: "the font \(name) is missing")
        }
        return try metrics(object)
    }

    private mutating func metrics(_ object: PDFObject) throws -> PDFFontMetrics {
        if case .reference(let number, _) = object, let known = fonts[number] { return known }
        let metrics = try file.fontMetrics(object)
        if case .reference(let number, _) = object { fonts[number] = metrics }
        return metrics
    }

    private mutating func isPatternSpace(_ name: String, resources: [String: PDFObject]) throws -> Bool {
        if name == "Pattern" { return true }
        let spaces = try file.resolve(resources["ColorSpace"]).dictionary ?? [:]
        let space = try file.resolve(spaces[name])
        return try space.name == "Pattern" || file.resolve(space.array?.first).name == "Pattern"
    }

    private mutating func drawObject(_ name: String, resources: [String: PDFObject], depth: Int) throws {
        let objects = try file.resolve(resources["XObject"]).dictionary ?? [:]
        let object = try file.resolve(objects[name])
        guard case .stream(let dictionary, _) = object, try file.resolve(dictionary["Subtype"]).name == "Form" else {
            if object == .null { return }
            throw PDFFile.UnsupportedDrawing(reason: "an image or PostScript object")
        }
        guard depth < Self.formDepth else { throw PDFFile.UnsupportedDrawing(reason: "forms nested too deeply") }
        let own = try file.resolve(dictionary["Resources"]).dictionary
        let matrix = try (file.resolve(dictionary["Matrix"]).array ?? []).map { item throws(PDFReadError) in try file.resolve(item).number ?? 0 }
        let savedState = state, savedPath = path, savedDepth = saved.count
        if let m = Affine(matrix) { state.ctm = state.ctm.concatenating(m) }
        path.removeAll()
        try run(try file.contentData(object), resources: own ?? resources, depth: depth + 1)
        state = savedState
        path = savedPath
        saved.removeSubrange(min(savedDepth, saved.count)...)
    }

    // MARK: Text

    private mutating func moveLine(_ tx: Double, _ ty: Double) {
        lineMatrix = lineMatrix.concatenating(Affine([1, 0, 0, 1, tx, ty])!)
        textMatrix = lineMatrix
    }

    /// Shows the strings (and `TJ` offsets) in `items`: each glyph's box at its origin, and one drawing operation.
    private mutating func show(_ items: [PDFObject]) throws {
        guard let font = state.font else { throw PDFFile.UnsupportedDrawing(reason: "text without a font") }
        let size = state.fontSize, scaling = state.horizontalScaling
        var shown = 0
        for item in items {
            if let n = item.number {
                textMatrix = textMatrix.concatenating(Affine([1, 0, 0, 1, -n / 1000 * size * scaling, 0])!)
                continue
            }
            guard case .string(let bytes) = item else { continue }
            var i = 0
            while i < bytes.count {
                let code: Int
                if font.twoByteCodes {
                    guard i + 1 < bytes.count else { break }
                    code = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                    i += 2
                } else {
                    code = Int(bytes[i])
                    i += 1
                }
                guard state.renderMode == 0 else { throw PDFFile.UnsupportedDrawing(reason: "text render mode \(state.renderMode)") }
                try glyph(code, font: font)
                shown += 1
                var advance = font.width(code) / 1000 * size + state.charSpacing
                if !font.twoByteCodes && code == 32 { advance += state.wordSpacing }
                textMatrix = textMatrix.concatenating(Affine([1, 0, 0, 1, advance * scaling, 0])!)
            }
        }
        if shown > 0 { drawing.operations += 1 }
    }

    /// The box of one glyph at the current text position.
    private mutating func glyph(_ code: Int, font: PDFFontMetrics) throws {
        drawing.glyphs += 1
        let user = textMatrix.apply(0, state.rise)
        let origin = state.ctm.apply(user.x, user.y)
        let size = state.fontSize, scaling = state.horizontalScaling
        // The glyph space cairo is given (y downward), then the device's.
        let fontMatrix = Affine([textMatrix.xx * size * scaling, textMatrix.yx * size * scaling,
                                 -textMatrix.xy * size, -textMatrix.yy * size, 0, 0])!
        var linear = state.ctm
        linear.x0 = 0; linear.y0 = 0
        let glyphTransform = linear.concatenating(fontMatrix)
        guard let box = font.box(code) else { return }
        guard PageDrawing.isUpright(glyphTransform) else { throw PDFFile.UnsupportedDrawing(reason: "a turned or tiny glyph") }
        drawing.addGlyphBox(box, origin: origin, glyphTransform: glyphTransform)
    }
}
