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

}
