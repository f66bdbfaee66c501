// The in-process runner of `scripts/fuzz-pdfs --in-process`: the whole `score detect --json` pipeline on many
// files without starting the command for each. Built by `scripts/fuzz-detect-driver` (swiftc -O, no sanitizer).
//
//     detect-driver [WALL_SECONDS] [--decode-only] [--cpu-limit S] [--rss-limit-mb M] [--warm PDF]
//
// It reads one PDF path per line on standard input and answers one line per path on standard output:
//   `exit STATUS CPU_SECONDS MAX_RSS_KIB`, `signal NUMBER CPU MAX_RSS`, `hang CPU MAX_RSS`, `wall CPU MAX_RSS` or
//   `memory CPU MAX_RSS`.
// Each file is read in a child forked from this (single-threaded) process, so a crash, an abort or a hang takes
// down only that child; the child does what `ScoreDetectCommand` does (open, detect every page, build and
// validate the layout, number it as printed, write the JSON) and exits as the command would: 0, 2 for a
// `ScoreDocumentError` the command reports with status 2, 1 for any other error. A child is stopped and reported
// as a `hang` when it uses more than `--cpu-limit` seconds of processor time (RLIMIT_CPU; default 10), as `wall`
// when it runs longer than the wall-clock limit (first argument, seconds; default 60) with less processor time than
// that (waiting, or starved on a busy machine: the caller runs it again), and as `memory` when its resident memory passes
// `--rss-limit-mb` (default 1024; polled every 10 ms, and the peak from `wait4` is reported either way).
// `--warm PDF` reads a page of that PDF once before the first fork (poppler, cairo, fontconfig and the Swift
// runtime's caches set up once, not in every child), as long as this process stays single-threaded.
// With `--decode-only` the child only decodes each page's scanned image (`scannedGrayImage(page:)`, Tonmeister's
// own Flate and CCITT decoding, JPEG through libjpeg-turbo) instead: Benchmarks/ScoreBench/ccitt.py times it
// against libtiff and poppler.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

@main
enum DetectDriver {
    /// The limits a child runs under.
    struct Limits {
        var wall = 60.0
        var cpu = 10
        var rssKiB = 1024 * 1024
    }

    static func main() {
        var limits = Limits()
        var decodeOnly = false
        var warm: String?
        var arguments = CommandLine.arguments.dropFirst()
        if let first = arguments.first, let wall = Double(first) { limits.wall = wall; arguments = arguments.dropFirst() }
        while let flag = arguments.popFirst() {
            switch flag {
            case "--decode-only": decodeOnly = true
            case "--cpu-limit": limits.cpu = arguments.popFirst().flatMap { Int($0) } ?? limits.cpu
            case "--rss-limit-mb": limits.rssKiB = (arguments.popFirst().flatMap { Int($0) } ?? 1024) * 1024
            case "--warm": warm = arguments.popFirst()
            default: FileHandle.standardError.write(Data("detect-driver: unknown argument \(flag)\n".utf8)); exit(2)
            }
        }
        // Load the lazily loaded libraries once, so each child finds them mapped (as the command loads them).
        for name in ["libcairo.so.2", "libpoppler-glib.so.8", "libgobject-2.0.so.0", "libglib-2.0.so.0"] {
            _ = dlopen(name, RTLD_NOW | RTLD_GLOBAL)
        }
        if let warm { warmUp(warm) }
        setvbuf(stdout, nil, _IOLBF, 0)
        while let line = readLine() {
            let path = line.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { continue }
            print(runChild(path: path, limits: limits, decodeOnly: decodeOnly))
        }
    }

    /// Draws page 1 of `path` once, on this thread only, so that children start with poppler's, cairo's and
    /// fontconfig's set-up done. A fork from a process with other threads would copy their locks held: when the
    /// warm-up leaves a thread behind, the runner says so and stops.
    static func warmUp(_ path: String) {
        _ = try? ScoreDocument(path: path).renderPNGs(pages: [1], dpi: 36, gray: true, workers: 1)
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 1
        guard threads == 1 else {
            FileHandle.standardError.write(Data("detect-driver: the warm-up left \(threads) threads; run without --warm\n".utf8))
            exit(2)
        }
    }

    /// Resident memory of process `pid` in KiB (0 when it cannot be read).
    static func residentKiB(_ pid: pid_t) -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .ascii) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Processor time (user + system) process `pid` has used so far, from /proc (0 when it cannot be read).
    static func processorSeconds(_ pid: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .ascii),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After the command name in parentheses: state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Writes to standard error what a child stopped on the clock or at the processor-time limit was doing: its state and wait channel from /proc
    /// and every thread's backtrace (gdb, when installed), so a wait that never ends can be told from starvation.
    static func describeStopped(_ pid: pid_t, path: String) {
        // Stopped first: it then uses no more processor time, so RLIMIT_CPU cannot end it while gdb starts (under
        // load gdb takes seconds to start, and the child was found a zombie by then).
        kill(pid, SIGSTOP)
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .ascii)) ?? "?"
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .ascii)) ?? "?"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").sorted()) ?? []
        var report = "detect-driver: \(path) stopped (clock or processor time): stat \(stat.prefix(120)); wchan \(wchan); \(tasks.count) threads\n"
        // Each thread's own user and system ticks, its system call (number and arguments, or "running") and its
        // kernel stack: a thread spinning through sched_yield or futex shows here without gdb.
        for task in tasks {
            let base = "/proc/\(pid)/task/\(task)"
            let taskStat = (try? String(contentsOfFile: "\(base)/stat", encoding: .ascii)) ?? ""
            let ticks = taskStat.lastIndex(of: ")").map { close in
                let fields = taskStat[taskStat.index(after: close)...].split(separator: " ")
                return fields.count > 12 ? "utime \(fields[11]) stime \(fields[12])" : "?"
            } ?? "?"
            let syscall = (try? String(contentsOfFile: "\(base)/syscall", encoding: .ascii)) ?? "?"
            let stack = (try? String(contentsOfFile: "\(base)/stack", encoding: .ascii)) ?? "?"
            report += "  thread \(task): \(ticks); syscall \(syscall.trimmingCharacters(in: .whitespacesAndNewlines)); kernel stack "
                + stack.split(separator: "\n").prefix(6).joined(separator: " | ") + "\n"
        }
        FileHandle.standardError.write(Data(report.utf8))
        // posix_spawn, not Foundation's Process: this runner must stay single-threaded for its next fork.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let arguments = ["/usr/bin/gdb", "-p", "\(pid)", "-batch", "-nx", "-ex", "thread apply all bt 25"]
        var argv = arguments.map { strdup($0) } + [nil]
        var gdb: pid_t = 0
        if posix_spawn(&gdb, "/usr/bin/gdb", &actions, nil, &argv, environ) == 0 {
            var status: Int32 = 0
            _ = waitpid(gdb, &status, 0)
        }
        argv.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
    }

    /// Forks a child that reads `path` and waits for it (stopping it at the limits).
    static func runChild(path: String, limits: Limits, decodeOnly: Bool) -> String {
        let pid = fork()
        if pid == 0 {
            // Like the command: its output goes nowhere here.
            let null = open("/dev/null", O_WRONLY)
            dup2(null, 1)
            dup2(null, 2)
            // SIGXCPU a second past the limit, SIGKILL a second later.
            var cpu = rlimit(rlim_cur: rlim_t(limits.cpu + 1), rlim_max: rlim_t(limits.cpu + 2))
            setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
            _exit(runOnFreshThread(path: path, decodeOnly: decodeOnly))
        }
        guard pid > 0 else { return "exit 127 0 0" }
        let start = Date()
        var status: Int32 = 0
        var usage = rusage()
        var stopped: String?
        var polls = 0
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            polls += 1
            if Date().timeIntervalSince(start) > limits.wall {
                stopped = "wall"
            } else if polls % 10 == 0, residentKiB(pid) > limits.rssKiB {
                stopped = "memory"
            } else if polls % 10 == 0, processorSeconds(pid) > Double(limits.cpu) {
                stopped = "cpu"  // before RLIMIT_CPU's signal, so that what it was doing can be written down
            }
            if stopped != nil {
                if stopped == "wall" || stopped == "cpu" { describeStopped(pid, path: path) }
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(1000)
        }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let tail = "\(cpu) \(usage.ru_maxrss)"
        if stopped == "cpu" || (stopped == "wall" && cpu > Double(limits.cpu)) { return "hang \(tail)" }
        if let stopped { return "\(stopped) \(tail)" }
        let signal = status & 0x7f
        if signal == SIGXCPU || (signal == SIGKILL && cpu > Double(limits.cpu)) || cpu > Double(limits.cpu) { return "hang \(tail)" }
        if signal != 0 { return "signal \(signal) \(tail)" }
        return "exit \((status >> 8) & 0xff) \(tail)"
    }

    /// The child's work and its answer, handed to and from its fresh thread (the child has no other use for them).
    nonisolated(unsafe) static var childJob: (path: String, decodeOnly: Bool, status: Int32) = ("", false, 1)

    /// Runs the child's work on a thread of its own, the forked main thread only waiting for it.
    ///
    /// The Swift runtime's locks on Linux (`ulock`, a priority-inheritance futex holding its owner's thread id) take
    /// that id from a per-thread cache, and a forked child's main thread inherits the parent's cached id. Once two
    /// threads of the child contend for such a lock (pages are read on several threads), the unlock is refused by the
    /// kernel (the lock names the parent as owner) and both threads spin in `futex` for ever: seen as 10 s of
    /// processor time, three quarters of it in the kernel, both threads in `swift::threading_impl::once_slow`, on
    /// about 1 file in 2 000 under load and never on a re-run. A new thread has no cached id; the main thread only
    /// calls `pthread_create` and `pthread_join`, which take no Swift lock. The command itself is never forked.
    static func runOnFreshThread(path: String, decodeOnly: Bool) -> Int32 {
        childJob = (path, decodeOnly, 1)
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 8 << 20)  // as the command's main thread (ulimit -s)
        let created = pthread_create(&thread, &attributes, { _ in
            let job = DetectDriver.childJob
            DetectDriver.childJob.status = job.decodeOnly ? DetectDriver.decode(path: job.path) : DetectDriver.detect(path: job.path)
            return nil
        }, nil)
        guard created == 0 else { return 127 }
        pthread_join(thread, nil)
        return childJob.status
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
        ScoreDocument.tuneMemoryForDetection()
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
