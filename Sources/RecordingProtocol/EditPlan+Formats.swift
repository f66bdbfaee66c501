import ScoreLayout
import TonmeisterSupport

/// The edit plan as JSON (DESIGN §7's `plan` row), CSV for spreadsheets, and a Markdown edit list for the editor.
extension EditPlan {
    /// The JSON of `tonmeister plan --format json`:
    /// `{"segments":[{"take","label","from","to","fromBar","toBar","rating","quality","open","firstIndex","lastIndex"}],
    /// "splices":N,"uncovered":[{"fromBar","toBar","reason","best"?,"firstIndex","lastIndex"}],"spliceList":[…],"total",
    /// "bars":{"from","to"},"unbarredSystems":[…],"options":{…}}`. Positions are `{"page","x","y"}`; `rating`
    /// is the lowest quality over the segment; `firstIndex`/`lastIndex` are 0-based global bar indices.
    package var json: JSONValue {
        .object([
            ("segments", .array(segments.map { s in
                ["take": .int(s.take), "label": .string(s.label), "from": Self.json(s.from), "to": Self.json(s.to),
                 "fromBar": .string(s.fromBar.description), "toBar": .string(s.toBar.description),
                 "rating": .int(s.rating), "quality": .int(s.quality), "open": .bool(s.open),
                 "firstIndex": .int(s.bars.lowerBound), "lastIndex": .int(s.bars.upperBound)] + passes(s.fromPass, s.toPass)
            })),
            ("splices", .int(splices.count)),
            ("uncovered", .array(uncovered.map { u in
                var fields: [(String, JSONValue)] = [("fromBar", .string(u.fromBar.description)), ("toBar", .string(u.toBar.description)),
                                                     ("reason", .string(u.reason.name))]
                if case .belowMinimum(let best) = u.reason { fields.append(("best", .int(best))) }
                fields += [("firstIndex", .int(u.bars.lowerBound)), ("lastIndex", .int(u.bars.upperBound))]
                return .object(fields) + passes(u.fromPass, u.toPass)
            })),
            ("spliceList", .array(splices.map { s in
                ["bar": .string(s.bar.description), "index": .int(s.index), "fromTake": .int(s.fromTake),
                 "fromLabel": .string(s.fromLabel), "toTake": .int(s.toTake), "toLabel": .string(s.toLabel),
                 "at": Self.json(s.at), "editPoint": .bool(s.atEditPoint), "cost": .double(Double(s.costMillis) / 1_000)]
                    + (ordered ? ["pass": .int(s.pass)] : [:])
            })),
            ("total", .double(total)),
            ("bars", ["from": .string(firstBar.description), "to": .string(lastBar.description)]),
            ("unbarredSystems", .array(unbarredSystems.map { ["page": .int($0.page), "system": .int($0.system + 1)] })),
            ("options", .object([
                ("splicePenalty", .double(Double(options.splicePenaltyMillis) / 1_000)),
                ("minRating", options.minimumRating.map { .int($0) } ?? .null),
                ("preferEditPoints", .bool(options.preferEditPoints)),
                ("editPointBonus", .double(Double(PlanOptions.millis(options.editPointBonus)) / 1_000)),
                ("exclude", .array(options.excludedTakes.sorted().map { .int($0) })),
            ])),
        ])
    }

    /// The header of `csv()`.
    public static let csvHeader = [
        "kind", "from_bar", "to_bar", "take", "label", "rating", "quality", "from_page", "from_x", "from_y",
        "to_page", "to_x", "to_y", "splice_before", "edit_point", "reason",
    ]

    /// The plan as RFC 4180 CSV (header row, CRLF line ends): one `segment` row per segment and one `uncovered`
    /// row per uncovered run, in score order. `splice_before` is true when a splice joins the segment to the
    /// one before it (`edit_point`: at an edit point); `reason` is `not-covered` or `below-minimum`.
    public func csv() -> String {
        var rows: [(Int, [String])] = segments.map { s in
            let splice = splices.first { $0.index == s.bars.lowerBound }
            return (s.bars.lowerBound, [
                "segment", name(s.fromBar, s.fromPass), name(s.toBar, s.toPass), String(s.take), s.label, String(s.rating),
                String(s.quality), String(s.from.page), Session.csvNumber(s.from.x), Session.csvNumber(s.from.y),
                String(s.to.page), Session.csvNumber(s.to.x), Session.csvNumber(s.to.y), String(splice != nil),
                String(splice?.atEditPoint ?? false), "",
            ])
        }
        rows += uncovered.map { u in
            (u.bars.lowerBound, ["uncovered", name(u.fromBar, u.fromPass), name(u.toBar, u.toPass), "", "", "", "", "", "", "", "", "", "",
                                 "false", "false", u.reason.name])
        }
        return rows.sorted { $0.0 < $1.0 }.reduce(Session.csvRow(Self.csvHeader)) { $0 + Session.csvRow($1.1) }
    }

    /// The plan as a Markdown edit list a producer hands to an editor: a heading, a summary line, then one
    /// item per segment, splice and uncovered run in score order.
    public func markdown(title: String) -> String {
        var lines = ["# Edit plan: \(title)", "", summary, ""]
        var items: [(Int, Int, String)] = segments.map { s in
            (s.bars.lowerBound, 1, "- \(Self.bars(name(s.fromBar, s.fromPass), name(s.toBar, s.toPass))): take \(s.label) (\(Self.word(s.rating)))"
                + (s.open ? ", open take" : ""))
        }
        items += splices.map { s in
            (s.index, 0, "- splice at bar \(name(s.bar, s.pass)): take \(s.fromLabel) → take \(s.toLabel)" + (s.atEditPoint ? " (at an edit point)" : ""))
        }
        items += uncovered.map { u in
            let why: String
            switch u.reason {
            case .notCovered: why = "no take covers \(u.bars.count == 1 ? "it" : "them")"
            case .belowMinimum(let best): why = "best quality \(best), below the minimum \(options.minimumRating ?? 0)"
            }
            return (u.bars.lowerBound, 1, "- \(Self.bars(name(u.fromBar, u.fromPass), name(u.toBar, u.toPass))): no usable take — retake needed (\(why))")
        }
        lines += items.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        if !unbarredSystems.isEmpty {
            let list = unbarredSystems.map { "page \($0.page) system \($0.system + 1)" }.joined(separator: ", ")
            lines += ["", "Not planned on their own (no bars in the layout): \(list)."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Bars 1–12, splice penalty 0.75: 3 segments, 2 splices, total 31.25." plus the non-default options.
    private var summary: String {
        var parts = ["splice penalty \(Self.decimal(options.splicePenaltyMillis))"]
        if let minimum = options.minimumRating { parts.append("minimum rating \(minimum)") }
        if options.preferEditPoints { parts.append("splices at edit points \(Self.decimal(options.editPointSpliceMillis))") }
        if !options.excludedTakes.isEmpty {
            parts.append("without take\(options.excludedTakes.count == 1 ? "" : "s") "
                + options.excludedTakes.sorted().map(String.init).joined(separator: ", "))
        }
        let counts = "\(segments.count) segment\(segments.count == 1 ? "" : "s"), \(splices.count) splice\(splices.count == 1 ? "" : "s")"
            + (uncovered.isEmpty ? "" : ", \(uncovered.count) uncovered")
        return Self.bars(firstBar, lastBar).capitalizedFirst + ", " + parts.joined(separator: ", ") + ": " + counts
            + ", total \(Self.decimal(totalMillis))."
    }

    /// "bar 5" or "bars 5–8" ("bars 5/2–8/2" on a second pass).
    static func bars(_ first: some CustomStringConvertible, _ last: some CustomStringConvertible) -> String {
        first.description == last.description ? "bar \(first)" : "bars \(first)–\(last)"
    }

    /// A bar as the plan names it: `5`, or `5/2` for the second time through it in a playing order.
    func name(_ bar: BarNumber, _ pass: Int) -> String {
        ordered && pass > 1 ? "\(bar)/\(pass)" : bar.description
    }

    /// `fromPass` and `toPass` members with a playing order, none without.
    private func passes(_ from: Int, _ to: Int) -> JSONValue {
        ordered ? ["fromPass": .int(from), "toPass": .int(to)] : [:]
    }

    /// The producer's word for a quality: excellent, good, ok, ± or bad (1 and below).
    static func word(_ quality: Int) -> String {
        switch quality {
        case 5...: return "excellent"
        case 4: return "good"
        case 3: return "ok"
        case 2: return "±"
        default: return "bad"
        }
    }

    /// Thousandths as a short decimal: 31250 → "31.25", 9000 → "9", -1500 → "-1.5".
    static func decimal(_ millis: Int) -> String {
        let sign = millis < 0 ? "-" : "", magnitude = abs(millis)
        var fraction = String(magnitude % 1_000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 1_000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `{"page","x","y","pass"?}`; while a session of several scores writes (`Session.withScorePages`), `"score"` first and
    /// the page in that score.
    private static func json(_ p: ScorePosition) -> JSONValue {
        var score: Int?, page = p.page
        if let local = ScorePageContext.current?.scorePage(p.page) { (score, page) = (local.score, local.page) }
        return (score.map { ["score": .int($0)] } ?? [:])
            + ["page": .int(page), "x": .double(PlainNumber.rounded(p.x, places: 6)), "y": .double(PlainNumber.rounded(p.y, places: 6))]
            + (p.pass.map { ["pass": .int($0)] } ?? [:])
    }
}

private extension JSONValue {
    /// An object with another object's members appended.
    static func + (a: JSONValue, b: JSONValue) -> JSONValue {
        guard case .object(let first) = a, case .object(let second) = b else { return a }
        return .object(first + second)
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
