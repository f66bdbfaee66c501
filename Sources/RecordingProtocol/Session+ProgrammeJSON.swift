import TonmeisterSupport

extension Session {
    /// A piece (0-based `index`) as `piece list` and `GET /api/programme` show it:
    /// `{"piece","title","firstBar","lastBar","key"?,"prefix","bars"}` (`piece` counted from 1, `bars` how many the layout has).
    package func pieceJSON(_ index: Int, range: ClosedRange<Int>?) -> JSONValue {
        let p = pieces[index]
        var fields: [(String, JSONValue)] = [("piece", .int(index + 1)), ("title", .string(p.title)),
                                             ("firstBar", .string(p.firstBar.description)), ("lastBar", .string(p.lastBar.description))]
        if let key = p.key { fields.append(("key", .string(key))) }
        fields.append(("prefix", .string(prefix(ofPiece: index))))
        fields.append(("bars", .int(range.map { $0.count } ?? 0)))
        return .object(fields)
    }
}
