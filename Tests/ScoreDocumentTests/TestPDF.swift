import Foundation

/// PDFs written by hand for the tests: objects numbered in order (object 1 the catalog), with their
/// cross-reference table computed.
enum TestPDF {
    /// A PDF holding `objects` as objects 1, 2, …, with its cross-reference table and trailer.
    static func document(_ objects: [String]) -> Data {
        document(binary: objects.map { Data($0.utf8) })
    }

    /// ``document(_:)`` of objects holding any bytes (a compressed stream, say).
    static func document(binary objects: [Data]) -> Data {
        var pdf = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (n, object) in objects.enumerated() {
            offsets.append(pdf.count)
            pdf += Data("\(n + 1) 0 obj\n".utf8) + object + Data("\nendobj\n".utf8)
        }
        var tail = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(format: "%010d 00000 n \n", offset) }
        tail += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(pdf.count)\n%%EOF\n"
        return pdf + Data(tail.utf8)
    }

    /// `text` as a zlib stream of one stored (uncompressed) deflate block, its Adler-32 checksum `checksum` (the
    /// right one when nil): readable by hand.
    static func storedZlib(_ text: String, checksum: UInt32? = nil) -> Data {
        let bytes = Array(text.utf8)
        precondition(bytes.count < 0xFFFF)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let sum = checksum ?? (b << 16 | a)
        let length = UInt16(bytes.count)
        var out: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        out += bytes
        out += [UInt8(sum >> 24), UInt8(sum >> 16 & 0xFF), UInt8(sum >> 8 & 0xFF), UInt8(sum & 0xFF)]
        return Data(out)
    }

    /// A stream object with the `dictionary` entries and `data`, its `/Length` computed.
    static func stream(_ dictionary: String, _ data: String) -> String {
        "<< \(dictionary) /Length \(data.utf8.count) >>\nstream\n\(data)\nendstream"
    }
}
