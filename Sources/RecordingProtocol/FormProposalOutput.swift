import ScoreLayout
import TonmeisterSupport

/// The orders `score form --detect` (and `GET /api/form/detect`) proposes, as text and JSON.
public struct FormProposalOutput: Sendable {
    public var proposals: [FormProposal]
    /// The layout's bars in score order (to print signs by bar number).
    public var bars: [BarLocation]
    /// The session file, for the command that confirms a proposal.
    public var sessionPath: String
    /// The orders the pieces have now, by piece index.
    public var current: [Int: [BarSpan]]

    public init(proposals: [FormProposal], bars: [BarLocation], sessionPath: String, current: [Int: [BarSpan]]) {
        self.proposals = proposals
        self.bars = bars
        self.sessionPath = sessionPath
        self.current = current
    }

    func number(_ index: Int) -> String { bars.indices.contains(index) ? bars[index].number.description : "?" }

    /// The `--order` value that confirms a proposal.
    public static func option(_ order: [BarSpan]?) -> String { order.map { $0.map(\.description).joined(separator: ",") } ?? "score" }

    static func words(_ sign: DrawnForm.Sign) -> String {
        switch sign {
        case .startRepeat: "start repeat"
        case .endRepeat: "end repeat"
        case .fine: "Fine"
        case .daCapo: "D.C."
        case .dalSegno: "D.S."
        case .segno: "segno"
        case .toCoda: "To Coda"
        case .coda: "Coda"
        }
    }

    package var json: JSONValue {
        ["detected": .array(proposals.map { p in
            ["piece": .int(p.piece + 1), "title": .string(p.title), "firstBar": .string(p.firstBar.description),
             "lastBar": .string(p.lastBar.description), "proposal": p.order.map { .strings($0) } ?? .null,
             "orderOption": .string(Self.option(p.order)), "current": current[p.piece].map { .strings($0) } ?? .null,
             "signs": .array(p.form.marks.map { m in
                 ["bar": .string(number(m.bar)), "index": .int(m.bar), "page": .int(m.page), "sign": .string(m.sign.rawValue),
                  "evidence": .string(m.evidence)]
             }),
             "endings": .array(p.form.endings.map { e in
                 ["first": .string(number(e.first)), "last": .string(number(e.last)), "passes": .array(e.passes.map { .int($0) }),
                  "page": .int(e.page)]
             })]
        })]
    }

    public var lines: [String] {
        var lines: [String] = []
        for p in proposals {
            let name = p.title.isEmpty ? "" : " (\(p.title))"
            lines.append("piece \(p.piece + 1)\(name), bars \(p.firstBar)–\(p.lastBar): proposed order "
                + (p.order.map { $0.map(\.description).joined(separator: ", ") } ?? "score order"))
            var signs = p.form.marks.map { "\(Self.words($0.sign)) at \(number($0.bar))" }
            signs += p.form.endings.map { e in
                "ending \(e.passes.map { "\($0)." }.joined()) over \(number(e.first))" + (e.last > e.first ? "–\(number(e.last))" : "")
            }
            lines.append("  signs: " + (signs.isEmpty ? "none found" : signs.joined(separator: ", ")))
            if p.order != nil || current[p.piece] != nil {
                lines.append("  to confirm: tonmeister score form \(sessionPath) --piece \(p.piece + 1) --order \"\(Self.option(p.order))\"")
            }
        }
        return lines
    }
}
