/// One staff of a system: a y-range `top…bottom` in PDF points (top line to bottom line).
public struct StaffLayout: Codable, Hashable, Sendable {
    /// The y coordinate of the staff's top line.
    public var top: Double
    /// The y coordinate of the staff's bottom line.
    public var bottom: Double

    /// Creates a staff.
    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }

    /// The staff's height (`bottom - top`).
    public var height: Double { bottom - top }

    /// True when `top <= y <= bottom`.
    public func contains(y: Double) -> Bool { top <= y && y <= bottom }

    private enum CodingKeys: String, CodingKey { case top, bottom }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        top = try c.decode(Double.self, forKey: .top)
        bottom = try c.decode(Double.self, forKey: .bottom)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(top, forKey: .top)
        try c.encode(bottom, forKey: .bottom)
    }
}
