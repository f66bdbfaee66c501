/// A 2-D affine transform in cairo's order `[xx yx xy yy x0 y0]`: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
struct Affine: Sendable, Hashable {
    var xx = 1.0, yx = 0.0, xy = 0.0, yy = 1.0, x0 = 0.0, y0 = 0.0

    static let identity = Affine()

    /// The transform from cairo's six numbers; nil unless there are exactly six.
    init?(_ numbers: [Double]) {
        guard numbers.count == 6 else { return nil }
        (xx, yx, xy, yy, x0, y0) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    init() {}

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (xx * x + xy * y + x0, yx * x + yy * y + y0)
    }

    /// Applies only the linear part (a distance, not a position).
    func applyLinear(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (xx * x + xy * y, yx * x + yy * y)
    }

    /// `self` after `other`: a point is first transformed by `other`, then by `self` (cairo's `cairo_transform`).
    func concatenating(_ other: Affine) -> Affine {
        var r = Affine()
        r.xx = xx * other.xx + xy * other.yx
        r.yx = yx * other.xx + yy * other.yx
        r.xy = xx * other.xy + xy * other.yy
        r.yy = yx * other.xy + yy * other.yy
        r.x0 = xx * other.x0 + xy * other.y0 + x0
        r.y0 = yx * other.x0 + yy * other.y0 + y0
        return r
    }

    /// The factor by which the transform scales lengths (the square root of its area scale).
    var lengthScale: Double { (abs(xx * yy - xy * yx)).squareRoot() }
}
