import TonmeisterSupport

extension NumberingRule {
    /// The rule as `score detect` and `score numbering` print it: `{"pickup":true}`,
    /// `{"renumber":{"index":8,"to":"1"}}` or `{"suffix":{"index":9,"suffix":"a"}}`.
    package var json: JSONValue {
        switch self {
        case .pickup: return ["pickup": true]
        case .renumber(let index, let number): return ["renumber": ["index": .int(index), "to": .string(number.description)]]
        case .suffix(let index, let suffix): return ["suffix": ["index": .int(index), "suffix": .string(suffix)]]
        }
    }
}

extension NumberingDisagreement {
    /// A sentence for the report: where, what the print says, what the count said, and why.
    public func message(in layout: ScoreLayout, source: String = "text") -> String {
        let place = layout.bar(atGlobalIndex: globalIndex).map { "page \($0.page), system \($0.system + 1), bar \($0.bar + 1)" }
            ?? "bar index \(globalIndex)"
        let why: String
        switch cause {
        case .pickup: why = "the score opens with an upbeat numbered 0"
        case .restart: why = "the numbering starts again (a new piece)"
        case .endings: why = "a later ending repeats the first ending's numbers"
        case .offset: why = "the score's first bar is not bar 1"
        case .mismatch: why = "the print counts bars differently from the detected barlines; check the barlines here"
        }
        let read = source == "ocr" ? " (read by OCR)" : ""
        return "\(place): printed \(printed)\(read), counting bars gives \(counted): \(why); the print is followed"
    }
}

extension PrintedNumbering {
    /// Where the printed number of a disagreement was read (`text` or `ocr`), from the number used there.
    public func source(of disagreement: NumberingDisagreement) -> String {
        used.first { $0.globalIndex == disagreement.globalIndex }?.source ?? "text"
    }

    /// The `numbering` member of `score detect --json`: the numbers read, the rules and the disagreements.
    package func json(layout: ScoreLayout) -> JSONValue {
        func place(_ index: Int) -> [(String, JSONValue)] {
            guard let bar = layout.bar(atGlobalIndex: index) else { return [("index", .int(index))] }
            return [("page", .int(bar.page)), ("system", .int(bar.system + 1)), ("bar", .int(bar.bar + 1)), ("index", .int(index))]
        }
        func printed(_ p: PrintedBarNumber) -> JSONValue {
            .object(place(p.globalIndex) + [("printed", .string(p.number.description)), ("systemStart", .bool(p.atSystemStart)),
                                            ("source", .string(p.source))] + (p.ocrConfidence.map { [("confidence", .double($0))] } ?? []))
        }
        return .object([
            ("source", .string(used.isEmpty ? "count" : "print")),
            ("printed", .array(used.map(printed))),
            ("ignored", .array(ignored.map(printed))),
            ("rules", .array(rules.map(\.json))),
            ("disagreements", .array(disagreements.map { d in
                let source = source(of: d)
                return .object(place(d.globalIndex) + [("printed", .string(d.printed.description)), ("counted", .string(d.counted.description)),
                                                       ("cause", .string(d.cause.rawValue)), ("source", .string(source)),
                                                       ("message", .string(d.message(in: layout, source: source)))])
            })),
        ])
    }
}
