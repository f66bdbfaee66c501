/// A bare CFF font (a PDF's `FontFile3` of subtype `Type1C`), read as far as a page's drawing needs: the glyph
/// names of its charset, its built-in encoding, and each glyph's control box, computed from its Type 2
/// charstring. CID-keyed fonts and charstrings using the arithmetic operators are not read (`nil`): the page is
/// then drawn by poppler.
struct CFFFont {
    /// The glyph's control box in em (the charstring's points, curves' control points included, times the
    /// font matrix), as FreeType computes the box cairo reports.
    struct GlyphBox: Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    private let bytes: [UInt8]
    /// Charstring offsets: glyph `g` lies in `charStrings[g]..<charStrings[g + 1]`.
    private let charStrings: [Range<Int>]
    private let globalSubrs: [Range<Int>]
    private let localSubrs: [Range<Int>]
    /// Em per font unit (the font matrix's diagonal, 0.001 for most fonts).
    private let unitScale: Double
    /// Glyph number by glyph name (from the charset).
    let glyphByName: [String: Int]
    /// The font's own encoding: code → glyph name ("" where none).
    let builtinEncoding: [String]

    var glyphCount: Int { charStrings.count }

    /// Reads a CFF font; nil when it is damaged, CID-keyed or uses what this reader does not follow.
    init?(_ data: [UInt8]) {
        bytes = data
        var reader = CFFReader(bytes: data)
        guard data.count >= 4, data[0] == 1 else { return nil }
        reader.position = Int(data[2])
        guard reader.index() != nil, let topDicts = reader.index(), let strings = reader.index(),
              let global = reader.index(), let topRange = topDicts.first else { return nil }
        globalSubrs = global
        let top = CFFReader.dict(data[topRange])
        guard top[12 << 8 | 30] == nil, (top[12 << 8 | 6]?.first ?? 2) == 2,
              let charStringsOffset = top[17]?.first.flatMap({ Int(fileNumber: $0) }) else { return nil }
        if let matrix = top[12 << 8 | 7] {
            guard matrix.count == 6, matrix[1] == 0, matrix[2] == 0, matrix[4] == 0, matrix[5] == 0,
                  matrix[0] > 0, matrix[0] == matrix[3] else { return nil }
            unitScale = matrix[0]
        } else {
            unitScale = 0.001
        }
        reader.position = charStringsOffset
        guard let glyphs = reader.index(), !glyphs.isEmpty else { return nil }
        charStrings = glyphs
        var subrs: [Range<Int>] = []
        if let priv = top[18], priv.count == 2 {
            guard let size = Int(fileNumber: priv[0]), let offset = Int(fileNumber: priv[1]),
                  offset >= 0, size >= 0, offset + size <= data.count else { return nil }
            let privateDict = CFFReader.dict(data[offset..<(offset + size)])
            if let local = privateDict[19]?.first {
                guard let start = Int(fileNumber: local) else { return nil }
                reader.position = offset + start
                guard let found = reader.index() else { return nil }
                subrs = found
            }
        }
        localSubrs = subrs
        func name(_ sid: Int) -> String {
            if sid < FontNameTables.cffStandardStrings.count { return FontNameTables.cffStandardStrings[sid] }
            let k = sid - FontNameTables.cffStandardStrings.count
            return k < strings.count ? String(decoding: data[strings[k]], as: UTF8.self) : ""
        }
        guard let charsetOffset = Int(fileNumber: top[15]?.first ?? 0),
              let sids = CFFReader.charset(data, offset: charsetOffset, glyphs: glyphs.count) else { return nil }
        var byName: [String: Int] = [:]
        for (glyph, sid) in sids.enumerated() where byName[name(sid)] == nil { byName[name(sid)] = glyph }
        glyphByName = byName
        guard let encodingOffset = Int(fileNumber: top[16]?.first ?? 0) else { return nil }
        if encodingOffset == 0 {
            builtinEncoding = FontNameTables.standardEncoding
        } else if encodingOffset == 1 {
            return nil
        } else {
            guard let codes = CFFReader.encoding(data, offset: encodingOffset, glyphs: glyphs.count) else { return nil }
            var table = [String](repeating: "", count: 256)
            for (code, glyph) in codes.glyphs where glyph < sids.count { table[code] = name(sids[glyph]) }
            for (code, sid) in codes.supplements { table[code] = name(sid) }
            builtinEncoding = table
        }
    }

    /// The control box of glyph `glyph` in em; nil for an empty glyph or one this reader cannot follow.
    func box(glyph: Int) -> GlyphBox? {
        guard glyph >= 0, glyph < charStrings.count else { return nil }
        var outline = Type2Outline(font: self)
        guard outline.run(charStrings[glyph], depth: 0), let b = outline.bounds else { return nil }
        return GlyphBox(minX: b.minX * unitScale, minY: b.minY * unitScale, maxX: b.maxX * unitScale, maxY: b.maxY * unitScale)
    }

    /// Follows a Type 2 charstring and collects the bounds of its outline's points.
    private struct Type2Outline {
        let font: CFFFont
        var stack: [Double] = []
        var x = 0.0, y = 0.0
        var stems = 0
        var widthTaken = false
        var open = false
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        var finished = false

        init(font: CFFFont) { self.font = font }

        mutating func point(_ px: Double, _ py: Double) {
            if let b = bounds {
                bounds = (min(b.minX, px), min(b.minY, py), max(b.maxX, px), max(b.maxY, py))
            } else {
                bounds = (px, py, px, py)
            }
        }

        /// A segment starts from the current point: the contour's first point counts once a segment follows it.
        mutating func startSegment() {
            if !open { point(x, y); open = true }
        }

        mutating func line(_ dx: Double, _ dy: Double) {
            startSegment()
            x += dx; y += dy
            point(x, y)
        }

        mutating func curve(_ d: [Double]) {
            startSegment()
            var cx = x, cy = y
            for k in stride(from: 0, to: 6, by: 2) {
                cx += d[k]; cy += d[k + 1]
                point(cx, cy)
            }
            x = cx; y = cy
        }

        mutating func takeWidth(evenArguments: Bool) {
            if !widthTaken {
                widthTaken = true
                if (stack.count % 2 == 1) == evenArguments, !stack.isEmpty { stack.removeFirst() }
            }
        }

        static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

        // swiftlint:disable:next cyclomatic_complexity function_body_length
        mutating func run(_ range: Range<Int>, depth: Int) -> Bool {
            guard depth < 11 else { return false }
            let b = font.bytes
            var p = range.lowerBound
            while p < range.upperBound && !finished {
                let v = Int(b[p])
                p += 1
                if v >= 32 || v == 28 {
                    guard stack.count < 48 else { return false }
                    if v == 255 {
                        guard p + 3 < range.upperBound else { return false }
                        let raw = Int32(bitPattern: UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3]))
                        stack.append(Double(raw) / 65536)
                        p += 4
                    } else {
                        guard let n = CFFReader.integer(v, b, &p, end: range.upperBound) else { return false }
                        stack.append(n)
                    }
                    continue
                }
                let s = stack
                switch v {
                case 1, 3, 18, 23:
                    takeWidth(evenArguments: true)
                    stems += stack.count / 2
                    stack.removeAll()
                case 19, 20:
                    takeWidth(evenArguments: true)
                    stems += stack.count / 2
                    stack.removeAll()
                    p += (stems + 7) / 8
                case 21:
                    takeWidth(evenArguments: true)
                    guard stack.count >= 2 else { return false }
                    x += stack[stack.count - 2]; y += stack[stack.count - 1]
                    open = false
                    stack.removeAll()
                case 22, 4:
                    takeWidth(evenArguments: false)
                    guard let d = stack.last else { return false }
                    if v == 22 { x += d } else { y += d }
                    open = false
                    stack.removeAll()
                case 5:
                    for k in stride(from: 0, to: s.count - 1, by: 2) { line(s[k], s[k + 1]) }
                    stack.removeAll()
                case 6, 7:
                    var horizontal = v == 6
                    for d in s {
                        if horizontal { line(d, 0) } else { line(0, d) }
                        horizontal.toggle()
                    }
                    stack.removeAll()
                case 8, 24, 25:
                    var k = 0
                    if v == 25 {
                        while k + 2 <= s.count - 6 { line(s[k], s[k + 1]); k += 2 }
                    }
                    while k + 6 <= s.count && (v != 24 || k + 6 <= s.count - 2) { curve(Array(s[k..<(k + 6)])); k += 6 }
                    if v == 24, k + 2 <= s.count { line(s[k], s[k + 1]) }
                    stack.removeAll()
                case 26, 27:
                    var k = 0
                    var first = 0.0
                    if s.count % 4 == 1 { first = s[0]; k = 1 }
                    while k + 4 <= s.count {
                        if v == 26 { curve([first, s[k], s[k + 1], s[k + 2], 0, s[k + 3]]) }
                        else { curve([s[k], first, s[k + 1], s[k + 2], s[k + 3], 0]) }
                        first = 0
                        k += 4
                    }
                    stack.removeAll()
                case 30, 31:
                    var k = 0
                    var horizontal = v == 31
                    while k + 4 <= s.count {
                        let last = (k + 5 == s.count) ? s[k + 4] : 0
                        if horizontal { curve([s[k], 0, s[k + 1], s[k + 2], last, s[k + 3]]) }
                        else { curve([0, s[k], s[k + 1], s[k + 2], s[k + 3], last]) }
                        horizontal.toggle()
                        k += 4
                    }
                    stack.removeAll()
                case 10, 29:
                    guard let n = stack.popLast() else { return false }
                    let subrs = v == 10 ? font.localSubrs : font.globalSubrs
                    guard let number = Int(fileNumber: n) else { return false }
                    let index = number + Self.bias(subrs.count)
                    guard index >= 0, index < subrs.count, run(subrs[index], depth: depth + 1) else { return false }
                case 11: return true
                case 14:
                    takeWidth(evenArguments: true)
                    // endchar with four arguments composes two standard-encoded glyphs (seac): not followed.
                    guard stack.count < 4 else { return false }
                    finished = true
                case 12:
                    guard p < range.upperBound else { return false }
                    let e = Int(b[p])
                    p += 1
                    switch e {
                    case 35:
                        guard s.count >= 12 else { return false }
                        curve(Array(s[0..<6])); curve(Array(s[6..<12]))
                    case 34:
                        guard s.count >= 7 else { return false }
                        curve([s[0], 0, s[1], s[2], s[3], 0]); curve([s[4], 0, s[5], -s[2], s[6], 0])
                    case 36:
                        guard s.count >= 9 else { return false }
                        curve([s[0], s[1], s[2], s[3], s[4], 0]); curve([s[5], 0, s[6], s[7], s[8], -(s[1] + s[3] + s[7])])
                    case 37:
                        guard s.count >= 11 else { return false }
                        let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
                        let last: (Double, Double) = abs(dx) > abs(dy) ? (s[10], -dy) : (-dx, s[10])
                        curve(Array(s[0..<6])); curve([s[6], s[7], s[8], s[9], last.0, last.1])
                    default: return false
                    }
                    stack.removeAll()
                default: return false
                }
            }
            return true
        }
    }
}
