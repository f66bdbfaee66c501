import Foundation

/// A synthetic room's impulse response and its convolution with a take, as FollowBench's `make_reverb_takes.py` makes
/// them: the direct sound, six early reflections (7–45 ms) and a tail of noise decaying by 60 dB over the room's RT60,
/// scaled to a direct-to-reverberant energy ratio. Seeded, so every run hears the same room.
struct SyntheticRoom {
    /// Seconds for the reverberant sound to fall by 60 dB.
    var rt60: Double
    /// The reverberant sound's energy against the direct sound's, in dB.
    var reverberantDB: Double
    var seed: UInt64 = 7

    /// A stone church (RT60 4 s, reverberant energy 5 dB above the direct sound), FollowBench's church.
    static let church = SyntheticRoom(rt60: 4, reverberantDB: 5)

    /// The response at `rate`: 1 at sample 0, then the reflections and the tail.
    func response(rate: Int) -> [Double] {
        var random = seed
        func uniform() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        let length = Int(Double(rate) * rt60 * 1.1)
        var out = [Double](repeating: 0, count: length)
        for _ in 0..<6 {
            let delay = Int((0.007 + 0.038 * uniform()) * Double(rate))
            out[delay] += (0.2 + 0.3 * uniform()) * (uniform() < 0.5 ? -1 : 1)
        }
        let onset = Int(0.02 * Double(rate))
        var tailEnergy = 0.0
        var tail = [Double](repeating: 0, count: length)
        for n in 1..<length {
            // Uniform noise of unit variance, its amplitude falling by 60 dB over rt60 (ramped in over 20 ms).
            let noise = (uniform() - 0.5) * 12.0.squareRoot()
            let t = Double(n) / Double(rate)
            tail[n] = noise * exp(-6.91 * t / rt60) * min(1, Double(n) / Double(onset))
        }
        for n in 1..<length { tail[n] += out[n]; tailEnergy += tail[n] * tail[n] }
        let scale = (pow(10, reverberantDB / 10) / tailEnergy).squareRoot()
        out = tail.map { $0 * scale }
        out[0] = 1
        return out
    }

    /// `samples` heard in the room, cut where the take ends (as a take is).
    func apply(to samples: [Float], rate: Int) -> [Float] {
        let ir = response(rate: rate)
        var size = 1
        while size < samples.count + ir.count - 1 { size <<= 1 }
        var a = [Double](repeating: 0, count: 2 * size), b = [Double](repeating: 0, count: 2 * size)
        for (n, s) in samples.enumerated() { a[2 * n] = Double(s) }
        for (n, h) in ir.enumerated() { b[2 * n] = h }
        SyntheticRoom.fft(&a, inverse: false)
        SyntheticRoom.fft(&b, inverse: false)
        for k in 0..<size {
            let re = a[2 * k] * b[2 * k] - a[2 * k + 1] * b[2 * k + 1], im = a[2 * k] * b[2 * k + 1] + a[2 * k + 1] * b[2 * k]
            a[2 * k] = re
            a[2 * k + 1] = im
        }
        SyntheticRoom.fft(&a, inverse: true)
        return (0..<samples.count).map { Float(a[2 * $0] / Double(size)) }
    }

    /// In-place radix-2 FFT of interleaved complex values (count a power of two; the inverse unscaled).
    static func fft(_ x: inout [Double], inverse: Bool) {
        let n = x.count / 2
        x.withUnsafeMutableBufferPointer { v in
            var j = 0
            for i in 1..<n {
                var bit = n >> 1
                while j & bit != 0 { j ^= bit; bit >>= 1 }
                j |= bit
                if i < j { v.swapAt(2 * i, 2 * j); v.swapAt(2 * i + 1, 2 * j + 1) }
            }
            var length = 2
            while length <= n {
                let angle = (inverse ? 2 : -2) * Double.pi / Double(length)
                let wr = cos(angle), wi = sin(angle)
                var start = 0
                while start < n {
                    var cr = 1.0, ci = 0.0
                    for k in 0..<(length / 2) {
                        let p = 2 * (start + k), q = 2 * (start + k + length / 2)
                        let tr = v[q] * cr - v[q + 1] * ci, ti = v[q] * ci + v[q + 1] * cr
                        v[q] = v[p] - tr; v[q + 1] = v[p + 1] - ti
                        v[p] += tr; v[p + 1] += ti
                        let next = cr * wr - ci * wi
                        ci = cr * wi + ci * wr
                        cr = next
                    }
                    start += length
                }
                length <<= 1
            }
        }
    }
}
