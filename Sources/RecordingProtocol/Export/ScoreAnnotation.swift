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
        guard let at = geometry.locate(mark.at) else { return }
        let system = geometry.systems[at.ordinal]
        let y = lanes.y(take: mark.take, ordinal: at.ordinal)
        let (text, colour): (String, OverlayColor)
        switch mark.kind {
        case .rating(let value): (text, colour) = (String(value), ratingColour(value))
        case .problem(let problem): (text, colour) = ("! " + abbreviation(problem), retake)
        case .editPoint: (text, colour) = ("✂", OverlayColor(red: 0.0, green: 0.6, blue: 0.7))
        case .text: (text, colour) = ("✎", OverlayColor(red: 0.2, green: 0.3, blue: 0.7))
        }
        if let to = mark.to.flatMap(geometry.locate), case .problem = mark.kind {
            for ordinal in at.ordinal...max(at.ordinal, to.ordinal) {
                let s = geometry.systems[ordinal]
                let x1 = ordinal == at.ordinal ? at.x : s.left, x2 = ordinal == to.ordinal ? to.x : s.right
                let ly = lanes.y(take: mark.take, ordinal: ordinal)
                overlays[s.page, default: []].append(Overlay(.line(from: PagePoint(x: x1, y: ly), to: PagePoint(x: x2, y: ly)),
                                                             stroke: retake.opacity(0.8), lineWidth: 2.2))
            }
        }
        overlays[system.page, default: []].append(Overlay(
            .text(text, at: PagePoint(x: at.x - 2, y: y + 2), size: lanes.labelSize(ordinal: at.ordinal)), stroke: .white, fill: colour))
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
