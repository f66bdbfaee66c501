import CKernels

/// The transform stage of a scan: turns a chunk of quantised luminance blocks (from ``JPEGEntropyDecoder``) into
/// pixels, clipping the blocks that reach past the image, and zeroes the coefficients it used. On a processor with
/// AVX2 the transform is `tm_idct_islow_avx2` (the same integers as ``JPEGIDCT``, eight lanes of a wider
/// register, and no element-by-element transposing).
struct JPEGBlockWriter {
    let out: UnsafeMutablePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int
    /// The luminance quantisation table in natural order.
    let quant: UnsafePointer<Int32>
    let blocksPerRow: Int
    let avx2 = Kernels.avx2

    /// Writes `blockRows` block rows of a chunk whose first block row is image block row `firstBlockRow`.
    /// `scratch` holds 64 + 64 `Int32` and 64 bytes.
    func write(coefficients: UnsafeMutablePointer<Int16>, flags: UnsafePointer<UInt8>, blockRows: Int, firstBlockRow: Int,
               scratch: UnsafeMutableRawPointer) {
        let block = scratch.assumingMemoryBound(to: Int32.self)
        let workspace = block + 64
        let edge = (scratch + 512).assumingMemoryBound(to: UInt8.self)
        for row in 0..<blockRows {
            let py = (firstBlockRow + row) * 8
            for column in 0..<blocksPerRow {
                let index = row * blocksPerRow + column
                let coefficients = coefficients + index * 64
                let px = column * 8
                guard px < width, py < height else {
                    if flags[index] != 0 { coefficients.update(repeating: 0, count: 64) }
                    continue
                }
                let full = px + 8 <= width && py + 8 <= height
                let target = full ? out + py * stride + px : edge
                let targetStride = full ? stride : 8
                if flags[index] != 0 {
                    if avx2 {
                        tm_idct_islow_avx2(coefficients, quant, target, targetStride)
                    } else {
                        for i in 0..<64 { block[i] = Int32(coefficients[i]) &* quant[i] }
                        JPEGIDCT.transform(block, workspace: workspace, out: target, stride: targetStride)
                    }
                    coefficients.update(repeating: 0, count: 64)
                } else {
                    let value = JPEGIDCT.flatValue(dc: Int32(coefficients[0]) &* quant[0])
                    for r in 0..<8 { (target + r * targetStride).update(repeating: value, count: 8) }
                }
                if !full {
                    for r in 0..<min(8, height - py) {
                        (out + (py + r) * stride + px).update(from: edge + r * 8, count: min(8, width - px))
                    }
                }
            }
        }
    }
}
