extension WAVFile {
    /// Reads a 16-bit PCM RIFF/WAVE file: checks the RIFF and WAVE ids, the `fmt ` fields (format 1, 16 bits,
    /// consistent byte rate and block align) and reads the `data` chunk; other chunks are skipped.
    ///
    /// - Throws: `AudioError.malformedWAV` naming the first thing that does not fit.
    public init(parsing bytes: [UInt8]) throws(AudioError) {
        var r = ByteReader(bytes) { AudioError.malformedWAV($0) }
        guard try r.fourCC("RIFF id") == "RIFF" else { throw .malformedWAV("it does not start with 'RIFF'") }
        let riffSize = Int(try r.uint32LE("RIFF size"))
        guard try r.fourCC("WAVE id") == "WAVE" else { throw .malformedWAV("the RIFF form is not 'WAVE'") }
        guard riffSize + 8 <= bytes.count else {
            throw .malformedWAV("the RIFF size \(riffSize) claims more than the \(bytes.count) bytes present")
        }
        var format: (channels: Int, sampleRate: Int)?
        var samples: [Int16]?
        while r.remaining >= 8, samples == nil {
            let id = try r.fourCC("chunk id")
            let size = Int(try r.uint32LE("chunk size"))
            let body = try r.take(size, "'\(id)' chunk")
            if size % 2 == 1, r.remaining > 0 { _ = try r.take(1, "pad byte") }
            switch id {
            case "fmt ": format = try Self.readFormat(Array(body))
            case "data":
                guard let format else { throw .malformedWAV("the 'data' chunk comes before a 'fmt ' chunk") }
                guard size % (2 * format.channels) == 0 else {
                    throw .malformedWAV("the 'data' size \(size) is not a whole number of \(format.channels)-channel frames")
                }
                samples = stride(from: body.startIndex, to: body.endIndex, by: 2).map {
                    Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8)
                }
            default: continue
            }
        }
        guard let format else { throw .malformedWAV("there is no 'fmt ' chunk") }
        guard let samples else { throw .malformedWAV("there is no 'data' chunk") }
        self.init(sampleRate: format.sampleRate, channels: format.channels, samples: samples)
    }

    /// Reads the body of a `fmt ` chunk and checks it describes 16-bit linear PCM.
    private static func readFormat(_ body: [UInt8]) throws(AudioError) -> (channels: Int, sampleRate: Int) {
        guard body.count >= 16 else { throw .malformedWAV("the 'fmt ' chunk has \(body.count) bytes, fewer than 16") }
        var r = ByteReader(body) { AudioError.malformedWAV($0) }
        let tag = try r.uint16LE("format tag")
        let channels = Int(try r.uint16LE("channels"))
        let sampleRate = Int(try r.uint32LE("sample rate"))
        let byteRate = Int(try r.uint32LE("byte rate"))
        let blockAlign = Int(try r.uint16LE("block align"))
        let bits = Int(try r.uint16LE("bits per sample"))
        guard tag == pcmFormat else { throw .malformedWAV("format tag \(tag) is not linear PCM (1)") }
        guard bits == bitsPerSample else { throw .malformedWAV("\(bits)-bit samples: only 16-bit PCM is read") }
        guard channels > 0, sampleRate > 0 else {
            throw .malformedWAV("\(channels) channels at \(sampleRate) Hz: both must be positive")
        }
        guard blockAlign == channels * 2, byteRate == sampleRate * blockAlign else {
            throw .malformedWAV("block align \(blockAlign) and byte rate \(byteRate) do not fit \(channels) channels of 16 bits at \(sampleRate) Hz")
        }
        return (channels, sampleRate)
    }
}
