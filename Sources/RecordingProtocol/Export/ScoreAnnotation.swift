import ScoreLayout

/// What to draw over the score for a session: take brackets, ratings and problems, and the edit plan.
///
/// RecordingProtocol decides what is drawn; `ScoreDocument` draws it. Every take is a thin line in a
/// lane above each system it spans, with an opening bracket and its label where it starts and a
/// closing bracket where it ends (grey; takes the plan uses are blue, thick where they are used). Marks sit on their take's line:
/// ratings as tags coloured from red (1) to green (5), problems as red tags (a range also thickens the
/// line), edit points as cyan ✂. The plan shades each segment's bars blue with the take's label, marks
/// every splice with a magenta line and "✂ 7→12", and shades uncovered bars red ("retake").
public enum ScoreAnnotation {
    /// What to include.
    public struct Options: Hashable, Sendable {
        /// Draw only the takes the plan uses (all live takes when false or without a plan).
        public var onlyPlanTakes: Bool
        public init(onlyPlanTakes: Bool = false) { self.onlyPlanTakes = onlyPlanTakes }
    }

    static let planBlue = OverlayColor(red: 0.05, green: 0.3, blue: 0.85)
    static let takeGrey = OverlayColor(red: 0.35, green: 0.35, blue: 0.4)
    static let splice = OverlayColor(red: 0.85, green: 0.0, blue: 0.6)
    static let retake = OverlayColor(red: 0.9, green: 0.1, blue: 0.1)

    /// The overlays per page number.
    ///
    /// - Parameter pageWidths: page widths in points (for systems without bars, whose extent is otherwise unknown).
    /// - Throws: `ProtocolError.noLayout`, or the errors of `Session.validate()`.
    public static func overlays(session: Session, plan: EditPlan? = nil, pageWidths: [Int: Double] = [:],
                                options: Options = Options()) throws -> [Int: [Overlay]] {
        guard let layout = session.layout else {
            throw ProtocolError.noLayout(reason: "takes are drawn on the systems of the layout")
        }
        try session.validate()
        let geometry = SystemGeometry(layout: layout, pageWidths: pageWidths)
        let planTakes = Set(plan?.segments.map(\.take) ?? [])
        let takes = session.liveTakes.filter { !options.onlyPlanTakes || plan == nil || planTakes.contains($0.number) }
        let lanes = TakeLanes(takes: takes, geometry: geometry)
        let bars = layout.allBars()
        var overlays: [Int: [Overlay]] = [:]
        if let plan { drawPlan(plan, bars: bars, geometry: geometry, into: &overlays) }
        var used: [Int: [(ordinal: Int, left: Double, right: Double)]] = [:]
        for segment in plan?.segments ?? [] { used[segment.take, default: []] += geometry.runsBySystem(segment.bars, bars: bars) }
        for take in takes {
            drawTake(take, lanes: lanes, geometry: geometry, used: used[take.number] ?? [], into: &overlays)
        }
        let drawn = Set(takes.map(\.number))
        for mark in session.liveMarks where drawn.contains(mark.take) {
            drawMark(mark, lanes: lanes, geometry: geometry, into: &overlays)
        }
        if let first = overlays.keys.min() { overlays[first, default: []] += legend(plan: plan != nil) }
        return overlays
    }

    /// A take's line, brackets and label; where the plan uses the take, its line is thick and blue.
    private static func drawTake(_ take: Take, lanes: TakeLanes, geometry: SystemGeometry,
                                 used: [(ordinal: Int, left: Double, right: Double)], into overlays: inout [Int: [Overlay]]) {
        let colour = used.isEmpty ? takeGrey.opacity(0.7) : planBlue.opacity(0.8)
        for piece in lanes.pieces(of: take.number) {
            let system = geometry.systems[piece.ordinal]
            let y = lanes.y(take: take.number, ordinal: piece.ordinal)
            var drawn: [Overlay] = [Overlay(.line(from: PagePoint(x: piece.from, y: y), to: PagePoint(x: piece.to, y: y)),
                                            stroke: colour, lineWidth: 0.6)]
            for run in used where run.ordinal == piece.ordinal {
                let from = max(run.left, piece.from), to = min(run.right, piece.to)
                if to > from {
                    drawn.append(Overlay(.line(from: PagePoint(x: from, y: y), to: PagePoint(x: to, y: y)), stroke: planBlue, lineWidth: 1.8))
                }
            }
            if piece.starts {
                drawn.append(Overlay(.bracket(x: piece.from, top: y, bottom: system.top, opensRight: true, hook: 2),
                                     stroke: colour, lineWidth: 0.8))
                drawn.append(Overlay(.text(take.label, at: PagePoint(x: piece.from - 1 - 3.2 * Double(take.label.count), y: y + 1.6),
                                           size: lanes.labelSize(ordinal: piece.ordinal)),
                                     stroke: colour, fill: OverlayColor.white.opacity(0.8)))
            }
            if piece.ends {
                drawn.append(Overlay(.bracket(x: piece.to, top: y, bottom: system.top, opensRight: false, hook: 2),
                                     stroke: colour, lineWidth: 0.8))
            }
            overlays[system.page, default: []] += drawn
        }
    }

    private static func drawMark(_ mark: Mark, lanes: TakeLanes, geometry: SystemGeometry,
                                 into overlays: inout [Int: [Overlay]]) {
        if mark.kind == .ink {
            drawInk(mark, into: &overlays)
            return
        }
        guard let at = geometry.locate(mark.at) else { return }
        let system = geometry.systems[at.ordinal]
        let y = lanes.y(take: mark.take, ordinal: at.ordinal)
        let (text, colour): (String, OverlayColor)
        switch mark.kind {
        case .rating(let value): (text, colour) = (String(value), ratingColour(value))
        case .problem(let problem): (text, colour) = ("! " + abbreviation(problem), retake)
        case .editPoint: (text, colour) = ("✂", OverlayColor(red: 0.0, green: 0.6, blue: 0.7))
        case .text, .ink: (text, colour) = ("✎", OverlayColor(red: 0.2, green: 0.3, blue: 0.7))
        }
        if mark.to != nil {
            // A range is drawn along every system it crosses (across page breaks): a band over the system and a thick line on the take's lane.
            for segment in rangeSegments(mark, geometry: geometry) {
                let ly = lanes.y(take: mark.take, ordinal: segment.ordinal)
                overlays[segment.page, default: []] += [
                    Overlay(.rectangle(origin: PagePoint(x: segment.left, y: segment.top), width: segment.right - segment.left,
                                       height: segment.bottom - segment.top), stroke: nil, fill: colour.opacity(0.12)),
                    Overlay(.line(from: PagePoint(x: segment.left, y: ly), to: PagePoint(x: segment.right, y: ly)),
                            stroke: colour.opacity(0.8), lineWidth: 2.2),
                ]
            }
        }
        overlays[system.page, default: []].append(Overlay(
            .text(text, at: PagePoint(x: at.x - 2, y: y + 2), size: lanes.labelSize(ordinal: at.ordinal)), stroke: .white, fill: colour))
    }

    /// A free-hand stroke as lines between its points, in its take's colour.
    private static func drawInk(_ mark: Mark, into overlays: inout [Int: [Overlay]]) {
        let colour = takeColour(mark.take)
        let points = mark.points.map { PagePoint(x: $0.x, y: $0.y) }
        overlays[mark.at.page, default: []] += zip(points, points.dropFirst()).map { from, to in
            Overlay(.line(from: from, to: to), stroke: colour, lineWidth: 1.4)
        }
    }

    /// The colour of a take (its ink strokes): a hue per take number, spread by the golden angle, dark enough for paper.
    public static func takeColour(_ take: Int) -> OverlayColor {
        let hue = (Double(take) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
        let (saturation, value) = (0.85, 0.7)
        let h = hue * 6, sector = Int(h) % 6, f = h - Double(Int(h))
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (value, t, p)
        case 1: (r, g, b) = (q, value, p)
        case 2: (r, g, b) = (p, value, t)
        case 3: (r, g, b) = (p, q, value)
        case 4: (r, g, b) = (t, p, value)
        default: (r, g, b) = (value, p, q)
        }
        return OverlayColor(red: r, green: g, blue: b)
    }

    /// One piece of a range mark on one system: the page, the system's top and bottom, and the range's extent on it.
    public struct RangeSegment: Hashable, Sendable {
        /// The page number.
        public var page: Int
        /// The system's place in score order (from 0).
        public var ordinal: Int
        /// Where the range starts and ends on this system, in points from the page's left edge.
        public var left: Double, right: Double
        /// The system's top and bottom, in points from the page's top edge.
        public var top: Double, bottom: Double
    }

    /// The pieces of a range mark (`at` to `to`) along each system it crosses, in score order; empty for a point or without a layout.
    ///
    /// - Parameter pageWidths: page widths in points (for systems without bars).
    public static func rangeSegments(_ mark: Mark, layout: ScoreLayout?, pageWidths: [Int: Double] = [:]) -> [RangeSegment] {
        guard let layout else { return [] }
        return rangeSegments(mark, geometry: SystemGeometry(layout: layout, pageWidths: pageWidths))
    }

    static func rangeSegments(_ mark: Mark, geometry: SystemGeometry) -> [RangeSegment] {
        guard let to = mark.to, let at = geometry.locate(mark.at), let end = geometry.locate(to), end.ordinal >= at.ordinal else { return [] }
        return (at.ordinal...end.ordinal).map { ordinal in
            let s = geometry.systems[ordinal]
            let left = ordinal == at.ordinal ? at.x : s.left, right = ordinal == end.ordinal ? end.x : s.right
            return RangeSegment(page: s.page, ordinal: ordinal, left: min(left, right), right: max(left, right), top: s.top, bottom: s.bottom)
        }
    }

    private static func drawPlan(_ plan: EditPlan, bars: [BarLocation], geometry: SystemGeometry,
                                 into overlays: inout [Int: [Overlay]]) {
        func shade(_ range: ClosedRange<Int>, colour: OverlayColor, label: String) {
            var first = true
            for run in geometry.runsBySystem(range, bars: bars) {
                let s = geometry.systems[run.ordinal]
                overlays[s.page, default: []].append(Overlay(
                    .rectangle(origin: PagePoint(x: run.left, y: s.top), width: run.right - run.left, height: s.bottom - s.top),
                    stroke: colour.opacity(0.55), fill: colour.opacity(0.09), lineWidth: 0.8))
                overlays[s.page, default: []].append(Overlay(.text(first ? label : label + " (cont.)",
                    at: PagePoint(x: run.left + 2, y: s.top + 8), size: 6.5), stroke: colour, fill: OverlayColor.white.opacity(0.85)))
                first = false
            }
        }
        for segment in plan.segments { shade(segment.bars, colour: planBlue, label: "take \(segment.label)") }
        for run in plan.uncovered { shade(run.bars, colour: retake, label: "retake") }
        for splice in plan.splices {
            guard let at = geometry.locate(splice.at) else { continue }
            let s = geometry.systems[at.ordinal]
            overlays[s.page, default: []] += [
                Overlay(.line(from: PagePoint(x: at.x, y: s.top - 3), to: PagePoint(x: at.x, y: s.bottom + 3)),
                        stroke: splice.atEditPoint ? Self.splice : Self.splice.opacity(0.85), lineWidth: 2),
                Overlay(.text("✂ \(splice.fromLabel)→\(splice.toLabel)", at: PagePoint(x: at.x + 2, y: s.bottom + 9), size: 7),
                        stroke: Self.splice, fill: OverlayColor.white.opacity(0.9)),
            ]
        }
    }

    private static func legend(plan: Bool) -> [Overlay] {
        let text = plan ? "Tonmeister: takes above systems (blue: in the plan) · ratings 1–5 · ! problems · ✂ splices · red: retake"
                        : "Tonmeister: takes above systems · ratings 1–5 · ! problems · ✂ edit points"
        return [Overlay(.text(text, at: PagePoint(x: 36, y: 10), size: 6.5), stroke: planBlue, fill: OverlayColor.white.opacity(0.9))]
    }

    /// Red (1) through orange and amber to green (4) and dark green (5).
    static func ratingColour(_ value: Int) -> OverlayColor {
        switch value {
        case ...1: return OverlayColor(red: 0.85, green: 0.1, blue: 0.1)
        case 2: return OverlayColor(red: 0.95, green: 0.45, blue: 0.05)
        case 3: return OverlayColor(red: 0.75, green: 0.6, blue: 0.0)
        case 4: return OverlayColor(red: 0.15, green: 0.6, blue: 0.2)
        default: return OverlayColor(red: 0.0, green: 0.42, blue: 0.25)
        }
    }

    /// A short tag for a problem: int, bal, ens, noise, fs, wn, tmp, other, or the user's own symbol.
    static func abbreviation(_ problem: ProblemKind) -> String {
        switch problem.name {
        case "intonation": return "int"
        case "balance": return "bal"
        case "ensemble": return "ens"
        case "false-start": return "fs"
        case "wrong-note": return "wn"
        case "tempo": return "tmp"
        default: return problem.name
        }
    }
}
