/// The fields of an `iXML` chunk that say which take a file is and how its timecode runs.
///
/// iXML is a small XML document (`<BWFXML>…</BWFXML>`); only the first element of each name is read, with the
/// five XML entities and numeric character references decoded. Anything unreadable is simply absent.
public struct RecorderXML: Hashable, Sendable {
    public var project: String?
    public var scene: String?
    public var take: String?
    public var tape: String?
    public var note: String?
    /// `SPEED/TIMECODE_RATE`, such as `25/1` or `30000/1001`.
    public var timecodeRate: String?
    /// `SPEED/TIMECODE_FLAG`: `NDF` or `DF`.
    public var timecodeFlag: String?

    public init(project: String? = nil, scene: String? = nil, take: String? = nil, tape: String? = nil, note: String? = nil,
                timecodeRate: String? = nil, timecodeFlag: String? = nil) {
        (self.project, self.scene, self.take, self.tape, self.note) = (project, scene, take, tape, note)
        (self.timecodeRate, self.timecodeFlag) = (timecodeRate, timecodeFlag)
    }

    /// Reads the fields from the chunk's text.
    init(_ xml: String) {
        func value(_ name: String) -> String? {
            guard let open = xml.range(of: "<\(name)>"), let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
            else { return nil }
            let text = Self.unescape(String(xml[open.upperBound..<close.lowerBound])).trimmingWhitespaceAndControls()
            return text.isEmpty ? nil : text
        }
        self.init(project: value("PROJECT"), scene: value("SCENE"), take: value("TAKE"), tape: value("TAPE"), note: value("NOTE"),
                  timecodeRate: value("TIMECODE_RATE"), timecodeFlag: value("TIMECODE_FLAG"))
    }

    /// The frame rate of `timecodeRate` (`30000/1001` → 29.97), when it reads as one.
    public var framesPerSecond: Double? {
        guard let timecodeRate else { return nil }
        let parts = timecodeRate.split(separator: "/").map { Double($0.trimmingWhitespaceAndControls()) }
        let rate: Double?
        switch parts.count {
        case 1: rate = parts[0]
        case 2: rate = parts[0].flatMap { n in parts[1].flatMap { $0 > 0 ? n / $0 : nil } }
        default: rate = nil
        }
        guard let rate, rate.isFinite, rate > 0, rate <= 120 else { return nil }
        let rounded = (rate * 100).rounded() / 100
        return rounded
    }

    /// True for drop-frame timecode.
    public var isDropFrame: Bool { timecodeFlag?.uppercased() == "DF" }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"; rest = rest[rest.index(after: amp)...]; continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { out.unicodeScalars.append(scalar) } else { out += "&\(entity);" }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
