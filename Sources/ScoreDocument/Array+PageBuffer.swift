#if canImport(Glibc)
import Glibc
#endif

extension Array where Element == UInt8 {
    /// An array of `count` bytes filled by `body`, like `init(unsafeUninitializedCapacity:initializingWith:)`, whose
    /// memory is first offered to the kernel for transparent huge pages when it is large.
    ///
    /// A page image at 300 dpi is about nine megabytes: touched in four-kilobyte pages it costs over two thousand
    /// page faults each time a pass writes a new image or mask, in two-megabyte pages a handful. Where the kernel
    /// does not offer huge pages (or on other systems) nothing changes.
    init(pageCapacity count: Int, initializingWith body: (inout UnsafeMutableBufferPointer<UInt8>, inout Int) throws -> Void) rethrows {
        try self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            Self.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            try body(&buffer, &initialized)
        }
    }

    /// Marks the whole two-megabyte pages inside `buffer` for transparent huge pages (Linux; a no-op elsewhere and
    /// for buffers under four megabytes).
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard let base = buffer.baseAddress, buffer.count >= 2 * huge else { return }
        let start = (Int(bitPattern: base) + huge - 1) / huge * huge
        let end = (Int(bitPattern: base) + buffer.count) / huge * huge
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        // Advice only: a kernel without transparent huge pages refuses it and the pages stay small.
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        #endif
    }
}
