/// The `bext` chunk of a Broadcast WAVE file (EBU Tech 3285): who recorded it, when, and its time reference.
public struct BroadcastExtension: Hashable, Sendable {
    /// Free description (256 bytes); recorders often put `sSCENE=…`, `sTAKE=…` lines here.
    public var description: String
    /// The recorder or program (32 bytes).
    public var originator: String
    /// The recorder's reference for the file (32 bytes).
    public var originatorReference: String
    /// `yyyy-mm-dd` (10 bytes).
    public var originationDate: String
    /// `hh:mm:ss` (8 bytes).
    public var originationTime: String
    /// The first sample's position in samples since midnight.
    public var timeReference: UInt64
    /// The `bext` version (0, 1 or 2).
    public var version: Int

    public init(description: String = "", originator: String = "", originatorReference: String = "",
                originationDate: String = "", originationTime: String = "", timeReference: UInt64 = 0, version: Int = 1) {
        (self.description, self.originator, self.originatorReference) = (description, originator, originatorReference)
        (self.originationDate, self.originationTime, self.timeReference, self.version) = (originationDate, originationTime, timeReference, version)
    }

    /// Reads the chunk body.
    ///
    /// - Throws: `BroadcastWaveError.damaged` when it is shorter than the 348 bytes that hold the time reference and version.
    init(_ body: [UInt8]) throws(BroadcastWaveError) {
        guard body.count >= 348 else { throw .damaged("the bext chunk is \(body.count) bytes, shorter than 348") }
        func text(_ from: Int, _ count: Int) -> String {
            let slice = body[from..<from + count].prefix { $0 != 0 }
            return String(decoding: slice, as: UTF8.self).trimmingWhitespaceAndControls()
        }
        self.init(description: text(0, 256), originator: text(256, 32), originatorReference: text(288, 32),
                  originationDate: text(320, 10), originationTime: text(330, 8),
                  timeReference: BroadcastWave.le64(body, 338), version: Int(BroadcastWave.le16(body, 346)))
    }

    /// The value of a `KEY=value` line of the description (`sTAKE=12` for key `TAKE`; an `s` or `n` prefix is allowed).
    public func descriptionValue(_ key: String) -> String? {
        for line in description.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var name = line[..<equals].uppercased()
            if name.count == key.count + 1, name.first == "S" || name.first == "N" { name.removeFirst() }
            if name == key.uppercased() {
                let value = line[line.index(after: equals)...].trimmingWhitespaceAndControls()
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs, line breaks and other control characters.
    func trimmingWhitespaceAndControls() -> String {
        let scalars = unicodeScalars
        let keep: (Unicode.Scalar) -> Bool = { $0.value > 0x20 && $0.value != 0x7F }
        guard let first = scalars.firstIndex(where: keep), let last = scalars.lastIndex(where: keep) else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}
