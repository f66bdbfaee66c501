import ScoreLayout

extension Overlay {
    /// The same overlay moved by (dx, dy) points.
    package func moved(dx: Double, dy: Double) -> Overlay {
        func p(_ point: PagePoint) -> PagePoint { PagePoint(x: point.x + dx, y: point.y + dy) }
        var copy = self
        switch shape {
        case .rectangle(let origin, let width, let height): copy.shape = .rectangle(origin: p(origin), width: width, height: height)
        case .line(let from, let to): copy.shape = .line(from: p(from), to: p(to))
        case .bracket(let x, let top, let bottom, let opensRight, let hook):
            copy.shape = .bracket(x: x + dx, top: top + dy, bottom: bottom + dy, opensRight: opensRight, hook: hook)
        case .text(let text, let at, let size): copy.shape = .text(text, at: p(at), size: size)
        case .circle(let center, let radius): copy.shape = .circle(center: p(center), radius: radius)
        }
        return copy
    }
}
