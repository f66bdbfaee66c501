/// A SMPTE timecode `HH:MM:SS:FF` (a `;` before the frames marks drop-frame).
public struct Timecode: Hashable, Sendable, CustomStringConvertible {
    /// Hours, 0…23.
    public var hours: Int
    /// Minutes, 0…59.
    public var minutes: Int
    /// Seconds, 0…59.
    public var seconds: Int
    /// Frames, below the frame rate (below 120 when the rate is unknown).
    public var frames: Int
    /// True for drop-frame timecode (written with `;` before the frames).
    public var dropFrame: Bool

    /// Reads `HH:MM:SS:FF`; with a frame rate, the frames must be below it.
    ///
    /// - Throws: `TimecodeError` naming the bad part, such as "minutes 61 must be below 60".
    public init(_ text: String, fps: Double? = nil) throws(TimecodeError) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 11 else { throw TimecodeError("expected 11 characters, found \(scalars.count)") }
        func digits(_ at: Int, _ what: String) throws(TimecodeError) -> Int {
            let pair = scalars[at..<at + 2]
            guard pair.allSatisfy({ ("0"..."9").contains($0) }) else {
                throw TimecodeError("\(what) must be two digits")
            }
            return pair.reduce(0) { $0 * 10 + Int($1.value - 48) }
        }
        guard scalars[2] == ":", scalars[5] == ":" else { throw TimecodeError("expected ':' between hours, minutes and seconds") }
        guard scalars[8] == ":" || scalars[8] == ";" else { throw TimecodeError("expected ':' or ';' before the frames") }
        hours = try digits(0, "hours")
        minutes = try digits(3, "minutes")
        seconds = try digits(6, "seconds")
        frames = try digits(9, "frames")
        dropFrame = scalars[8] == ";"
        guard hours < 24 else { throw TimecodeError("hours \(hours) must be below 24") }
        guard minutes < 60 else { throw TimecodeError("minutes \(minutes) must be below 60") }
        guard seconds < 60 else { throw TimecodeError("seconds \(seconds) must be below 60") }
        let limit = fps.map { Int($0.rounded(.up)) } ?? 120
        guard frames < limit else { throw TimecodeError("frame \(frames) must be below \(limit)") }
    }

    /// `10:02:11:00`.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(dropFrame ? ";" : ":")\(two(frames))"
    }

    /// The time in seconds since midnight at a frame rate (drop-frame counted nominally).
    public func seconds(fps: Double) -> Double {
        Double(hours * 3600 + minutes * 60 + seconds) + Double(frames) / fps
    }
}

/// Why a timecode could not be read.
public struct TimecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, such as "minutes 61 must be below 60".
    public var reason: String
    /// Creates the error.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
