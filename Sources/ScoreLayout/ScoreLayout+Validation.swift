/// Checking the structural rules of a layout.
extension ScoreLayout {
    /// Checks the layout and throws the first problem found.
    ///
    /// The rules: page numbers are at least 1 and strictly increasing; on each page systems are
    /// sorted by top, have `top < bottom` and do not overlap (`bottom <= next top`); staves lie
    /// inside their system, have `top < bottom`, are sorted and do not overlap; bars have
    /// `left < right`, are sorted by left and do not overlap (`right <= next left`); every value
    /// is finite. Errors name the page, the 0-based system/staff/bar index and the values.
    public func validate() throws {
        var previous: Int?
        for page in pages {
            guard page.page >= 1 else {
                throw LayoutError.invalidPage(page: page.page, reason: "page numbers start at 1")
            }
            if let previous, page.page <= previous {
                throw LayoutError.invalidPage(
                    page: page.page,
                    reason: page.page == previous
                        ? "listed twice" : "listed after page \(previous); pages must be in increasing order")
            }
            previous = page.page
            try Self.validate(page)
        }
    }

    /// True when `validate()` finds no problem.
    public var isValid: Bool { (try? validate()) != nil }

    private static func validate(_ page: PageLayout) throws {
        let p = page.page
        for (s, system) in page.systems.enumerated() {
            try checkRange(system.top, system.bottom, names: ("top", "bottom")) {
                LayoutError.invalidSystem(page: p, system: s, reason: $0)
            }
            if s > 0 {
                let above = page.systems[s - 1]
                if system.top < above.top {
                    throw LayoutError.invalidSystem(
                        page: p, system: s,
                        reason: "top \(f(system.top)) is above the top \(f(above.top)) of system index \(s - 1); systems must be sorted by top")
                }
                if system.top < above.bottom {
                    throw LayoutError.invalidSystem(
                        page: p, system: s,
                        reason: "top \(f(system.top)) overlaps system index \(s - 1), which ends at \(f(above.bottom))")
                }
            }
            try validateStaves(system, page: p, system: s)
            try validateBars(system, page: p, system: s)
        }
    }

    private static func validateStaves(_ system: SystemLayout, page p: Int, system s: Int) throws {
        guard let staves = system.staves else { return }
        for (t, staff) in staves.enumerated() {
            try checkRange(staff.top, staff.bottom, names: ("top", "bottom")) {
                LayoutError.invalidStaff(page: p, system: s, staff: t, reason: $0)
            }
            if staff.top < system.top || staff.bottom > system.bottom {
                throw LayoutError.invalidStaff(
                    page: p, system: s, staff: t,
                    reason: "\(f(staff.top))…\(f(staff.bottom)) is not inside its system \(f(system.top))…\(f(system.bottom))")
            }
            if t > 0, staff.top < staves[t - 1].bottom {
                throw LayoutError.invalidStaff(
                    page: p, system: s, staff: t,
                    reason: "top \(f(staff.top)) is above the bottom \(f(staves[t - 1].bottom)) of staff index \(t - 1); staves must be sorted and must not overlap")
            }
        }
    }

    private static func validateBars(_ system: SystemLayout, page p: Int, system s: Int) throws {
        guard let bars = system.bars else { return }
        for (b, bar) in bars.enumerated() {
            try checkRange(bar.left, bar.right, names: ("left", "right")) {
                LayoutError.invalidBar(page: p, system: s, bar: b, reason: "bar \(bar.number): " + $0)
            }
            if b > 0, bar.left < bars[b - 1].right {
                throw LayoutError.invalidBar(
                    page: p, system: s, bar: b,
                    reason: "bar \(bar.number): left \(f(bar.left)) is left of the right edge \(f(bars[b - 1].right)) of bar index \(b - 1); bars must be sorted and must not overlap")
            }
        }
    }

    private static func checkRange(
        _ low: Double, _ high: Double, names: (String, String), error: (String) -> LayoutError
    ) throws {
        if !low.isFinite { throw error("\(names.0) \(low) is not a finite number") }
        if !high.isFinite { throw error("\(names.1) \(high) is not a finite number") }
        if !(low < high) {
            throw error("\(names.0) \(f(low)) must be less than \(names.1) \(f(high))")
        }
    }
}
