import CZlib
import Foundation

/// The few ZIP reads a `.mxl` needs: the central directory's entries and one entry's bytes (stored or
/// deflated, inflated by zlib). Sizes and offsets are checked against the file before use.
struct ZipArchive {
    struct Entry {
        var path: String
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    let data: Data
    private(set) var entries: [Entry] = []

    init(_ data: Data) throws {
        self.data = data
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : -1 }
        func u32(_ at: Int) -> Int { at + 4 <= bytes.count ? u16(at) | u16(at + 2) << 16 : -1 }
        // The end-of-central-directory record lies within the last 64 KiB + 22 bytes.
        guard bytes.count >= 22,
              let end = stride(from: bytes.count - 22, through: max(0, bytes.count - 65_557), by: -1).first(where: { u32($0) == 0x0605_4B50 })
        else { throw ReadFailure(reason: "not a ZIP archive (no central directory)") }
        let count = u16(end + 10)
        var at = u32(end + 16)
        for _ in 0..<count {
            guard at >= 0, u32(at) == 0x0201_4B50 else { throw ReadFailure(reason: "damaged ZIP central directory") }
            let nameLength = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32)
            guard at + 46 + nameLength <= bytes.count else { throw ReadFailure(reason: "damaged ZIP central directory") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(path: name, method: UInt16(u16(at + 10)), compressedSize: u32(at + 20), size: u32(at + 24),
                                 localHeader: u32(at + 42)))
            at += 46 + nameLength + extra + comment
        }
    }

    subscript(path: String) -> Entry? { entries.first { $0.path == path } }

    /// The uncompressed bytes of `entry`.
    func contents(_ entry: Entry) throws -> Data {
        let bytes = [UInt8](data)
        let h = entry.localHeader
        guard h >= 0, h + 30 <= bytes.count, bytes[h] == 0x50, bytes[h + 1] == 0x4B, bytes[h + 2] == 3, bytes[h + 3] == 4 else {
            throw ReadFailure(reason: "\(entry.path) in the archive is damaged")
        }
        let start = h + 30 + (Int(bytes[h + 26]) | Int(bytes[h + 27]) << 8) + (Int(bytes[h + 28]) | Int(bytes[h + 29]) << 8)
        guard entry.compressedSize >= 0, start + entry.compressedSize <= bytes.count, entry.size >= 0, entry.size < 256 << 20 else {
            throw ReadFailure(reason: "\(entry.path) in the archive is damaged or too large")
        }
        let packed = Array(bytes[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0: return Data(packed)
        case 8: return try inflate(packed, size: entry.size, path: entry.path)
        default: throw ReadFailure(reason: "\(entry.path) uses ZIP method \(entry.method), not stored or deflated")
        }
    }

    private func inflate(_ packed: [UInt8], size: Int, path: String) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ReadFailure(reason: "zlib cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(1, size))
        var input = packed
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw ReadFailure(reason: "\(path) in the archive does not inflate")
        }
        return Data(output)
    }
}
