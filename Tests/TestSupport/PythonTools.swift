import Foundation

/// The Python interpreter of the test tools (`scripts/install-test-tools`) and whether it has the modules a check needs.
///
/// The tools are installed best effort: without the package index, or when one package fails to install, the venv
/// exists without it, and a test that needs it must be skipped rather than fail.
public enum PythonTools {
    /// True when `python` can be run and imports every one of `modules`.
    public static func imports(_ modules: [String], python: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        guard let run = try? ChildProcess.run(path: python, ["-c", "import " + modules.joined(separator: ", ")]) else { return false }
        return run.status == 0
    }
}
