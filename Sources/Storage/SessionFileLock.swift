import Foundation

/// An exclusive advisory lock (`flock(2)`) on a session document for one read-modify-write.
///
/// A document is replaced by renaming a new file over it, so a lock taken on the old file would not stop a
/// process that opened the new one: after the lock is granted, the path is checked to still name the locked
/// file, and the lock is taken again on the new file when it does not. Readers take no lock (they see the old
/// document or the new one, never half of one).
enum SessionFileLock {
    /// How long a writer waits for the lock before giving up with `StoreError.busy`.
    static let timeout: TimeInterval = 30

    /// Runs `body` holding the exclusive lock on the file at `path`.
    static func exclusive<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            try lock(fd, path: path, until: deadline)
            guard sameFile(fd, path) else { continue }
            return try body()
        }
    }

    /// Waits for the lock on `fd`, polling so that a lock held too long gives a message instead of a hang.
    private static func lock(_ fd: Int32, path: String, until deadline: Date) throws {
        var pause: UInt32 = 1_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError.unwritable(path: path, reason: "cannot lock it: \(String(cString: strerror(errno)))")
            }
            guard Date() < deadline else { throw StoreError.busy(path: path, seconds: Int(timeout)) }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// True when `path` still names the file open as `fd` (it was not replaced while waiting for the lock).
    private static func sameFile(_ fd: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
