extension PDFFile {
    /// The most pages read without poppler; a longer document is left to it.
    static let maximumOwnPages = 100_000

    /// The size of every page in points after its `/Rotate`, as poppler reports it, for plain page trees: every
    /// page has a valid `/MediaBox` (its own or inherited), a `/CropBox` (if any) inside it, a `/Rotate` that is
    /// a whole number of quarter turns and no `/UserUnit`, and the tree's `/Count` is the number of pages in it.
    ///
    /// Anything else throws and the document is opened through poppler, which has its own rules for broken
    /// boxes and counts (`ScoreDocument` checks every corpus file against poppler's sizes).
    mutating func pageSizes() throws(PDFReadError) -> [PageSize] {
        guard let catalog = try resolve(trailer["Root"]).dictionary, case .reference(let rootNumber, _)? = catalog["Pages"],
              let root = try resolve(catalog["Pages"]).dictionary else { throw .unsupported("a page tree that is not an indirect object") }
        guard let count = try resolve(root["Count"]).int, count > 0, count <= Self.maximumOwnPages else {
            throw .unsupported("a page count that is not a positive integer")
        }
        var sizes: [PageSize] = []
        var seen: Set<Int> = [rootNumber]
        // Depth-first, in page order: each entry is a node and the attributes it inherits.
        var stack: [([String: PDFObject], [String: PDFObject], depth: Int)] = [(root, [:], 0)]
        while let (node, inheritedFromAbove, depth) = stack.popLast() {
            var inherited = inheritedFromAbove
            for key in Self.inheritable where node[key] != nil { inherited[key] = node[key] }
            guard node["Type"]?.name == "Pages" || (node["Type"] == nil && node["Kids"] != nil) else {
                sizes.append(try pageSize(node.merging(inherited) { own, _ in own }))
                guard sizes.count <= count else { throw .unsupported("more pages than the page tree's /Count") }
                continue
            }
            guard depth < 64 else { throw .malformed("the page tree is nested too deeply") }
            guard let kids = try resolve(node["Kids"]).array else { throw .malformed("a page-tree node has no /Kids") }
            for kid in kids.reversed() {
                guard case .reference(let number, _) = kid, seen.insert(number).inserted else {
                    throw .unsupported("a page-tree kid that is not a new indirect object")
                }
                guard let child = try resolve(kid).dictionary else { throw .malformed("a page-tree kid is not a dictionary") }
                stack.append((child, inherited, depth + 1))
            }
        }
        guard sizes.count == count else { throw .unsupported("the page tree's /Count (\(count)) is not its \(sizes.count) pages") }
        return sizes
    }

    /// The size of one page from its attributes (own and inherited), see ``pageSizes()``.
    private mutating func pageSize(_ page: [String: PDFObject]) throws(PDFReadError) -> PageSize {
        if page["UserUnit"] != nil { throw .unsupported("a /UserUnit") }
        guard let media = try rectangle(page["MediaBox"]), media.x1 > media.x0, media.y1 > media.y0 else {
            throw .unsupported("a page without a valid /MediaBox")
        }
        var box = media
        if page["CropBox"] != nil {
            guard let crop = try rectangle(page["CropBox"]), crop.x1 > crop.x0, crop.y1 > crop.y0,
                  crop.x0 >= media.x0, crop.y0 >= media.y0, crop.x1 <= media.x1, crop.y1 <= media.y1 else {
                throw .unsupported("a /CropBox not inside the /MediaBox")
            }
            box = crop
        }
        var rotate = 0
        if page["Rotate"] != nil {
            guard let r = try resolve(page["Rotate"]).int else { throw .unsupported("a /Rotate that is not an integer") }
            rotate = ((r % 360) + 360) % 360
            guard rotate % 90 == 0 else { throw .unsupported("a /Rotate of \(r)") }
        }
        let width = box.x1 - box.x0, height = box.y1 - box.y0
        return rotate % 180 == 0 ? PageSize(width: width, height: height) : PageSize(width: height, height: width)
    }
}
