import Foundation

/// Searches of a PDF's raw bytes, shared by the readings that cannot trust its structure: the end of a stream whose
/// `/Length` is wrong, the raw image search of an unreadable file (``RawImageScan``) and the font sweep
/// (``PDFFile/sweepFontPrograms()``).
extension PDFFile {
    /// Where `needle` first occurs in `bytes` at or after `from` (`memchr` to each candidate first byte).
    static func offset(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first, from >= 0, from + needle.count <= bytes.count else {
            return nil
        }
        var p = from
        while p + needle.count <= bytes.count, let hit = memchr(base + p, Int32(first), bytes.count - needle.count + 1 - p) {
            let o = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + o, needle, needle.count) == 0 { return o }
            p = o + 1
        }
        return nil
    }

    /// Where each `stream` keyword that is not the end of an `endstream` lies, and where each `endstream` begins, in
    /// order (one `memchr` pass over the bytes).
    static func streamKeywords(_ bytes: UnsafeRawBufferPointer) -> (keywords: [Int], ends: [Int]) {
        var keywords: [Int] = [], ends: [Int] = []
        guard let base = bytes.baseAddress, bytes.count >= 6 else { return ([], []) }
        let word = Array("stream".utf8)
        var p = 0
        while p + 6 <= bytes.count, let hit = memchr(base + p, 0x73, bytes.count - 5 - p) {
            let s = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + s, word, 6) == 0 {
                if s >= 3, bytes[s - 3] == 0x65, bytes[s - 2] == 0x6E, bytes[s - 1] == 0x64 { ends.append(s - 3) } else { keywords.append(s) }
            }
            p = s + 1
        }
        return (keywords, ends)
    }

    /// The first of `ends` (sorted) at or after `start` (binary search).
    static func firstEnd(atOrAfter start: Int, in ends: [Int]) -> Int? {
        var low = 0, high = ends.count
        while low < high { let mid = (low + high) / 2; if ends[mid] < start { low = mid + 1 } else { high = mid } }
        return low < ends.count ? ends[low] : nil
    }

    /// `end` moved back over the end of line before it (LF, CR LF or CR), not before `start`: where a stream's data
    /// ends before its `endstream`.
    static func beforeLineEnd(_ end: Int, from start: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var end = end
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
