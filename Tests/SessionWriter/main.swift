// session-writer: a helper process for the Storage robustness tests.
//
// Usage: session-writer DB.sqlite TAKE [COUNT [PAUSE]]
//
// Opens the session database, then appends rating marks to the live take TAKE in a loop
// (COUNT of them; forever when COUNT is 0 or omitted), waiting PAUSE microseconds between
// appends (none by default; a producer's taps are milliseconds apart). Each mark is placed on page 3, in the
// second system (bars 27–31 of the example score), which lies inside take 30 of
// `Examples/chorale-session.json`. After each committed append the new mark id is written on
// its own line straight to file descriptor 1 (no buffering), so every id a reader sees is an
// acknowledged, committed mark. Errors go to standard error with exit status 1.
import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// Writes one line to standard output with a single unbuffered `write(2)`.
func acknowledge(_ id: Int) {
    let bytes = Array("\(id)\n".utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { exit(2) }
            offset += written
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let take = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: session-writer DB.sqlite TAKE [COUNT [PAUSE]]\n".utf8))
    exit(64)
}
let count = arguments.count >= 4 ? Int(arguments[3]) ?? 0 : 0
let pause = arguments.count >= 5 ? UInt32(arguments[4]) ?? 0 : 0

do {
    let database = try SessionDatabase(path: arguments[1])
    var index = 0
    while count == 0 || index < count {
        let position = ScorePosition(page: 3, x: 70 + Double(index % 490), y: 340)
        let mark = Mark(id: 0, take: take, kind: .rating(index % 5 + 1), at: position, time: Double(index) / 10)
        acknowledge(try database.appendMark(mark))
        index += 1
        if pause > 0 { usleep(pause) }
    }
} catch {
    FileHandle.standardError.write(Data("session-writer: \(error)\n".utf8))
    exit(1)
}
