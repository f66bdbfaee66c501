import TonmeisterSupport

extension PDFFile {
    /// Why a page is never handed to poppler or cairo: it declares something that would make them abort the
    /// process (cairo's coordinate assertions, poppler's allocation checks) or exhaust memory or time.
    struct PageRefusal: Error, Equatable, CustomStringConvertible {
        /// A short reason code (`image-too-large`, `coordinate-out-of-range`, `too-many-operations`).
        let code: String
        let reason: String

        var description: String { reason }
    }

    /// The most image pixels a page may draw, all images together (100 million: an A3 page at 600 dpi is 70
    /// million). Poppler decodes each image at its declared size before scaling it.
    static let maximumImagePixels = 100_000_000.0

    /// The largest coordinate a page may reach, in points after every `cm` and form matrix (a page is at most
    /// 14 400 points wide; cairo's 24.8 fixed point ends near 8.4 million).
    static let maximumCoordinate = 1_000_000.0

    /// The largest coordinate a page may reach to be drawn into cairo's script surface (``CairoScriptReader``), which
    /// aborts the process on a rectangle whose left edge lies at -9999 points or beyond (cairo 1.16's `_emit_path`).
    static let maximumScriptCoordinate = 9_000.0
    /// The most operators a page may run, forms counted each time they are drawn.
    static let maximumOperations = 5_000_000

    /// The most dashes a page's strokes may be cut into (``StrokeTally``); cairo cuts about 40 million a second.
    static let maximumDashes = 10_000_000.0
    /// The most vertices of round joins and caps a page's strokes may need (``StrokeTally``): ten thousand joins of
    /// ten thousand vertices each cost cairo 7 s and 800 MB; a page of music needs some ten per join.
    static let maximumPenVertices = 10_000_000.0

    /// How deeply forms are followed; deeper forms are not checked (poppler draws them no deeper either).
    static let limitsDepth = 16

    /// What a content stream (with the forms it draws) amounts to.
    struct ContentCost {
        var operations = 0
        var pixels = 0.0
        /// The largest magnitude a number reaches once scaled by the matrices in force.
        var extent = 0.0
        /// Whether a font of the page embeds a program FreeType cannot read (or its dictionaries cannot be read):
        /// poppler's own parsers may still draw it, with glyph outlines of any size (the campaign's
        /// `signal6-s1533-41495`: a damaged CFF program whose glyph paths reached past cairo's script surface's −9 999).
        var unreadableFont = false
        /// What its strokes cost cairo's stroker.
        var stroke = StrokeTally()
        /// The magnification of the form's own matrix (1 for a page).
        var matrixScale = 1.0

        /// How far the page may reach in cairo's script surface (``maximumScriptCoordinate``): infinite when a font's
        /// glyphs cannot be measured.
        var scriptExtent: Double { unreadableFont ? .infinity : extent }
    }

    /// Throws ``PageRefusal`` when page `index` (0-based) declares images larger than ``maximumImagePixels``,
    /// coordinates beyond ``maximumCoordinate`` or more than ``maximumOperations`` operators; checked from the
    /// PDF structure alone, before poppler or cairo see the page. Also throws ``PDFReadError`` when the page
    /// cannot be read. Returns what the page amounts to (its largest coordinate decides whether cairo's script
    /// surface may draw it: ``maximumScriptCoordinate``).
    @discardableResult
    mutating func checkLimits(page index: Int) throws(PDFCheckError) -> ContentCost {
        do {
            let page: [String: PDFObject]
            let resources: [String: PDFObject]
            do {
                page = try self.page(index)
                resources = try resolve(page["Resources"]).dictionary ?? [:]
            } catch {
                // Poppler may still draw what this reader cannot read, with whatever fonts it finds.
                if let refusal = sweepFontPrograms() {
                    throw PageRefusal(code: refusal.code, reason: "the page's resources cannot be read, and " + refusal.reason)
                }
                throw error
            }
            // Fonts first: they depend only on the resources, and a page whose content cannot be read is still drawn.
            let unreadableFont = try checkFonts(resources)
            var memo: [Int: ContentCost] = [:]
            var cost = try contentCost(try contents(of: page), resources: resources, depth: 0, memo: &memo)
            cost.unreadableFont = unreadableFont
            try addAnnotations(of: page, resources: resources, to: &cost, memo: &memo)
            try Self.judge(cost)
            return cost
        } catch .undecidable(let what) as PDFReadError {
            throw .refused(PageRefusal(code: "content-undecidable", reason: "what poppler would draw cannot be known: " + what))
        } catch let error as PDFReadError {
            throw .unreadable(error)
        } catch let error as PageRefusal {
            throw .refused(error)
        } catch {
            throw .unreadable(.malformed("\(error)"))
        }
    }

    /// Throws ``PageRefusal`` when `cost` is over a limit.
    static func judge(_ cost: ContentCost) throws(PageRefusal) {
        if cost.pixels > maximumImagePixels {
            throw PageRefusal(code: "image-too-large", reason: "the page's images declare \(Int(fileNumber: cost.pixels, limit: .max).map(String.init) ?? "\(cost.pixels)") "
                + "pixels, more than the \(Int(maximumImagePixels)) a page may have")
        }
        if !(cost.extent <= maximumCoordinate) {
            throw PageRefusal(code: "coordinate-out-of-range", reason: "the page draws at a coordinate of \(cost.extent) points, "
                + "beyond the \(Int(maximumCoordinate)) a page may reach")
        }
        if cost.operations > maximumOperations {
            throw PageRefusal(code: "too-many-operations", reason: "the page runs more than \(maximumOperations) operators")
        }
        if !(cost.stroke.dashes <= maximumDashes) {
            throw PageRefusal(code: "too-many-dashes", reason: "the page's dashed lines are cut into more than "
                + "\(Int(maximumDashes)) dashes")
        }
        if !(cost.stroke.vertices <= maximumPenVertices) {
            throw PageRefusal(code: "pen-too-wide", reason: "the page's round joins and caps need more than "
                + "\(Int(maximumPenVertices)) vertices (lines too wide)")
        }
    }

    /// Adds form `part` drawn at magnification `scale` of the content drawing it; an annotation's appearance is drawn
    /// on the page in its initial state (``StrokeTally/add(annotation:placementScale:matrixScale:)``).
    func add(_ total: inout ContentCost, _ part: ContentCost, scale: Double, annotation: Bool = false) {
        total.operations = min(Int.max / 2, total.operations + part.operations)
        total.pixels += part.pixels
        total.extent = max(total.extent, part.extent * scale)
        if annotation {
            total.stroke.add(annotation: part.stroke, placementScale: scale, matrixScale: part.matrixScale)
        } else {
            total.stroke.add(form: part.stroke, callerScale: scale, matrixScale: part.matrixScale)
        }
    }

    /// The cost of drawing `content` with `resources`, its numbers scaled from 1 by its own `cm` operators.
    private mutating func contentCost(_ content: [UInt8], resources: [String: PDFObject], depth: Int,
                                      memo: inout [Int: ContentCost]) throws -> ContentCost {
        try content.withUnsafeBytes { bytes throws in
            try Self.contentCost(bytes, page: depth == 0) { op, operands, scale, cost throws in
                switch op {
                case ContentOperator.Do:
                    guard let name = operands.last?.name, depth < Self.limitsDepth else { break }
                    let objects = try resolve(resources["XObject"]).dictionary ?? [:]
                    add(&cost, try xobjectCost(objects[name], inherited: resources, depth: depth + 1, memo: &memo), scale: scale)
                case ContentOperator.gs:
                    guard let name = operands.last?.name else { break }
                    let states = try resolve(resources["ExtGState"]).dictionary ?? [:]
                    let state = try resolve(states[name]).dictionary ?? [:]
                    let pattern = try resolve(state["D"]).array ?? []
                    let lengths = try resolve(pattern.first).array.map { items throws(PDFReadError) in
                        try items.map { item throws(PDFReadError) in try resolve(item).number ?? 0 }
                    }
                    cost.stroke.setState(dash: lengths, width: try resolve(state["LW"]).number,
                                         cap: try resolve(state["LC"]).number, join: try resolve(state["LJ"]).number)
                default: break
                }
            }
        }
    }

    /// The cost of drawing content `bytes`, its numbers scaled from 1 by its own `cm` operators; `resourceOperator`
    /// adds what a `Do` or `gs` draws or sets (given the operands, the scale and the cost so far). `page`: the content
    /// starts in PDF's initial graphics state (else it is a form's, which inherits its caller's). `operatorsOnly`
    /// counts only the numbers an operator takes (for bytes that may not be content at all: a run of digits in an
    /// image is not drawn).
    static func contentCost(_ bytes: UnsafeRawBufferPointer, page: Bool, operatorsOnly: Bool = false,
                            resourceOperator: (UInt32, [ContentLexer.Operand], Double, inout ContentCost) throws -> Void) throws -> ContentCost {
        var cost = ContentCost()
        cost.stroke = StrokeTally(page: page)
        var scale = 1.0
        var saved: [Double] = []
        var operands: [ContentLexer.Operand] = []
        func measure(_ operand: ContentLexer.Operand) {
            if let n = operand.number { cost.extent = n.isNaN ? .infinity : max(cost.extent, n.magnitude * scale) }
        }
        var lexer = ContentLexer(bytes, tolerant: true)
        while let token = try lexer.next() {
            switch token {
            case .operand(let operand):
                if !operatorsOnly { measure(operand) }
                operands.append(operand)
                if operands.count > 4096 { operands.removeFirst(2048) }
            case .op(let op):
                if operatorsOnly { operands.forEach(measure) }
                cost.operations += 1
                cost.stroke.take(op, operands, scale: scale)
                switch op {
                case ContentOperator.q: if saved.count < 4096 { saved.append(scale) }
                case ContentOperator.Q: if let s = saved.popLast() { scale = s }
                case ContentOperator.cm:
                    // The linear part (a b c d) of `a b c d e f cm` bounds how far it stretches what follows.
                    let m = operands.suffix(6).prefix(4).compactMap(\.number).map(\.magnitude)
                    scale = min(1e300, scale * max(1, m.max() ?? 1))
                case ContentOperator.Do, ContentOperator.gs: try resourceOperator(op, operands, scale, &cost)
                case ContentOperator.BI:
                    operands.removeAll()
                    continue
                case ContentOperator.ID:
                    cost.pixels += Self.inlineImagePixels(operands)
                    lexer.skipInlineImageData()
                default: break
                }
                operands.removeAll(keepingCapacity: true)
            }
        }
        return cost
    }

    /// The declared pixels of an inline image whose dictionary entries are `operands` (`/W 10 /H 20 …`).
    static func inlineImagePixels(_ operands: [ContentLexer.Operand]) -> Double {
        var width = 0.0, height = 0.0
        for (k, operand) in operands.enumerated() where k + 1 < operands.count {
            switch operand.name {
            case "W"?, "Width"?: width = operands[k + 1].number ?? width
            case "H"?, "Height"?: height = operands[k + 1].number ?? height
            default: break
            }
        }
        return width.magnitude * height.magnitude
    }

    /// The cost of an XObject: an image's declared pixels (with its soft mask's), or a form's content.
    private mutating func xobjectCost(_ reference: PDFObject?, inherited: [String: PDFObject], depth: Int,
                                      memo: inout [Int: ContentCost]) throws -> ContentCost {
        let object = try resolve(reference)
        guard let dictionary = object.dictionary else { return ContentCost() }
        if try resolve(dictionary["Subtype"]).name == "Image" {
            var cost = ContentCost()
            cost.pixels = try imagePixels(dictionary)
            if let mask = try resolve(dictionary["SMask"]).dictionary { cost.pixels += try imagePixels(mask) }
            if let mask = try resolve(dictionary["Mask"]).dictionary { cost.pixels += try imagePixels(mask) }
            return cost
        }
        if case .reference(let number, _)? = reference {
            if let known = memo[number] { return known }
            memo[number] = ContentCost()   // a form drawing itself: poppler stops the loop
            let cost = try formCost(object, inherited: inherited, depth: depth, memo: &memo)
            memo[number] = cost
            return cost
        }
        return try formCost(object, inherited: inherited, depth: depth, memo: &memo)
    }

    /// The numbers of array `object` (items that are not numbers read as 0), empty when it is not an array.
    mutating func numbers(_ object: PDFObject?) throws(PDFReadError) -> [Double] {
        try (resolve(object).array ?? []).map { item throws(PDFReadError) in try resolve(item).number ?? 0 }
    }

    private mutating func imagePixels(_ dictionary: [String: PDFObject]) throws -> Double {
        let width = try resolve(dictionary["Width"]).number ?? 0, height = try resolve(dictionary["Height"]).number ?? 0
        return width.magnitude * height.magnitude
    }

    /// The cost of a form (or annotation appearance), its numbers scaled by its `/Matrix`.
    mutating func formCost(_ object: PDFObject, inherited: [String: PDFObject], depth: Int,
                           memo: inout [Int: ContentCost]) throws -> ContentCost {
        guard case .stream(let dictionary, _) = object, depth <= Self.limitsDepth else { return ContentCost() }
        let own = try resolve(dictionary["Resources"]).dictionary
        var cost = try contentCost(try contentData(object), resources: own ?? inherited, depth: depth, memo: &memo)
        let matrix = try numbers(dictionary["Matrix"]).prefix(6)
        let scale = matrix.prefix(4).map(\.magnitude).max() ?? 1
        cost.extent = max(cost.extent * max(1, scale), matrix.dropFirst(4).map(\.magnitude).max() ?? 0)
        cost.matrixScale = max(1, scale)
        return cost
    }
}

/// Why ``PDFFile/checkLimits(page:)`` did not pass a page.
enum PDFCheckError: Error {
    /// The page could not be read by Tonmeister's reader (so it was not checked).
    case unreadable(PDFReadError)
    /// The page is over a limit.
    case refused(PDFFile.PageRefusal)
}
