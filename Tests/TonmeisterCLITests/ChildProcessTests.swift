import Foundation
import TestSupport
import Testing

/// The tests' process runner reads both pipes at once, so a chatty child cannot block on a full pipe.
@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("200 000 bytes on each of standard error and standard output (three times a pipe's buffer) come back whole")
    func bothPipesAtOnce() throws {
        let run = try ChildProcess.run(path: "/bin/sh", ["-c", "head -c 200000 /dev/zero >&2; head -c 200000 /dev/zero; exit 3"])
        #expect(run.status == 3)
        #expect(run.stdout.count == 200_000)
        #expect(run.stderr.count == 200_000)
    }

    @Test("standard input larger than a pipe's buffer reaches the child while it writes")
    func largeInput() throws {
        let input = Data(repeating: 65, count: 300_000)
        let run = try ChildProcess.run(path: "/bin/cat", [], input: input)
        #expect(run.status == 0)
        #expect(run.stdout == input)
    }
}
