#if canImport(Glibc)
import Glibc
#endif

extension ScoreDocument {
    /// Keeps the page-sized buffers of detection on the process heap, for a process that detects and exits.
    ///
    /// By default the C allocator gives each buffer of a page image or mask (about nine megabytes at 300 dpi) its
    /// own mapping and hands it back on release, so every pass of the pixel reading starts on fresh pages the
    /// kernel must clear: a sixth of a scan's time. With the heap grown generously and never trimmed, a released
    /// buffer is reused by the next pass instead. Only for short-lived command-line runs: a long-running server
    /// would keep its largest footprint. A no-op on systems without glibc.
    public static func keepPageBuffersOnTheHeap() {
        #if canImport(Glibc)
        // `mallopt` and its parameters come from <malloc.h>, which Swift's Glibc module leaves out: the function is
        // looked up by name, the parameter numbers are glibc's (M_TRIM_THRESHOLD -1, M_TOP_PAD -2,
        // M_MMAP_THRESHOLD -3).
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-3, 512 << 20)
        _ = mallopt(-1, 1 << 30)
        _ = mallopt(-2, 128 << 20)
        #endif
    }

    /// Hands the heap's free memory back to the system (glibc's `malloc_trim`; a no-op elsewhere): after detection,
    /// whose page buffers ``keepPageBuffersOnTheHeap()`` keeps, and before loading something large, so that the two
    /// do not add up in the process's peak memory.
    static func handFreeMemoryBack() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
