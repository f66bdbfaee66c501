import Foundation

/// What a recorder wrote into a Broadcast WAVE file: format, length, `bext` and `iXML` (EBU Tech 3285, iXML 2.x).
///
/// Reading walks the RIFF (or RF64/BW64) chunks and never trusts a size: a truncated or damaged file gives a
/// `BroadcastWaveError` naming what is wrong, or the chunks that could be read when the damage is only at the
/// end (a recorder that stopped mid-write leaves a short `data` chunk; the length is then what is there).
public struct BroadcastWave: Hashable, Sendable {
    /// Samples per second of the audio (`fmt `).
    public var sampleRate: Int
    /// Channels in the file.
    public var channels: Int
    /// Bits per sample.
    public var bitsPerSample: Int
    /// Bytes of audio in the `data` chunk (what is present, when the file was cut short).
    public var dataBytes: UInt64
    /// The `bext` chunk, when present.
    public var bext: BroadcastExtension?
    /// The `iXML` chunk's fields, when present.
    public var ixml: RecorderXML?
    /// Where the audio starts in the file (the `data` chunk's body), when read from a file.
    public var dataOffset: Int?

    /// The number of sample frames (one sample of every channel) in the `data` chunk.
    public var sampleFrames: Int {
        Int(clamping: dataBytes / UInt64(max(1, channels * max(1, bitsPerSample / 8))))
    }

    /// The length of the audio in seconds.
    public var duration: Double {
        sampleRate > 0 ? Double(sampleFrames) / Double(sampleRate) : 0
    }

    /// Seconds since midnight at the first sample (`bext` TimeReference over the sample rate), when known.
    public var startSeconds: Double? {
        guard let reference = bext?.timeReference, sampleRate > 0 else { return nil }
        return Double(reference) / Double(sampleRate)
    }

    public init(sampleRate: Int, channels: Int, bitsPerSample: Int, dataBytes: UInt64,
                bext: BroadcastExtension? = nil, ixml: RecorderXML? = nil) {
        (self.sampleRate, self.channels, self.bitsPerSample, self.dataBytes) = (sampleRate, channels, bitsPerSample, dataBytes)
        (self.bext, self.ixml) = (bext, ixml)
    }

    /// Reads a WAVE file's bytes.
    ///
    /// - Throws: `BroadcastWaveError` for a file that is not RIFF/RF64 WAVE, has no `fmt ` chunk, or whose
    ///   `fmt `, `bext` or `ds64` chunk is too short to read.
    public init(data: Data) throws(BroadcastWaveError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else { throw .notWave("the file is \(bytes.count) bytes long, shorter than a RIFF header") }
        let magic = String(decoding: bytes[0..<4], as: UTF8.self), form = String(decoding: bytes[8..<12], as: UTF8.self)
        guard ["RIFF", "RF64", "BW64"].contains(magic), form == "WAVE" else {
            throw .notWave("it starts with '\(Self.printable(bytes[0..<4]))…\(Self.printable(bytes[8..<12]))', not RIFF…WAVE")
        }
        var format: (rate: Int, channels: Int, bits: Int)?
        var dataBytes: UInt64?
        var data64: UInt64?
        var bext: BroadcastExtension?
        var ixml: RecorderXML?
        var dataStart: Int?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let declared = UInt64(Self.le32(bytes, offset + 4))
            let start = offset + 8
            let available = UInt64(bytes.count - start)
            let size = Int(min(declared, available))
            let body = bytes[start..<start + size]
            switch id {
            case "ds64":
                guard size >= 24 else { throw .damaged("the ds64 chunk is \(size) bytes, shorter than 24") }
                data64 = Self.le64(bytes, start + 8)
            case "fmt ":
                guard size >= 16 else { throw .damaged("the fmt chunk is \(size) bytes, shorter than 16") }
                format = (Int(Self.le32(bytes, start + 4)), Int(Self.le16(bytes, start + 2)), Int(Self.le16(bytes, start + 14)))
            case "data":
                dataStart = start
                let wanted = declared == 0xFFFF_FFFF ? (data64 ?? available) : declared
                dataBytes = min(wanted, available)
            case "bext":
                bext = try BroadcastExtension(Array(body))
            case "iXML":
                ixml = RecorderXML(String(decoding: body, as: UTF8.self))
            default:
                break
            }
            if id == "data", declared == 0xFFFF_FFFF || declared > available { break }
            let next = UInt64(start) + declared + (declared & 1)
            guard next <= UInt64(bytes.count) else { break }
            offset = Int(next)
        }
        guard let format else { throw .damaged("it has no fmt chunk, so the sample rate is unknown") }
        guard format.rate > 0 else { throw .damaged("the fmt chunk gives a sample rate of 0") }
        self.init(sampleRate: format.rate, channels: max(1, format.channels), bitsPerSample: format.bits,
                  dataBytes: dataBytes ?? 0, bext: bext, ixml: ixml)
        dataOffset = dataStart
    }

    static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
    static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }

    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        String(bytes.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "?" })
    }
}

/// Why a WAVE file could not be read.
public enum BroadcastWaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a RIFF/RF64 WAVE file at all.
    case notWave(String)
    /// A WAVE file whose chunks cannot be read.
    case damaged(String)

    public var description: String {
        switch self {
        case .notWave(let reason): return "not a WAVE file: \(reason)"
        case .damaged(let reason): return "damaged WAVE file: \(reason)"
        }
    }
}
