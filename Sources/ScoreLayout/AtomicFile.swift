import Foundation

/// Replacing a file whole or not at all: write a temporary file beside it, then rename it over the old one
/// (rename(2) is atomic, so readers see the old file or the new one, never a half-written one). Shared by the
/// modules that write the producer's files (rendered pages, annotated PDFs, session documents).
package enum AtomicFile {
    /// A fresh temporary path in the same directory as `path` (so the rename stays on one file system).
    package static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
    }

    /// Renames the finished `temporary` file over `path`; on failure removes it and returns the reason.
    package static func moveIntoPlace(_ temporary: String, _ path: String) -> String? {
        guard rename(temporary, path) != 0 else { return nil }
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(atPath: temporary)
        return reason
    }

    /// Writes `data` to `path` through a temporary file; returns the reason on failure.
    package static func write(_ data: Data, to path: String) -> String? {
        let temporary = temporaryPath(beside: path)
        do { try data.write(to: URL(fileURLWithPath: temporary)) } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return error.localizedDescription
        }
        return moveIntoPlace(temporary, path)
    }
}
