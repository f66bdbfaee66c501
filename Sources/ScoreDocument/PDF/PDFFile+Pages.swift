extension PDFFile {
    /// Attributes a page inherits from its ancestors in the page tree.
    static let inheritable = ["Resources", "MediaBox", "CropBox", "Rotate"]

    /// The dictionary of page `index` (0-based), with the inheritable attributes of its ancestors filled in.
    mutating func page(_ index: Int) throws(PDFReadError) -> [String: PDFObject] {
        guard let root = try resolve(trailer["Root"]).dictionary,
              var node = try resolve(root["Pages"]).dictionary else { throw .malformed("the catalog has no page tree") }
        var inherited: [String: PDFObject] = [:]
        var remaining = index
        for _ in 0..<64 {
            for key in Self.inheritable where node[key] != nil { inherited[key] = node[key] }
            guard node["Type"]?.name == "Pages" || (node["Type"] == nil && node["Kids"] != nil) else {
                guard remaining == 0 else { throw .malformed("the page tree has fewer pages than asked for") }
                return node.merging(inherited) { own, _ in own }
            }
            guard let kids = try resolve(node["Kids"]).array else { throw .malformed("a page-tree node has no /Kids") }
            var next: [String: PDFObject]?
            for kid in kids {
                guard let child = try resolve(kid).dictionary else { throw .malformed("a page-tree kid is not a dictionary") }
                let isNode = child["Type"]?.name == "Pages" || (child["Type"] == nil && child["Kids"] != nil)
                let count = isNode ? (try resolve(child["Count"]).int ?? 0) : 1
                if remaining < count { next = child; break }
                remaining -= count
            }
            guard let next else { throw .malformed("the page tree has fewer pages than asked for") }
            node = next
        }
        throw .malformed("the page tree is nested too deeply")
    }

    /// The concatenated, decoded content streams of a page.
    mutating func contents(of page: [String: PDFObject]) throws(PDFReadError) -> [UInt8] {
        let contents = try resolve(page["Contents"])
        var parts: [PDFObject] = []
        switch contents {
        case .stream: parts = [contents]
        case .array(let a): for item in a { parts.append(try resolve(item)) }
        case .null: return []
        default: throw .malformed("a page's /Contents is neither a stream nor an array")
        }
        var out: [UInt8] = []
        for part in parts {
            out += try contentData(part)
            out.append(0x0A)
        }
        return out
    }

    /// A rectangle array `[x0 y0 x1 y1]` as normalised numbers.
    mutating func rectangle(_ object: PDFObject?) throws(PDFReadError) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let a = try resolve(object).array, a.count == 4 else { return nil }
        var v: [Double] = []
        for item in a {
            guard let n = try resolve(item).number, n.isFinite else { return nil }
            v.append(n)
        }
        return (min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3]))
    }
}
