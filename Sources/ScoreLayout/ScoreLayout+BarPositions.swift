/// Positions inside bars: the way back from a bar (and a fraction of it) to a point on the page.
extension ScoreLayout {
    /// The point `fraction` of the way through a bar, at the vertical centre of its system.
    ///
    /// `fraction` is clamped to 0…1 (0: the left barline, 1: the right). Resolving the returned
    /// position gives back the same bar and fraction, except at a shared barline, which belongs to
    /// the later bar. Nil when the index is not a bar of the layout.
    public func position(atGlobalBarIndex index: Int, fraction: Double = 0) -> ScorePosition? {
        guard let location = bar(atGlobalIndex: index),
              let page = page(location.page) else { return nil }
        let system = page.systems[location.system]
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let x = location.layout.left + f * location.layout.width
        return ScorePosition(page: location.page, x: x, y: (system.top + system.bottom) / 2)
    }

    /// The point `fraction` of the way through the first bar with this number (see
    /// `position(atGlobalBarIndex:fraction:)`); nil when no bar has the number.
    public func position(ofBar number: BarNumber, fraction: Double = 0) -> ScorePosition? {
        bar(numbered: number).flatMap { position(atGlobalBarIndex: $0.globalIndex, fraction: fraction) }
    }
}
