import Foundation

extension BroadcastWave {
    /// A complete RIFF WAVE file with this header's `fmt `, `bext` and `iXML` chunks and `samples` of silence per channel.
    ///
    /// Used by the tests to write real Broadcast WAVE files (read back by this reader and by ffprobe), and to make
    /// example recorder folders. The `bext` chunk is version 1 (602 bytes, no coding history); `iXML` is
    /// written as recorders write it, with `PROJECT`, `SCENE`, `TAKE`, `TAPE`, `NOTE` and `SPEED`.
    package func fileData(samples: Int) -> Data {
        fileData(pcm: [UInt8](repeating: 0, count: samples * channels * max(1, bitsPerSample / 8)))
    }

    /// A complete RIFF WAVE file with this header's chunks and `pcm` (interleaved little-endian samples) as its data.
    package func fileData(pcm: [UInt8]) -> Data {
        var chunks: [UInt8] = []
        func chunk(_ id: String, _ body: [UInt8]) {
            chunks += Array(id.utf8) + Self.bytes32(UInt32(body.count)) + body
            if body.count % 2 == 1 { chunks.append(0) }
        }
        let blockAlign = channels * max(1, bitsPerSample / 8)
        chunk("fmt ", Self.bytes16(1) + Self.bytes16(UInt16(channels)) + Self.bytes32(UInt32(sampleRate))
              + Self.bytes32(UInt32(sampleRate * blockAlign)) + Self.bytes16(UInt16(blockAlign)) + Self.bytes16(UInt16(bitsPerSample)))
        if let bext {
            func field(_ text: String, _ count: Int) -> [UInt8] {
                let bytes = Array(text.utf8.prefix(count))
                return bytes + [UInt8](repeating: 0, count: count - bytes.count)
            }
            var body = field(bext.description, 256) + field(bext.originator, 32) + field(bext.originatorReference, 32)
            body += field(bext.originationDate, 10) + field(bext.originationTime, 8)
            body += Self.bytes32(UInt32(truncatingIfNeeded: bext.timeReference)) + Self.bytes32(UInt32(truncatingIfNeeded: bext.timeReference >> 32))
            body += Self.bytes16(UInt16(bext.version)) + [UInt8](repeating: 0, count: 64 + 10 + 180)
            chunk("bext", body)
        }
        chunk("data", pcm)
        if let ixml {
            func element(_ name: String, _ value: String?) -> String {
                guard let value else { return "" }
                let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;")
                return "<\(name)>\(escaped)</\(name)>"
            }
            let speed = ixml.timecodeRate == nil && ixml.timecodeFlag == nil ? "" :
                "<SPEED>\(element("TIMECODE_RATE", ixml.timecodeRate))\(element("TIMECODE_FLAG", ixml.timecodeFlag))"
                + "\(element("FILE_SAMPLE_RATE", String(sampleRate)))</SPEED>"
            let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<BWFXML><IXML_VERSION>2.10</IXML_VERSION>"
                + element("PROJECT", ixml.project) + element("SCENE", ixml.scene) + element("TAKE", ixml.take)
                + element("TAPE", ixml.tape) + element("NOTE", ixml.note) + speed + "</BWFXML>\n"
            chunk("iXML", Array(text.utf8))
        }
        return Data(Array("RIFF".utf8) + Self.bytes32(UInt32(4 + chunks.count)) + Array("WAVE".utf8) + chunks)
    }

    static func bytes16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func bytes32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
