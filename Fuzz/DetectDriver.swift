// The in-process runner of `scripts/fuzz-pdfs --in-process`: the whole `score detect --json` pipeline on many
// files without starting the command for each. Built by `scripts/fuzz-detect-driver` (swiftc -O, no sanitizer).
//
// It reads one PDF path per line on standard input and answers one line per path on standard output:
//   `exit STATUS CPU_SECONDS MAX_RSS_KIB`, `signal NUMBER CPU MAX_RSS` or `hang CPU MAX_RSS`.
// Each file is read in a child forked from this (single-threaded) process, so a crash, an abort or a hang takes
// down only that child; the child does what `ScoreDetectCommand` does (open, detect every page, build and
// validate the layout, number it as printed, write the JSON) and exits as the command would: 0, 2 for a
// `ScoreDocumentError` the command reports with status 2, 1 for any other error. A child running longer than
// the wall-clock limit (first argument, seconds; default 60) is killed and reported as a hang. With `--decode-only`
// (second argument) the child only decodes each page's scanned image (`scannedGrayImage(page:)`, Tonmeister's own
// JPEG, Flate and CCITT decoding) instead: Benchmarks/ScoreBench/ccitt.py times it against libtiff and poppler.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScoreDocument
import ScoreLayout

@main
enum DetectDriver {
    static func main() {
        let wallLimit = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 60 : 60
        let decodeOnly = CommandLine.arguments.dropFirst(2).contains("--decode-only")
        // Load the lazily loaded libraries once, so each child finds them mapped (as the command loads them).
        for name in ["libcairo.so.2", "libpoppler-glib.so.8", "libgobject-2.0.so.0", "libglib-2.0.so.0"] {
            _ = dlopen(name, RTLD_NOW | RTLD_GLOBAL)
        }
        setvbuf(stdout, nil, _IOLBF, 0)
        while let line = readLine() {
            let path = line.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { continue }
            print(runChild(path: path, wallLimit: wallLimit, decodeOnly: decodeOnly))
        }
    }

    /// Forks a child that reads `path` and waits for it (killing it after `wallLimit` seconds).
    static func runChild(path: String, wallLimit: Double, decodeOnly: Bool) -> String {
        let pid = fork()
        if pid == 0 {
            // Like the command: its output goes nowhere here.
            let null = open("/dev/null", O_WRONLY)
            dup2(null, 1)
            dup2(null, 2)
            _exit(decodeOnly ? decode(path: path) : detect(path: path))
        }
        guard pid > 0 else { return "exit 127 0 0" }
        let start = Date()
        var status: Int32 = 0
        var usage = rusage()
        var hung = false
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if Date().timeIntervalSince(start) > wallLimit {
                hung = true
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(1000)
        }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let tail = "\(cpu) \(usage.ru_maxrss)"
        if hung { return "hang \(tail)" }
        if status & 0x7f != 0 { return "signal \(status & 0x7f) \(tail)" }
        return "exit \((status >> 8) & 0xff) \(tail)"
    }

    /// Decodes the scanned image of every page of `path` to grey pixels: 0 when every page was one, 3 otherwise.
    static func decode(path: String) -> Int32 {
        do {
            let document = try ScoreDocument(path: path)
            var pixels = 0
            for page in 1...document.pageCount {
                guard case .success(let image?) = try document.scannedGrayImage(page: page) else { return 3 }
                pixels += image.pixels.count
            }
            return pixels > 0 ? 0 : 3
        } catch {
            return 2
        }
    }

    /// What `tonmeister score detect PATH --json` does, as its exit status.
    static func detect(path: String) -> Int32 {
        ScoreDocument.keepPageBuffersOnTheHeap()
        do {
            let document = try ScoreDocument(path: path)
            let detected = try document.detectLayout(pages: nil, dpi: ScoreDocument.detectionDPI, vector: true)
            var layout = try ScoreLayout(detected: detected)
            layout = try document.numberedAsPrinted(layout).layout
            var members: [(String, JSONValue)] = []
            if case .object(let m) = layout.jsonTree { members = m }
            members.append(("detection", DetectedPage.report(detected, dpi: ScoreDocument.detectionDPI)))
            let json = JSONValue.object(members)
            print(json.serialized())
            return 0
        } catch let error as ScoreDocumentError {
            // As `ScoreDocumentError.exitStatus` in the command.
            switch error {
            case .renderFailed, .writeFailed: return 1
            default: return 2
            }
        } catch {
            return 1
        }
    }
}
