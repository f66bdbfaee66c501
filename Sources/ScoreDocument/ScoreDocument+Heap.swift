import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ScoreDocument {
    /// Sets a process that detects and exits up for a low peak memory: page buffers get their own mappings
    /// (``tuneAllocatorForDetection()``) and the code that only started the process is let go
    /// (``releaseStartupCode()``). A no-op on systems without glibc.
    public static func tuneMemoryForDetection() {
        tuneAllocatorForDetection()
        releaseStartupCode()
    }

    /// Tunes the C allocator: every buffer of a megabyte or more (a page image or mask, about nine megabytes at
    /// 300 dpi) gets its own mapping, handed back to the system on release.
    ///
    /// Page buffers were kept on a heap that was never trimmed, so that a released one was reused without clearing,
    /// but the heap fragmented: small allocations made between two passes were carved out of a released buffer, the
    /// next buffer no longer fitted there and the heap grew by another nine megabytes (scan-photo-musescore-haydn-op74-1-i
    /// peaked at 58 MB with 24 MB of buffers alive, 48 MB with their own mappings, for about 4 % more processor time
    /// clearing fresh pages: docs/benchmarks.md "scans"). The buffers ask for transparent huge pages
    /// (``Swift/Array/init(pageCapacity:initializingWith:)``), so a fresh one costs a handful of page faults.
    static func tuneAllocatorForDetection() {
        #if canImport(Glibc)
        // `mallopt` and its parameters come from <malloc.h>, which Swift's Glibc module leaves out: the function is
        // looked up by name, the parameter number is glibc's (M_MMAP_THRESHOLD -3). A threshold set by hand also
        // stops glibc raising it as mapped buffers are released; trimming stays glibc's default.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(-3, 1 << 20)
        #endif
    }

    /// Lets go of the executable's code pages mapped so far (Linux): those that started the process and parsed its
    /// arguments are not needed again, and the ones detection runs are mapped again from the page cache as it runs
    /// them. The kernel maps code in blocks of 64 KB around each page run, so a start-up touching the Swift runtime,
    /// Foundation and the argument parser leaves megabytes of code resident that count in the process's peak memory:
    /// 2–3 MB less on a scan (docs/benchmarks.md "scans"). Only the executable's own mapping that is readable and
    /// executable (its code) is let go; its pages are never written, so dropping them loses nothing.
    static func releaseStartupCode() {
        #if canImport(Glibc)
        guard let maps = fopen("/proc/self/maps", "r") else { return }
        defer { fclose(maps) }
        // The line of the mapping holding this function's image names the executable's file.
        let here = UInt(bitPattern: #dsohandle)
        var lines: [(start: UInt, end: UInt, perms: Substring, path: Substring)] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let text = line {
            let fields = String(cString: text).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else { continue }
            lines.append((start, end, fields[1], fields[5].dropLast(fields[5].hasSuffix("\n") ? 1 : 0)))
        }
        guard let own = lines.first(where: { $0.start <= here && here < $0.end })?.path, own.hasPrefix("/") else { return }
        for mapping in lines where mapping.path == own && mapping.perms == "r-xp" {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), Int(mapping.end - mapping.start), MADV_DONTNEED)
        }
        #endif
    }

    /// Hands the heap's free memory back to the system (glibc's `malloc_trim`; a no-op elsewhere): after detection,
    /// whose small allocations stay on the heap, and before loading something large, so that the two
    /// do not add up in the process's peak memory.
    static func handFreeMemoryBack() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// The process's resident memory now and its peak so far, in bytes (Linux's `/proc/self/status`: `VmRSS`,
    /// `VmHWM`); nil where they cannot be read.
    static func residentMemory() -> (now: Int, peak: Int)? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        var now: Int?, peak: Int?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { now = kilobytes * 1024 } else if fields[0] == "VmHWM:" { peak = kilobytes * 1024 }
        }
        guard let now, let peak else { return nil }
        return (now, peak)
    }
}
