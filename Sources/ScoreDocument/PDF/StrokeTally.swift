import Foundation

/// Counts what a content stream's strokes cost cairo's stroker, beside the coordinates and operators the limits
/// check already bounds: the dashes a dashed line is cut into, and the vertices of round joins and caps, whose pen
/// gets more vertices the wider the line (a line 900 000 points long under `[0.3] 0 d` is three million pieces;
/// ten thousand round joins of a line 10⁶ points wide took 7 s and 800 MB, all numbers within the page limits).
/// Used by ``PDFFile/checkLimits(page:)``.
///
/// Upper bounds: a subpath's length is that of its control polygon (never shorter than the curve); a pattern of
/// `n` lengths summing to `p` cuts `n / p` pieces per unit of length (cairo cuts `n / 2p` for an odd `n`, which it
/// repeats); stroked text counts 16 em of outline per glyph; a join or cap costs half a pen at 300 dpi, a pen having
/// as many vertices as cairo gives it (`_cairo_pen_vertices_needed`, tolerance 0.1 pixel). Lengths and the pattern
/// are both in the user space in force when the path is built, so the matrices cancel out of the dash count.
struct StrokeTally {
    /// The dashes counted where this content set its own pattern (or the caller's, once ``add(form:callerScale:matrixScale:)``).
    private(set) var dashes = 0.0
    /// The pen vertices of round joins and caps, at this content's scale.
    private(set) var vertices = 0.0
    /// The length stroked while this content had set no pattern: a form's strokes are cut by the pattern of the
    /// content that draws it.
    private var undashedLength = 0.0
    /// The joins and caps stroked while this content had set no line width: a form's are charged at the pen of the
    /// content that draws it.
    private var inheritedEvents = 0.0
    /// Those of ``inheritedEvents`` stroked with round caps or joins this content set itself: round whatever the pen
    /// shape of the content that draws it.
    private var inheritedRoundEvents = 0.0
    /// The largest half pen this content stroked with (of the widths and shapes it set).
    private var largestHalfPen = 0.0
    /// The largest magnification of this content's own matrices at which it stroked with an inherited width.
    private var inheritedScale = 0.0

    /// The graphics state's part that decides the cost, saved by `q`.
    private struct State {
        /// Pieces per unit of length of the pattern in force (0: solid); nil while a form set none.
        var density: Double?
        /// The line width in user space; nil while a form set none.
        var width: Double?
        var roundCap: Bool?, roundJoin: Bool?
    }
    private var state: State
    private var saved: [State] = []
    private var point = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
    /// The path being built: its length, segments and subpaths.
    private var length = 0.0, segments = 0.0, subpaths = 0.0
    private var fontSize = 0.0, textScale = 1.0, strokesText = false
    /// The matrices' magnification in force (from ``take(_:_:scale:)``).
    private var scale = 1.0

    /// A tally of a page's content (`page`: PDF's initial state, a solid line 1 point wide with square ends) or of a
    /// form's (which inherits the state of the content that draws it).
    init(page: Bool = false) {
        state = page ? State(density: 0, width: 1, roundCap: false, roundJoin: false) : State()
    }

    /// Pieces per unit of length for a dash array of `lengths`: 0 when cairo draws the line solid (no lengths) or
    /// refuses the pattern (all zero: its context then draws nothing more).
    static func density(_ lengths: [Double]) -> Double {
        let period = lengths.reduce(0) { $0 + $1.magnitude }
        guard !lengths.isEmpty, period > 0 else { return 0 }
        return min(.greatestFiniteMagnitude, Double(lengths.count) / period)
    }

    /// The vertices of cairo's pen for a line `width` points wide drawn at 300 dpi.
    static func penVertices(width: Double) -> Double {
        let radius = width.magnitude / 2 * 300 / 72, tolerance = 0.1
        guard radius.isFinite else { return .greatestFiniteMagnitude }
        if tolerance >= 4 * radius { return 1 }
        if tolerance >= radius { return 4 }
        let divisor = acos(1 - tolerance / radius)
        guard divisor > 0 else { return .greatestFiniteMagnitude }
        let count = (2 * Double.pi / divisor).rounded(.up)
        return max(4, count + count.truncatingRemainder(dividingBy: 2))   // cairo makes it even
    }

    /// Sets what an ExtGState (`gs`) sets: `/D [[lengths] phase]`, `/LW`, `/LC`, `/LJ` (nil: not set).
    mutating func setState(dash: [Double]?, width: Double?, cap: Double?, join: Double?) {
        if let dash { state.density = Self.density(dash) }
        if let width { state.width = width.magnitude }
        if let cap { state.roundCap = cap == 1 }
        if let join { state.roundJoin = join == 1 }
    }

    /// Takes operator `op` with its `operands`, drawn at magnification `scale` (the content's own matrices).
    mutating func take(_ op: UInt32, _ operands: [ContentLexer.Operand], scale: Double) {
        self.scale = scale
        func number(_ k: Int) -> Double {
            guard k >= 0, k < operands.count, let x = operands[k].number, x.isFinite else { return 0 }
            return x
        }
        func lineTo(_ x: Double, _ y: Double) {
            length += ((x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)).squareRoot()
            segments += 1
            point = (x, y)
        }
        let n = operands.count
        switch op {
        case ContentOperator.q: if saved.count < 4096 { saved.append(state) }
        case ContentOperator.Q: if let s = saved.popLast() { state = s }
        case ContentOperator.d:
            if case .object(.array(let items))? = operands.dropLast().last {
                state.density = Self.density(items.compactMap { $0.number })
            }
        case ContentOperator.w: state.width = number(n - 1).magnitude
        case ContentOperator.J: state.roundCap = number(n - 1) == 1
        case ContentOperator.j: state.roundJoin = number(n - 1) == 1
        case ContentOperator.m:
            point = (number(n - 2), number(n - 1)); start = point
            subpaths += 1
        case ContentOperator.l: lineTo(number(n - 2), number(n - 1))
        case ContentOperator.c:
            lineTo(number(n - 6), number(n - 5)); lineTo(number(n - 4), number(n - 3)); lineTo(number(n - 2), number(n - 1))
        case ContentOperator.v, ContentOperator.y:
            lineTo(number(n - 4), number(n - 3)); lineTo(number(n - 2), number(n - 1))
        case ContentOperator.h: lineTo(start.x, start.y)
        case ContentOperator.re:
            point = (number(n - 4), number(n - 3)); start = point
            length += 2 * (number(n - 2).magnitude + number(n - 1).magnitude)
            segments += 4; subpaths += 1
        case ContentOperator.S, ContentOperator.B, ContentOperator.BStar: strokePath()
        case ContentOperator.s, ContentOperator.b, ContentOperator.bStar:
            lineTo(start.x, start.y)
            strokePath()
        case ContentOperator.f, ContentOperator.F, ContentOperator.fStar, ContentOperator.n:
            length = 0; segments = 0; subpaths = 0
        case ContentOperator.Tf: fontSize = number(n - 1).magnitude
        case ContentOperator.Tm: textScale = max(1, (0..<4).map { number(n - 6 + $0).magnitude }.max() ?? 1)
        case ContentOperator.Tr: strokesText = [1, 2, 5, 6].contains(number(n - 1))
        case ContentOperator.Tj, ContentOperator.quote, ContentOperator.doubleQuote, ContentOperator.TJ:
            guard strokesText else { break }
            let glyphs = Double(operands.reduce(0) { total, operand in
                switch operand.object {
                case .string(let bytes)?: return total + bytes.count
                case .array(let items)?:
                    return total + items.reduce(0) { if case .string(let bytes) = $1 { $0 + bytes.count } else { $0 } }
                default: return total
                }
            })
            // Each glyph's outline: 16 em long, closed (no caps), with some 32 joins.
            stroke(length: glyphs * 16 * fontSize * textScale, joins: glyphs * 32, subpaths: 0)
        default: break
        }
    }

    /// Adds what a form drawn here amounts to: `callerScale` is the magnification of this content's matrices where
    /// it draws the form, `matrixScale` the form's own `/Matrix`'s. The form's strokes that had no pattern, width or
    /// pen shape of their own take this content's, their pen magnified by both and by the form's own `cm` where it
    /// stroked them.
    mutating func add(form part: StrokeTally, callerScale: Double, matrixScale: Double) {
        let total = callerScale * matrixScale
        let magnification = max(1, total).squareRoot()
        dashes = Self.sum(dashes, part.dashes)
        vertices = Self.sum(vertices, part.vertices * magnification)
        let own = part.largestHalfPen * magnification
        largestHalfPen = max(largestHalfPen, own)
        // The inherited pen at the largest magnification the form stroked with it (nil: this content inherits its pen
        // too, and passes the form's magnification on).
        let inherited = total * max(1, part.inheritedScale)
        let pen = halfPen(at: inherited)
        var events = part.inheritedEvents - part.inheritedRoundEvents
        if let density = state.density {
            let pieces = part.undashedLength * density
            dashes = Self.sum(dashes, pieces)
            vertices = Self.sum(vertices, 2 * pieces * own)
            events = Self.sum(events, 2 * pieces)
        } else {
            undashedLength = Self.sum(undashedLength, part.undashedLength)
        }
        if let pen, let width = state.width {
            vertices = Self.sum(vertices, events * pen)
            vertices = Self.sum(vertices, part.inheritedRoundEvents * Self.penVertices(width: width * inherited) / 2)
        } else if part.inheritedEvents > 0 || events > 0 {
            inheritedEvents = Self.sum(inheritedEvents, Self.sum(events, part.inheritedRoundEvents))
            inheritedRoundEvents = Self.sum(inheritedRoundEvents, part.inheritedRoundEvents)
            inheritedScale = max(inheritedScale, min(.greatestFiniteMagnitude, inherited))
        }
    }

    /// Adds an annotation's appearance form drawn on a page (`self`, the page's tally): poppler draws it in the page's
    /// initial state (a solid line 1 point wide, square ends), magnified by `placementScale` (its box mapped onto the
    /// annotation's rectangle: ``PDFFile/AnnotationPlacement``), not in the state the page's content ended with.
    mutating func add(annotation part: StrokeTally, placementScale: Double, matrixScale: Double) {
        var fresh = StrokeTally(page: true)
        fresh.add(form: part, callerScale: placementScale, matrixScale: matrixScale)
        dashes = Self.sum(dashes, fresh.dashes)
        vertices = Self.sum(vertices, fresh.vertices)
    }

    /// Half the vertices of the pen in force at this content's scale, round caps or joins counted (0 for square
    /// ones; a form that has not set its caps or joins is charged as if round); nil while a form has not set its
    /// width.
    private func halfPen() -> Double? { halfPen(at: scale) }

    /// ``halfPen()`` with the width magnified by `magnification` instead of this content's scale.
    private func halfPen(at magnification: Double) -> Double? {
        guard let width = state.width else { return nil }
        let round = state.roundCap ?? true || state.roundJoin ?? true
        return round ? Self.penVertices(width: width * magnification) / 2 : 0
    }

    private mutating func strokePath() {
        stroke(length: length, joins: segments, subpaths: subpaths)
        length = 0; segments = 0; subpaths = 0
    }

    /// Charges a stroke of `length` with `joins` joins and `subpaths` open ends (pairs of caps).
    private mutating func stroke(length: Double, joins: Double, subpaths: Double) {
        var events = joins + 2 * subpaths
        if let density = state.density {
            let pieces = length * density
            dashes = Self.sum(dashes, pieces)
            events = Self.sum(events, 2 * pieces)
        } else {
            undashedLength = Self.sum(undashedLength, length)
        }
        guard let pen = halfPen() else {
            // A width inherited: charged where the form is drawn, round there if this content set round ends itself,
            // free if it set square ones for both.
            if state.roundCap == false && state.roundJoin == false { return }
            inheritedEvents = Self.sum(inheritedEvents, events)
            if state.roundCap == true || state.roundJoin == true { inheritedRoundEvents = Self.sum(inheritedRoundEvents, events) }
            if events > 0 { inheritedScale = max(inheritedScale, scale) }
            return
        }
        largestHalfPen = max(largestHalfPen, pen)
        vertices = Self.sum(vertices, events * pen)
    }

    private static func sum(_ a: Double, _ b: Double) -> Double {
        let s = a + b
        return s.isNaN ? .greatestFiniteMagnitude : min(.greatestFiniteMagnitude, s)
    }
}
