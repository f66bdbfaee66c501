extension PageDrawing {
    /// One subpath of a path being built, in page coordinates.
    struct Subpath {
        var points: [(x: Double, y: Double)] = []
        var curved = false
        var closed = false
    }

    /// Adds the straight pieces of a stroked path: each segment of a subpath without curves, `width` thick.
    mutating func addStroke(_ path: [Subpath], width: Double, roundCaps: Bool) {
        let cap = roundCaps ? width / 2 : 0
        for sub in path where !sub.curved && sub.points.count >= 2 {
            var points = sub.points
            if sub.closed, let first = points.first { points.append(first) }
            for (a, b) in zip(points, points.dropFirst()) where a != b {
                segments.append(.init(x0: a.x, y0: a.y, x1: b.x, y1: b.y, thickness: width, capExtension: cap))
            }
        }
    }

    /// Adds a filled path: each thin subpath (a rectangle, or a box with rounded corners) as a line of its
    /// thickness, every other one as its bounding box.
    mutating func addFill(_ path: [Subpath]) {
        for sub in path where sub.points.count >= 2 {
            let xs = sub.points.map(\.x), ys = sub.points.map(\.y)
            let box = Box(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
            let rectangular = !sub.curved && sub.points.count <= 5
                && Set(xs.map { ($0 * 100).rounded() }).count <= 2 && Set(ys.map { ($0 * 100).rounded() }).count <= 2
            let thin = min(box.width, box.height), long = max(box.width, box.height)
            if long > 0, (rectangular && thin <= 0.5 * long) || thin <= long / 8 {
                if box.width <= box.height {
                    let x = (box.minX + box.maxX) / 2
                    segments.append(.init(x0: x, y0: box.minY, x1: x, y1: box.maxY, thickness: box.width))
                } else {
                    let y = (box.minY + box.maxY) / 2
                    segments.append(.init(x0: box.minX, y0: y, x1: box.maxX, y1: y, thickness: box.height))
                }
            } else {
                var shape = box
                shape.slanted = !sub.curved && !rectangular
                boxes.append(shape)
            }
        }
    }

    /// Coordinates beyond any page (a degenerate matrix, a huge number in the content): such pieces are dropped,
    /// as cairo's fixed-point coordinates cannot hold them either.
    static let farthest = 8_000_000.0

    /// Removes segments and boxes with a coordinate that is not finite or lies beyond ``farthest``.
    mutating func dropUnplaceable() {
        func placeable(_ values: Double...) -> Bool { values.allSatisfy { $0.isFinite && abs($0) <= Self.farthest } }
        segments.removeAll { !placeable($0.x0, $0.y0, $0.x1, $0.y1, $0.thickness, $0.capExtension) }
        boxes.removeAll { !placeable($0.minX, $0.minY, $0.maxX, $0.maxY) }
    }
}
