import Foundation

/// Finds the example scores that ship with Tonmeister (the `Scores/` folder of the package).
enum BundledScores {
    /// The `Scores` directory: `$TONMEISTER_SCORES`, `./Scores`, or a `Scores` folder beside one of the
    /// executable's parent directories (the package root when run from `.build/…/tonmeister`).
    static func directory() -> URL? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["TONMEISTER_SCORES"] { candidates.append(URL(fileURLWithPath: env)) }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scores"))
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Scores"))
            dir.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("prelude.pdf").path) }
    }
}
