extension PDFFile {
    /// An `N G obj` header whose number lies beyond both the cross-reference table and
    /// ``maximumRepairedObjectNumber``, in a file Tonmeister's reader can read.
    ///
    /// Poppler trusts the table until it fetches an object whose header does not match its entry; then it rebuilds the
    /// table from every header in the file, sized by the largest number (about 40 bytes an entry, in each document it
    /// opens). One mistyped header (the PDF campaign's `near-s1526-*`: object 7 written `9999913 0 obj`) made
    /// `score detect` peak near 800 MB; a longer number would pass any memory limit.
    struct StrayHeader: Equatable, Sendable {
        /// The number the header names.
        let number: Int
        /// Where its number starts.
        let at: Int
        /// The object the cross-reference table places at this header, if any.
        let listedAs: Int?

        /// What the repair did, for a warning.
        var repair: String {
            if let listedAs { return "object \(listedAs)'s header names object \(number); read as object \(listedAs)" }
            return "an object header names object \(number), beyond the file's table of objects; ignored"
        }

        /// Why the file is refused when it cannot be repaired in memory (poppler reads it from its file).
        var refusal: String {
            "an object header names object \(number), beyond the file's table of objects, and repairing it would "
                + "reserve room for that many objects (at most \(PDFFile.maximumRepairedObjectNumber))"
        }
    }

    /// The headers poppler would size a rebuilt table by that lie beyond this file's table and the repair limit.
    ///
    /// The file is searched in windows of ``strayHeaderWindow`` bytes, `searched` told of each once it is done: a
    /// mapped file's pages can be let go as the search passes them, so a long scanned book is never resident whole.
    func strayHeaders(searched: ((Range<Int>) -> Void)? = nil) -> [StrayHeader] {
        let size = max(trailer["Size"]?.int ?? 0, (entries.keys.max() ?? 0) + 1)
        let limit = max(Self.maximumRepairedObjectNumber, size)
        var stray: [(number: Int, at: Int)] = []
        for start in stride(from: 0, to: bytes.count, by: Self.strayHeaderWindow) {
            let window = start..<min(bytes.count, start + Self.strayHeaderWindow)
            try? Self.forEachObjectHeader(bytes, asPopplerSizes: true, within: window) { header in
                if header.number > limit { stray.append(header) }
            }
            searched?(window)
        }
        guard !stray.isEmpty else { return [] }
        var listed: [Int: Int] = [:]
        for (number, entry) in entries { if case .offset(let at) = entry { listed[at] = number } }
        return stray.map { StrayHeader(number: $0.number, at: $0.at, listedAs: listed[$0.at]) }
    }

    /// How many bytes of the file the stray-header search reads before letting them go (``strayHeaders(searched:)``).
    static let strayHeaderWindow = 4 << 20

    /// Repairs stray headers in place, so that poppler never rebuilds its table from them: a header the table lists
    /// gets the table's number (right-aligned over the old digits), any other loses its number (blanked), which no
    /// reading of the table can reach and poppler's rebuilding then skips.
    static func repair(_ stray: [StrayHeader], in bytes: UnsafeMutableRawBufferPointer) {
        for header in stray {
            var end = header.at
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            let digits = header.listedAs.map { Array(String($0).utf8) } ?? []
            guard digits.count <= end - header.at else { continue }
            for k in header.at..<end { bytes[k] = 0x20 }
            for (k, digit) in digits.enumerated() { bytes[end - digits.count + k] = digit }
        }
    }
}
