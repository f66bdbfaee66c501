import CKernels

/// Which of the C kernels in `Sources/CKernels` this processor runs (the build targets baseline x86-64; a kernel
/// for wider vector instructions is called only where the processor has them).
enum Kernels {
    /// True when the processor has AVX2: the JPEG inverse DCT and the threshold limits run four to eight lanes wide.
    static let avx2 = tm_kernels_have_avx2() != 0
}
