import CMappedFile
import CPoppler
import Foundation

/// The PDF bytes in one buffer that every poppler document opened on them reads (never written after
/// creation, apart from repairs made at open, so any number of threads may read it), and a file holding the same bytes
/// for opening with a password.
///
/// A file opened by path is mapped, not copied (issue 30: a copy held every page of a long scan in memory at once,
/// 0.67 MB a page of the corpus scans, where pdftoppm reads the file in pieces): the kernel reads the pages when they
/// are touched, and ``releaseResident()`` lets it drop them again from the process's memory once a page has been read.
/// The mapping is private (a repair at open writes a private copy of its page) and guarded (``CMappedFile``): when
/// another program cuts the file short while it is mapped, a read past its new end reads zeros instead of ending the
/// process with SIGBUS, and ``changed`` says so; the document then refuses to go on (``checkUnchanged()``). A file
/// that cannot be mapped (a pipe, too many guarded mappings) is copied as before; so is data given in memory.
///
/// poppler 22.x (Debian 12) crashes when a wrong password is given to `new_from_data` or `new_from_bytes`:
/// its retry with the UTF-8 password reads a stream it has already freed. `new_from_file` retries by reopening
/// the file and is safe, so documents opened with a password are opened from a file: the original one, or a
/// private temporary copy for in-memory data (removed when the document goes away).
final class SharedBytes: @unchecked Sendable {
    let pointer: UnsafeMutableRawBufferPointer
    let count: Int
    /// A file with the same bytes, when a password is needed.
    let fileURI: String?
    /// True when the bytes are a mapping of the file rather than a copy.
    let isMapped: Bool
    private let path: String?
    private let temporaryPath: String?
    /// Set once a repair wrote to the bytes: a mapping's written pages are private copies, never to be dropped.
    private var written = false

    /// The bytes of the file at `path`, mapped when the file can be mapped, else read and copied.
    convenience init(contentsOf path: String, needsFile: Bool) throws(ScoreDocumentError) {
        if let (base, count) = Self.map(path) {
            try self.init(pointer: UnsafeMutableRawBufferPointer(start: base, count: count), count: count, mapped: true,
                          data: nil, path: path, needsFile: needsFile)
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data, path: path, needsFile: needsFile)
    }

    /// A copy of `data`; `path` names the file it was read from, if any.
    convenience init(_ data: Data, path: String?, needsFile: Bool) throws(ScoreDocumentError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.withUnsafeBytes { raw in buffer.copyMemory(from: raw) }
        try self.init(pointer: buffer, count: data.count, mapped: false, data: data, path: path, needsFile: needsFile)
    }

    private init(pointer: UnsafeMutableRawBufferPointer, count: Int, mapped: Bool, data: Data?, path: String?,
                 needsFile: Bool) throws(ScoreDocumentError) {
        self.pointer = pointer
        self.count = count
        self.isMapped = mapped
        self.path = path
        var file = path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var temporary: String? = nil
        if needsFile && file == nil {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-\(UUID().uuidString).pdf")
            do {
                try (data ?? Data()).write(to: url)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            } catch {
                Self.free(pointer, count: count, mapped: mapped)
                throw .unreadable(path: url.path, reason: "cannot write a private copy for decryption: \(error.localizedDescription)")
            }
            file = url.path
            temporary = url.path
        }
        temporaryPath = temporary
        fileURI = needsFile ? file.flatMap { f in
            g_filename_to_uri(f, nil, nil).map { uri in defer { g_free(uri) }; return String(cString: uri) }
        } : nil
    }

    deinit {
        Self.free(pointer, count: count, mapped: isMapped)
        if let temporaryPath { try? FileManager.default.removeItem(atPath: temporaryPath) }
    }

    /// How many guarded mappings the process holds open (files opened beyond the table's 4096 are copied).
    static var guardedMappings: Int { Int(tm_mapped_file_in_use()) }

    /// True when the mapped file was cut short while it was read (the reads past its end read zeros).
    var changed: Bool { isMapped && tm_mapped_file_damaged(pointer.baseAddress) != 0 }

    /// Throws when the mapped file was cut short while it was read: what was read from it cannot be trusted.
    func checkUnchanged() throws(ScoreDocumentError) {
        if changed { throw .unreadable(path: path ?? "the PDF", reason: "the file was cut short while it was being read") }
    }

    /// Notes that the bytes are about to be written (a repair at open): a mapping's pages are kept from then on.
    func willWrite() { written = true }

    /// Lets the kernel drop the mapped file's pages from the process's resident memory (they are read again from the
    /// page cache when next touched); nothing for a copy or written bytes. Safe while other threads read the bytes.
    func releaseResident() { releaseResident(range: 0..<count) }

    /// ``releaseResident()`` for the pages wholly inside `range` (byte offsets into the file); the file's last, partial
    /// page holds nothing else, so a range reaching the file's end lets it go too.
    func releaseResident(range: Range<Int>) {
        guard isMapped, !written, let base = pointer.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (max(0, range.lowerBound) + page - 1) / page * page
        let end = range.upperBound >= count ? count : range.upperBound / page * page
        guard first < end else { return }
        tm_mapped_file_release(base + first, end - first)
    }

    /// Maps the regular file at `path` (nil when it is empty, not a regular file or cannot be mapped).
    private static func map(_ path: String) -> (UnsafeMutableRawPointer, Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size < Int(Int32.max) else { return nil }
        guard let base = tm_mapped_file_open(fd, Int(info.st_size)) else { return nil }
        return (base, Int(info.st_size))
    }

    private static func free(_ pointer: UnsafeMutableRawBufferPointer, count: Int, mapped: Bool) {
        if mapped { tm_mapped_file_close(pointer.baseAddress, count) } else { pointer.deallocate() }
    }
}
