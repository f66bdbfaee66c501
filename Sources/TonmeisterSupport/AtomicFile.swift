import Foundation

/// Replacing a file whole or not at all: write a temporary file beside it, then rename it over the old one
/// (rename(2) is atomic, so readers see the old file or the new one, never a half-written one). Shared by the
/// modules that write the producer's files (rendered pages, annotated PDFs, session documents).
///
/// What the name stands for is respected: a symbolic link is followed and its target replaced (the link stays a
/// link); a replaced file keeps its permissions and, where allowed, its owner; a device or FIFO (`-o /dev/stdout`,
/// a named pipe) is written through rather than replaced by a regular file; a directory or socket is refused. The
/// new file's bytes and then its directory are synced to disk before the write counts as done.
package enum AtomicFile {
    /// A fresh temporary path in the same directory as `path`'s target (so the rename stays on one file system).
    package static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: resolved(path))
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
    }

    /// Puts the finished `temporary` file in place of `path` (see the type's notes); on failure removes it and
    /// returns the reason.
    package static func moveIntoPlace(_ temporary: String, _ path: String) -> String? {
        defer { unlink(temporary) }
        if let reason = sync(temporary) { return reason }
        switch destination(of: path) {
        case .refuse(let reason): return reason
        case .writeThrough(let mode):
            guard let data = FileManager.default.contents(atPath: temporary) else { return "cannot read back \(temporary)" }
            return writeThrough(data, to: path, mode: mode)
        case .replace(let target, let existing):
            if let existing {
                // A replaced file keeps its permissions and (when this process may give it) its owner.
                chmod(temporary, existing.st_mode & 0o7777)
                _ = chown(temporary, existing.st_uid, existing.st_gid)
            }
            guard rename(temporary, target) == 0 else { return String(cString: strerror(errno)) }
            return sync(URL(fileURLWithPath: target).deletingLastPathComponent().path, directory: true)
        }
    }

    /// Writes `data` to `path` through a temporary file (or straight through a device or FIFO); returns the reason on failure.
    package static func write(_ data: Data, to path: String) -> String? {
        switch destination(of: path) {
        case .refuse(let reason): return reason
        case .writeThrough(let mode): return writeThrough(data, to: path, mode: mode)
        case .replace(let target, _):
            let temporary = temporaryPath(beside: target)
            do { try data.write(to: URL(fileURLWithPath: temporary)) } catch {
                unlink(temporary)
                return error.localizedDescription
            }
            return moveIntoPlace(temporary, target)
        }
    }

    /// What writing to `path` means.
    private enum Destination {
        /// Replace the regular file (or make the new one) at this path, the links followed; `existing` is the old file.
        case replace(String, existing: stat?)
        /// Write into the device or FIFO `path` names.
        case writeThrough(mode_t)
        /// Do not write: the reason.
        case refuse(String)
    }

    private static func destination(of path: String) -> Destination {
        var named = stat()
        // stat(2) follows every link, also the kernel's own (/dev/stdout → /proc/self/fd/1 → a pipe).
        guard stat(path, &named) == 0 else { return .replace(resolved(path), existing: nil) }
        if let reason = refusal(named.st_mode) { return .refuse(reason) }
        guard isRegular(named.st_mode) else { return .writeThrough(named.st_mode) }
        let target = resolved(path)
        var found = stat()
        // A link the chain cannot be followed by name (a /proc link to a deleted file): write through what it names.
        guard stat(target, &found) == 0, found.st_dev == named.st_dev, found.st_ino == named.st_ino else {
            return .writeThrough(named.st_mode)
        }
        return .replace(target, existing: named)
    }

    /// `path` with its symbolic links followed to the file they name (which need not exist yet).
    package static func resolved(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                  let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = link.hasPrefix("/") ? link
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).standardized.path
        }
        return current
    }

    private static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }

    /// Why a file of this type is not written at all (a directory, a socket), or nil.
    private static func refusal(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFDIR: return "it is a directory; give a file name"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return nil
        }
    }

    /// Writes `data` into a device or FIFO as it is (it cannot be replaced without breaking what reads it), or into a
    /// regular file that can only be reached through the link it was named by.
    private static func writeThrough(_ data: Data, to path: String, mode: mode_t) -> String? {
        let fifo = mode & S_IFMT == S_IFIFO, regular = mode & S_IFMT == S_IFREG
        // A FIFO nobody reads would block the writer forever: refuse it instead.
        let fd = open(path, O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0) | (regular ? O_TRUNC : 0))
        guard fd >= 0 else {
            return errno == ENXIO ? "it is a named pipe (FIFO) that no process is reading" : String(cString: strerror(errno))
        }
        defer { close(fd) }
        if fifo { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        do { try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: data) } catch {
            return (error as NSError).localizedDescription
        }
        return nil
    }

    /// Flushes a file (or a directory's entries) to disk.
    private static func sync(_ path: String, directory: Bool = false) -> String? {
        let fd = open(path, (directory ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC)
        guard fd >= 0 else { return directory ? nil : String(cString: strerror(errno)) }
        defer { close(fd) }
        guard fsync(fd) == 0 || directory else { return String(cString: strerror(errno)) }
        return nil
    }
}
