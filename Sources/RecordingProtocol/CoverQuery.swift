import ScoreLayout
import TonmeisterSupport

/// A "which takes cover…" question: one bar, a range of bars, or a point on the score.
///
/// `tonmeister covers` and the server's `GET /api/covers` ask it the same way and print the same JSON.
public enum CoverQuery: Hashable, Sendable {
    /// One bar (the first bar with that number), on every pass of the playing order.
    case bar(BarNumber)
    /// One pass through a bar (`12/2`: the second time the playing order goes through bar 12).
    case barOnPass(BarNumber, pass: Int)
    /// The bars from the first to the second, inclusive.
    case bars(BarNumber, BarNumber)
    /// A point: the bar containing it decides full or partial coverage.
    case point(ScorePosition)

    /// The takes covering the bar, bars or point, by take number.
    ///
    /// - Throws: `ProtocolError.barNotFound`, `.invalidBarRange` or `.invalidPosition` (from the index).
    public func run(on index: CoverageIndex) throws -> [CoverResult] {
        switch self {
        case .bar(let bar): return try index.covers(bar: bar)
        case .barOnPass(let bar, let pass): return try index.covers(bar: bar, pass: pass)
        case .bars(let from, let to): return try index.covers(bars: from...to)
        case .point(let point): return try index.covers(point: point)
        }
    }

    /// What was asked, as text: "bar 12", "bars 5–12", "page 2 at (300.0, 400.0)".
    public var heading: String {
        switch self {
        case .bar(let bar): return "bar \(bar)"
        case .barOnPass(let bar, let pass): return "bar \(bar), pass \(pass)"
        case .bars(let from, let to): return "bars \(from)–\(to)"
        case .point(let p): return "page \(p.page) at (\(p.x), \(p.y))"
        }
    }

    /// The `query` member of the answer: `{"bar"}`, `{"bars":{"from","to"}}` or `{"page","x","y"}`.
    package var json: JSONValue {
        switch self {
        case .bar(let bar): return ["bar": .string(bar.description)]
        case .barOnPass(let bar, let pass): return ["bar": .string(bar.description), "pass": .int(pass)]
        case .bars(let from, let to): return ["bars": ["from": .string(from.description), "to": .string(to.description)]]
        case .point(let p):
            guard ScorePageContext.current != nil else { return ["page": .int(p.page), "x": .double(p.x), "y": .double(p.y)] }
            return Session.positionTree(ScorePosition(page: p.page, x: p.x, y: p.y))
        }
    }

    /// The answer as `tonmeister covers --json` prints it: `{"query",…,"takes":[{"number","label","coverage","rating","open"}]}`.
    package func json(_ results: [CoverResult]) -> JSONValue {
        ["query": json, "takes": .array(results.map(\.json))]
    }
}

extension CoverResult {
    /// `{"number","label","coverage":"full"|"partial","rating","open"}`, and `"passes":[1,2]` when the bar was asked on every pass
    /// of a playing order.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("number", .int(take)), ("label", .string(label)), ("coverage", .string(coverage.rawValue)),
                                              ("rating", .int(rating)), ("open", .bool(open))]
        if let passes { members.append(("passes", .array(passes.map { .int($0) }))) }
        return .object(members)
    }
}

extension CoverageIndex {
    /// The coverage report as `tonmeister coverage --json` prints it:
    /// `{"bars":[{"bar","takes","partial","best"}],"gaps":[{"bar","reason","best"?}],"threshold"}`; with a playing order
    /// (`ordered`) each bar and gap also carries its `pass`.
    /// With several scores (`score` gives the score index of a bar's index in playing order) each bar and gap also
    /// carries its `score`.
    package static func coverageJSON(bars: [BarCoverage], gaps: [Gap], threshold: Int, ordered: Bool = false,
                                     score: ((Int) -> Int)? = nil) -> JSONValue {
        func passed(_ value: JSONValue, _ pass: Int, _ index: Int) -> JSONValue {
            guard case .object(var members) = value else { return value }
            if ordered { members.append(("pass", .int(pass))) }
            if let score { members.append(("score", .int(score(index)))) }
            return .object(members)
        }
        return ["bars": .array(bars.map { b in
            passed(["bar": .string(b.bar.description), "takes": .array(b.takes.map { .int($0) }),
                    "partial": .array(b.partial.map { .int($0) }), "best": b.best.map { .int($0) } ?? .null], b.pass, b.index)
        }),
         "gaps": .array(gaps.map { g in
             switch g.reason {
             case .uncovered: return passed(["bar": .string(g.bar.description), "reason": "uncovered"], g.pass, g.index)
             case .belowThreshold(let best):
                 return passed(["bar": .string(g.bar.description), "reason": "below-threshold", "best": .int(best)], g.pass, g.index)
             }
         }),
         "threshold": .int(threshold)]
    }
}
