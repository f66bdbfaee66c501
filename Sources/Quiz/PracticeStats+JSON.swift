import TonmeisterSupport

extension PracticeStats {
    /// The statistics as JSON:
    /// `{"now","retention","reviews","correct","accuracy","meanSeconds","first","last",
    ///   "items":[{"item","kind","task"?,"interval","direction","reviews","correct","accuracy","meanSeconds",
    ///             "lastAnswer","stability","difficulty","lapses","due","retrievability"}],
    ///   "intervals":[{"interval","reviews","correct","accuracy","meanSeconds"}],
    ///   "kinds":[{"kind",…}], "due":[{"item","due","retrievability"}], "next":[…], "confusions":[{"item","answeredAs","count"}]}`.
    ///
    /// Times are ISO-8601 UTC; ratios and seconds are rounded to 4 and 3 decimals.
    public func json(pretty: Bool = false, upcomingLimit: Int = 10) -> String {
        var members: [(String, JSONValue)] = [
            ("now", .string(now.iso8601)),
            ("retention", .double(retention)),
        ]
        members += Self.counts(total)
        members += [
            ("first", .optional(span?.lowerBound.iso8601)),
            ("last", .optional(span?.upperBound.iso8601)),
            ("items", .array(items.map(Self.itemJSON))),
            ("intervals", .array(intervals.map { .object([("interval", .string($0.name))] + Self.counts($0)) })),
            ("kinds", .array(kinds.map { .object([("kind", .string($0.name))] + Self.counts($0)) })),
            ("due", .array(due.map(Self.dueJSON))),
            ("next", .array(upcoming.prefix(max(0, upcomingLimit)).map(Self.dueJSON))),
            ("confusions", .array(confusions.map {
                .object([("item", .string($0.item)), ("answeredAs", .string($0.answeredAs)), ("count", .int($0.count))])
            })),
        ]
        return JSONValue.object(members).serialized(pretty: pretty)
    }

    private static func counts(_ group: GroupSummary) -> [(String, JSONValue)] {
        [("reviews", .int(group.reviews)), ("correct", .int(group.correct)),
         ("accuracy", .double(rounded(group.accuracy, 4))), ("meanSeconds", .double(rounded(group.meanSeconds, 3)))]
    }

    private static func itemJSON(_ item: ItemSummary) -> JSONValue {
        var members: [(String, JSONValue)] = [("item", .string(item.item)), ("kind", .string(item.kind.rawValue))]
        if let task = item.task { members.append(("task", .string(task))) }
        members += [
            ("interval", .string(item.interval)),
            ("direction", .string(item.direction)),
            ("reviews", .int(item.reviews)),
            ("correct", .int(item.correct)),
            ("accuracy", .double(rounded(item.accuracy, 4))),
            ("meanSeconds", .double(rounded(item.meanSeconds, 3))),
            ("lastAnswer", .string(item.lastAnswer.iso8601)),
            ("stability", .double(rounded(item.state.stability, 4))),
            ("difficulty", .double(rounded(item.state.difficulty, 4))),
            ("lapses", .int(item.state.lapses)),
            ("due", .string(item.due.iso8601)),
            ("retrievability", .double(rounded(item.retrievability, 4))),
        ]
        return .object(members)
    }

    private static func dueJSON(_ item: ItemSummary) -> JSONValue {
        .object([("item", .string(item.item)), ("due", .string(item.due.iso8601)),
                 ("retrievability", .double(rounded(item.retrievability, 4)))])
    }

    /// `value` rounded to `places` decimals.
    static func rounded(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
