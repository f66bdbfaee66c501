import TonmeisterSupport

/// Writing an edit timeline as a CMX3600 edit decision list.
extension EditTimeline {
    /// The EDL text: `TITLE`, `FCM`, then per event a line `NNN  REEL     CH    C        srcIn srcOut recIn recOut`
    /// followed by comments.
    ///
    /// **Channels.** The channel field names the channels the take's file has: `A` for a mono file, `AA` for a
    /// stereo one (channels 1 and 2). CMX3600 has no field for a pair beyond 1–2 (only the `AUD 3 4` extension for
    /// channels 3 and 4), so a file with more than two channels gets **one event per channel**, `A`, `A2`, `A3` …
    /// `A12`, with the same times (the extended form Avid and Final Cut Pro write, and pycmx and OpenTimelineIO
    /// read): a conform then brings in every channel, not only the first.
    ///
    /// **Splices.** With a crossfade (`crossfade`, the session's, 10 ms by default) a splice between two takes is,
    /// on the channels the outgoing take has too, a dissolve of `crossfadeFrames` frames starting at the barline: a zero-length cut of
    /// the outgoing take at its out point, then the incoming take with `D` and the length (the outgoing take plays
    /// on under it from its handle). Cut points stay exactly on the barlines either way.
    ///
    /// Record timecodes run on from `recordStart`, so source and record durations are equal. Comments: `* FROM
    /// CLIP NAME:` the file's name (or the take), `* FROM FILE:` and `* SOURCE FILE:` the file's absolute path (the first is
    /// what OpenTimelineIO's and Nucoda's readers link media by, the second pycmx's and Avid's), a line naming the take,
    /// bars and rating, `* NO TIMECODE`, `* TIMING ESTIMATED:`, and `* LOC:` locators for the take's marks. Text is
    /// written in ASCII (other characters become `?`, dashes `-`); lines end with CRLF as EDL readers expect.
    public func cmx3600() -> String {
        var lines: [String] = ["TITLE: " + Self.ascii(title, limit: 70), "FCM: " + (dropFrame ? "DROP FRAME" : "NON-DROP FRAME"), ""]
        var record = recordStart
        var number = 0
        let fade = crossfadeFrames
        func eventNumber() -> String {
            number += 1
            let text = String(number)
            return String(repeating: "0", count: max(0, 3 - text.count)) + text
        }
        for (index, event) in events.enumerated() {
            let previous = index > 0 ? events[index - 1] : nil
            let codes = Self.channelCodes(event.channels)
            for code in codes {
                // A dissolve on the channels the outgoing take has too; a cut on the others.
                let dissolve = fade > 0 && previous.map { $0.take != event.take && $0.channels >= Self.channels(of: code).max()! } == true
                let tag = eventNumber()
                let reel = event.reel.padding(8), channel = code.padding(5)
                let times = "\(timecode(event.sourceIn)) \(timecode(event.sourceOut)) \(timecode(record)) \(timecode(record + event.duration))"
                if dissolve, let previous {
                    let out = timecode(previous.sourceOut), at = timecode(record)
                    lines.append("\(tag)  \(previous.reel.padding(8)) \(channel) C        \(out) \(out) \(at) \(at)")
                    lines.append("\(tag)  \(reel) \(channel) D    \(Self.threeDigits(fade)) \(times)")
                    lines.append("* FROM CLIP NAME: " + Self.ascii(previous.clipName, limit: 120))
                    lines.append("* TO CLIP NAME: " + Self.ascii(event.clipName, limit: 120))
                } else {
                    lines.append("\(tag)  \(reel) \(channel) C        \(times)")
                    lines.append("* FROM CLIP NAME: " + Self.ascii(event.clipName, limit: 120))
                }
                if let source = event.source {
                    lines.append("* FROM FILE: " + Self.ascii(source, limit: 240))
                    lines.append("* SOURCE FILE: " + Self.ascii(source, limit: 240))
                }
                lines.append("* TAKE \(Self.ascii(event.label, limit: 20)) BARS \(Self.ascii(event.fromBar, limit: 10))-"
                             + "\(Self.ascii(event.toBar, limit: 10)) RATING \(event.rating)"
                             + (codes.count > 1 ? " CHANNEL \(code == "A" ? "1" : String(code.dropFirst()))" : ""))
                if dissolve { lines.append("* CROSSFADE \(Self.milliseconds(crossfade)) MS (\(fade) FRAME\(fade == 1 ? "" : "S"))") }
                if event.noTimecode { lines.append("* NO TIMECODE") }
                if event.placement == .audio { lines.append("* PLACED FROM AUDIO") }
                if !event.placement.isMeasured { lines.append("* TIMING ESTIMATED: " + event.placement.rawValue.uppercased()) }
                for locator in event.locators {
                    lines.append("* LOC: \(timecode(locator.frame)) \(locator.color.padding(7)) " + Self.ascii(locator.text, limit: 60))
                }
                lines.append("")
            }
            record += event.duration
        }
        return lines.joined(separator: "\r\n")
    }

    /// The channel fields of a file with `channels` channels: `A`, `AA`, or `A`, `A2` … `An` (one event each).
    public static func channelCodes(_ channels: Int) -> [String] {
        switch channels {
        case ...1: return ["A"]
        case 2: return ["AA"]
        default: return ["A"] + (2...channels).map { "A\($0)" }
        }
    }

    /// The channels a channel field names: `A` 1, `AA` 1 and 2, `A7` 7.
    static func channels(of code: String) -> [Int] {
        code == "AA" ? [1, 2] : code == "A" ? [1] : [Int(code.dropFirst()) ?? 1]
    }

    static func threeDigits(_ n: Int) -> String {
        let text = String(min(n, 999))
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }

    /// Milliseconds of `seconds`, with decimals only when it has them (`10`, `12.5`).
    static func milliseconds(_ seconds: Double) -> String { PlainNumber.text(seconds * 1000, places: 3) }

    /// Printable ASCII only, at most `limit` characters: dashes become `-`, curly quotes straight, the rest `?`.
    static func ascii(_ text: String, limit: Int) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            case 0x2010...0x2015: out += "-"
            case 0x2018, 0x2019: out += "'"
            case 0x201C, 0x201D: out += "\""
            case 0x09, 0x0A, 0x0D: out += " "
            default: out += "?"
            }
            if out.count >= limit { break }
        }
        return out
    }
}

extension String {
    /// The string padded with spaces on the right to at least `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
