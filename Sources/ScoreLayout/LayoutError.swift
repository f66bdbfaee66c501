/// An error raised by ScoreLayout when a layout, a bar number or an edit is invalid.
///
/// System, staff, bar and barline values are **0-based indices** within their page or system;
/// pages are page numbers (from 1). Every description names the page, the index and the
/// offending value so that a producer can find the mistake on paper.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON could not be read; `reason` names the path of the bad field.
    case invalidJSON(reason: String)
    /// A bar number could not be read.
    case invalidBarNumber(input: String, reason: String)
    /// A page entry is invalid (number below 1, pages not strictly increasing).
    case invalidPage(page: Int, reason: String)
    /// A system is invalid (empty range, not finite, overlapping or out of order).
    case invalidSystem(page: Int, system: Int, reason: String)
    /// A staff is invalid (outside its system, empty range, overlapping or out of order).
    case invalidStaff(page: Int, system: Int, staff: Int, reason: String)
    /// A bar is invalid (empty range, not finite, overlapping or out of order).
    case invalidBar(page: Int, system: Int, bar: Int, reason: String)
    /// A position cannot be resolved (coordinates not finite).
    case invalidPosition(page: Int, reason: String)
    /// The page is not part of the layout (or is not a valid page number).
    case pageNotFound(page: Int)
    /// The page has no system with this index; `count` is how many it has.
    case systemNotFound(page: Int, system: Int, count: Int)
    /// The system has no barline with this index; `count` is how many barlines it has.
    case barlineNotFound(page: Int, system: Int, barline: Int, count: Int)
    /// No system of the page contains the y coordinate.
    case noSystemAt(page: Int, y: Double)
    /// A new system would overlap the existing system with index `system`.
    case overlap(page: Int, top: Double, bottom: Double, system: Int)
    /// An edit is impossible; `system` is nil when the edit concerns the whole page.
    case invalidEdit(page: Int, system: Int?, reason: String)
    /// A numbering rule cannot be applied to this layout.
    case invalidRule(rule: NumberingRule, reason: String)

    public var description: String {
        switch self {
        case .invalidJSON(let reason):
            return "invalid layout JSON: \(reason)"
        case .invalidBarNumber(let input, let reason):
            return "invalid bar number '\(Self.excerpt(input))': \(reason)"
        case .invalidPage(let page, let reason):
            return "invalid layout: page \(page): \(reason)"
        case .invalidSystem(let page, let system, let reason):
            return "invalid layout: page \(page), system index \(system): \(reason)"
        case .invalidStaff(let page, let system, let staff, let reason):
            return "invalid layout: page \(page), system index \(system), staff index \(staff): \(reason)"
        case .invalidBar(let page, let system, let bar, let reason):
            return "invalid layout: page \(page), system index \(system), bar index \(bar): \(reason)"
        case .invalidPosition(let page, let reason):
            return "invalid position on page \(page): \(reason)"
        case .pageNotFound(let page):
            return page < 1
                ? "page \(page) does not exist: pages are numbered from 1"
                : "page \(page) is not part of the layout"
        case .systemNotFound(let page, let system, let count):
            return "page \(page) has no system index \(system) (it has \(count) system\(count == 1 ? "" : "s"))"
        case .barlineNotFound(let page, let system, let barline, let count):
            return "page \(page), system index \(system) has no barline index \(barline) (it has \(count) barline\(count == 1 ? "" : "s"))"
        case .noSystemAt(let page, let y):
            return "no system on page \(page) contains y = \(Self.format(y))"
        case .overlap(let page, let top, let bottom, let system):
            return "new system \(Self.format(top))…\(Self.format(bottom)) on page \(page) overlaps system index \(system)"
        case .invalidEdit(let page, let system, let reason):
            if let system { return "cannot edit page \(page), system index \(system): \(reason)" }
            return "cannot edit page \(page): \(reason)"
        case .invalidRule(let rule, let reason):
            return "cannot apply numbering rule \(rule): \(reason)"
        }
    }

    /// Formats a coordinate compactly: `60`, `210.5`, `12.35` (at most two decimals), `nan`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }

    /// Shortens very long inputs so that messages stay readable.
    static func excerpt(_ s: String, limit: Int = 40) -> String {
        if s.count <= limit { return s }
        return String(s.prefix(limit)) + "… (\(s.count) characters)"
    }
}
