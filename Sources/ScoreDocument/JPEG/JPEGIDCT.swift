/// The JPEG inverse DCT of one 8×8 block: the accurate integer algorithm of the IJG's `jidctint.c`
/// (Loeffler–Ligtenberg–Moschytz, 13-bit constants, two passes), so pixels match libjpeg's `JDCT_ISLOW`, the
/// decoder poppler uses.
enum JPEGIDCT {
    private static let constBits = 13
    private static let pass1Bits = 2

    private static let fix0_298631336: Int32 = 2446
    private static let fix0_390180644: Int32 = 3196
    private static let fix0_541196100: Int32 = 4433
    private static let fix0_765366865: Int32 = 6270
    private static let fix0_899976223: Int32 = 7373
    private static let fix1_175875602: Int32 = 9633
    private static let fix1_501321110: Int32 = 12299
    private static let fix1_847759065: Int32 = 15137
    private static let fix1_961570560: Int32 = 16069
    private static let fix2_053119869: Int32 = 16819
    private static let fix2_562915447: Int32 = 20995
    private static let fix3_072711026: Int32 = 25172

    /// The one pixel value of a block whose AC coefficients are all zero (`dc` already dequantised).
    @inline(__always)
    static func flatValue(dc: Int32) -> UInt8 {
        clamp((((dc &<< Int32(pass1Bits)) &+ (1 << Int32(pass1Bits + 2))) &>> Int32(pass1Bits + 3)) &+ 128)
    }

    @inline(__always)
    static func clamp(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v) }

    typealias Row = SIMD8<Int32>

    /// One pass of the 1-D IDCT on eight vectors at once (lane i of `v[k]` is input k of transform i); the
    /// even part's inputs are shifted up by `constBits` as in `jidctint.c`. Returns the outputs before descaling.
    @inline(__always)
    private static func pass(_ v0: Row, _ v1: Row, _ v2: Row, _ v3: Row, _ v4: Row, _ v5: Row, _ v6: Row, _ v7: Row)
        -> (Row, Row, Row, Row, Row, Row, Row, Row) {
        var z1 = (v2 &+ v6) &* fix0_541196100
        let tmp2e = z1 &+ v6 &* -fix1_847759065
        let tmp3e = z1 &+ v2 &* fix0_765366865
        let tmp0e = (v0 &+ v4) &<< Int32(constBits)
        let tmp1e = (v0 &- v4) &<< Int32(constBits)
        let tmp10 = tmp0e &+ tmp3e, tmp13 = tmp0e &- tmp3e, tmp11 = tmp1e &+ tmp2e, tmp12 = tmp1e &- tmp2e
        z1 = v7 &+ v1
        var z2 = v5 &+ v3, z3 = v7 &+ v3, z4 = v5 &+ v1
        let z5 = (z3 &+ z4) &* fix1_175875602
        var tmp0 = v7 &* fix0_298631336, tmp1 = v5 &* fix2_053119869
        var tmp2 = v3 &* fix3_072711026, tmp3 = v1 &* fix1_501321110
        z1 = z1 &* -fix0_899976223; z2 = z2 &* -fix2_562915447
        z3 = z3 &* -fix1_961570560 &+ z5; z4 = z4 &* -fix0_390180644 &+ z5
        tmp0 = tmp0 &+ z1 &+ z3; tmp1 = tmp1 &+ z2 &+ z4
        tmp2 = tmp2 &+ z2 &+ z3; tmp3 = tmp3 &+ z1 &+ z4
        return (tmp10 &+ tmp3, tmp11 &+ tmp2, tmp12 &+ tmp1, tmp13 &+ tmp0,
                tmp13 &- tmp0, tmp12 &- tmp1, tmp11 &- tmp2, tmp10 &- tmp3)
    }

    /// Transforms `block` (64 dequantised coefficients in natural order) into 8 rows of 8 pixels at `out`
    /// (`stride` bytes apart), eight columns (then eight rows) at a time. `workspace` holds 64 values of scratch.
    /// Integer for integer the same as `jidctint.c` (whose shortcuts for zero coefficients give the same values).
    @inline(__always)
    static func transform(_ block: UnsafeMutablePointer<Int32>, workspace ws: UnsafeMutablePointer<Int32>,
                          out: UnsafeMutablePointer<UInt8>, stride: Int) {
        let raw = UnsafeRawPointer(block)
        func row(_ k: Int) -> Row { raw.loadUnaligned(fromByteOffset: 32 * k, as: Row.self) }
        let shift1 = Int32(constBits - pass1Bits), round1 = Row(repeating: 1 &<< (shift1 - 1))
        let c = pass(row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
        // Workspace rows are the columns' outputs; the row pass reads them transposed.
        let wraw = UnsafeMutableRawPointer(ws)
        func store(_ v: Row, _ k: Int) { wraw.storeBytes(of: (v &+ round1) &>> shift1, toByteOffset: 32 * k, as: Row.self) }
        store(c.0, 0); store(c.1, 1); store(c.2, 2); store(c.3, 3); store(c.4, 4); store(c.5, 5); store(c.6, 6); store(c.7, 7)
        func column(_ j: Int) -> Row {
            Row(ws[j], ws[8 + j], ws[16 + j], ws[24 + j], ws[32 + j], ws[40 + j], ws[48 + j], ws[56 + j])
        }
        let shift2 = Int32(constBits + pass1Bits + 3), round2 = Row(repeating: (1 &<< (shift2 - 1)) &+ (128 &<< shift2))
        let r = pass(column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7))
        let zero = Row(repeating: 0), top = Row(repeating: 255)
        func write(_ v: Row, _ j: Int) {
            let p = pointwiseMin(pointwiseMax((v &+ round2) &>> shift2, zero), top)
            for i in 0..<8 { out[i * stride + j] = UInt8(truncatingIfNeeded: p[i]) }
        }
        write(r.0, 0); write(r.1, 1); write(r.2, 2); write(r.3, 3); write(r.4, 4); write(r.5, 5); write(r.6, 6); write(r.7, 7)
    }
}
