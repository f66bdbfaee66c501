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
        clamp(((dc << pass1Bits) + (1 << (pass1Bits + 2))) >> (pass1Bits + 3) + 128)
    }

    @inline(__always)
    static func clamp(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v) }

    /// Transforms `block` (64 dequantised coefficients in natural order) into 8 rows of 8 pixels at `out`
    /// (`stride` bytes apart). `workspace` holds 64 values of scratch.
    @inline(__always)
    static func transform(_ block: UnsafeMutablePointer<Int32>, workspace ws: UnsafeMutablePointer<Int32>,
                          out: UnsafeMutablePointer<UInt8>, stride: Int) {
        let shift1 = Int32(constBits - pass1Bits), round1 = Int32(1) << (shift1 - 1)
        for col in 0..<8 {
            let p = block + col
            if p[8] == 0 && p[16] == 0 && p[24] == 0 && p[32] == 0 && p[40] == 0 && p[48] == 0 && p[56] == 0 {
                let dc = p[0] << Int32(pass1Bits)
                for k in 0..<8 { ws[col + 8 * k] = dc }
                continue
            }
            var z2 = p[16], z3 = p[48]
            var z1 = (z2 &+ z3) &* fix0_541196100
            var tmp2 = z1 &+ z3 &* -fix1_847759065
            var tmp3 = z1 &+ z2 &* fix0_765366865
            z2 = p[0]; z3 = p[32]
            var tmp0 = (z2 &+ z3) << Int32(constBits)
            var tmp1 = (z2 &- z3) << Int32(constBits)
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            tmp0 = p[56]; tmp1 = p[40]; tmp2 = p[24]; tmp3 = p[8]
            z1 = tmp0 &+ tmp3; z2 = tmp1 &+ tmp2; z3 = tmp0 &+ tmp2
            var z4 = tmp1 &+ tmp3
            let z5 = (z3 &+ z4) &* fix1_175875602
            tmp0 = tmp0 &* fix0_298631336; tmp1 = tmp1 &* fix2_053119869
            tmp2 = tmp2 &* fix3_072711026; tmp3 = tmp3 &* fix1_501321110
            z1 = z1 &* -fix0_899976223; z2 = z2 &* -fix2_562915447
            z3 = z3 &* -fix1_961570560 &+ z5; z4 = z4 &* -fix0_390180644 &+ z5
            tmp0 = tmp0 &+ z1 &+ z3; tmp1 = tmp1 &+ z2 &+ z4
            tmp2 = tmp2 &+ z2 &+ z3; tmp3 = tmp3 &+ z1 &+ z4
            let w = ws + col
            w[0] = (tmp10 &+ tmp3 &+ round1) >> shift1
            w[56] = (tmp10 &- tmp3 &+ round1) >> shift1
            w[8] = (tmp11 &+ tmp2 &+ round1) >> shift1
            w[48] = (tmp11 &- tmp2 &+ round1) >> shift1
            w[16] = (tmp12 &+ tmp1 &+ round1) >> shift1
            w[40] = (tmp12 &- tmp1 &+ round1) >> shift1
            w[24] = (tmp13 &+ tmp0 &+ round1) >> shift1
            w[32] = (tmp13 &- tmp0 &+ round1) >> shift1
        }
        let shift2 = Int32(constBits + pass1Bits + 3), round2 = Int32(1) << (shift2 - 1)
        let shiftFlat = Int32(pass1Bits + 3), roundFlat = Int32(1) << (shiftFlat - 1)
        for row in 0..<8 {
            let w = ws + row * 8
            let o = out + row * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let v = clamp(((w[0] &+ roundFlat) >> shiftFlat) &+ 128)
                for k in 0..<8 { o[k] = v }
                continue
            }
            var z2 = w[2], z3 = w[6]
            var z1 = (z2 &+ z3) &* fix0_541196100
            var tmp2 = z1 &+ z3 &* -fix1_847759065
            var tmp3 = z1 &+ z2 &* fix0_765366865
            z2 = w[0]; z3 = w[4]
            var tmp0 = (z2 &+ z3) << Int32(constBits)
            var tmp1 = (z2 &- z3) << Int32(constBits)
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            tmp0 = w[7]; tmp1 = w[5]; tmp2 = w[3]; tmp3 = w[1]
            z1 = tmp0 &+ tmp3; z2 = tmp1 &+ tmp2; z3 = tmp0 &+ tmp2
            var z4 = tmp1 &+ tmp3
            let z5 = (z3 &+ z4) &* fix1_175875602
            tmp0 = tmp0 &* fix0_298631336; tmp1 = tmp1 &* fix2_053119869
            tmp2 = tmp2 &* fix3_072711026; tmp3 = tmp3 &* fix1_501321110
            z1 = z1 &* -fix0_899976223; z2 = z2 &* -fix2_562915447
            z3 = z3 &* -fix1_961570560 &+ z5; z4 = z4 &* -fix0_390180644 &+ z5
            tmp0 = tmp0 &+ z1 &+ z3; tmp1 = tmp1 &+ z2 &+ z4
            tmp2 = tmp2 &+ z2 &+ z3; tmp3 = tmp3 &+ z1 &+ z4
            o[0] = clamp(((tmp10 &+ tmp3 &+ round2) >> shift2) &+ 128)
            o[7] = clamp(((tmp10 &- tmp3 &+ round2) >> shift2) &+ 128)
            o[1] = clamp(((tmp11 &+ tmp2 &+ round2) >> shift2) &+ 128)
            o[6] = clamp(((tmp11 &- tmp2 &+ round2) >> shift2) &+ 128)
            o[2] = clamp(((tmp12 &+ tmp1 &+ round2) >> shift2) &+ 128)
            o[5] = clamp(((tmp12 &- tmp1 &+ round2) >> shift2) &+ 128)
            o[3] = clamp(((tmp13 &+ tmp0 &+ round2) >> shift2) &+ 128)
            o[4] = clamp(((tmp13 &- tmp0 &+ round2) >> shift2) &+ 128)
        }
    }
}
