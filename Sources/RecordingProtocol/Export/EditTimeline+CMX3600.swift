/// Writing an edit timeline as a CMX3600 edit decision list.
extension EditTimeline {
    /// The EDL text: `TITLE`, `FCM`, then per event a line `NNN  REEL     A     C        srcIn srcOut recIn recOut`
    /// followed by comments.
    ///
    /// Each event is a cut on audio channel 1 (`A`). Record timecodes run on from `recordStart`
    /// with each event's duration, so source and record durations are equal. Comments: `* FROM CLIP
    /// NAME:` the source file (or the take), `* FROM FILE:` the source file when known, a line naming
    /// the take and the bars, `* NO TIMECODE` for a take without a record start (its source timecode counts
    /// from 00:00:00:00), `* TIMING ESTIMATED:` for a take placed at a tempo, and `* LOC:` locators for the take's marks inside the event. Text is
    /// written in ASCII (other characters become `?`, dashes `-`); lines end with CRLF as EDL readers expect.
    public func cmx3600() -> String {
        var lines: [String] = ["TITLE: " + Self.ascii(title, limit: 70), "FCM: " + (dropFrame ? "DROP FRAME" : "NON-DROP FRAME"), ""]
        var record = recordStart
        for (index, event) in events.enumerated() {
            let number = String(index + 1)
            let eventNumber = String(repeating: "0", count: max(0, 3 - number.count)) + number
            let reel = event.reel.padding(8)
            lines.append("\(eventNumber)  \(reel) A     C        \(timecode(event.sourceIn)) \(timecode(event.sourceOut)) "
                         + "\(timecode(record)) \(timecode(record + event.duration))")
            let clip = event.source ?? "take \(event.label)"
            lines.append("* FROM CLIP NAME: " + Self.ascii(clip, limit: 120))
            if let source = event.source { lines.append("* FROM FILE: " + Self.ascii(source, limit: 120)) }
            lines.append("* TAKE \(Self.ascii(event.label, limit: 20)) BARS \(Self.ascii(event.fromBar, limit: 10))-"
                         + "\(Self.ascii(event.toBar, limit: 10)) RATING \(event.rating)")
            if event.noTimecode { lines.append("* NO TIMECODE") }
            if event.placement != .timed { lines.append("* TIMING ESTIMATED: " + event.placement.rawValue.uppercased()) }
            for locator in event.locators {
                lines.append("* LOC: \(timecode(locator.frame)) \(locator.color.padding(7)) " + Self.ascii(locator.text, limit: 60))
            }
            lines.append("")
            record += event.duration
        }
        return lines.joined(separator: "\r\n")
    }

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
