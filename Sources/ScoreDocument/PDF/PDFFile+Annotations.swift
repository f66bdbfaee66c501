extension PDFFile {
    /// Where poppler draws an annotation's appearance form: its `/BBox`, carried by its `/Matrix`, is mapped onto the
    /// annotation's `/Rect` (poppler's `Gfx::drawAnnot`, as the PDF specification's algorithm 8.1 says): `scale` is the
    /// larger magnification of that mapping (at least 1: a shrinking one is not trusted to thin what the form draws),
    /// `shift` how far the mapping moves the form's origin before it scales, and `reach` the rectangle's largest
    /// coordinate.
    struct AnnotationPlacement: Equatable {
        var scale: Double
        var shift: Double
        var reach: Double
    }

    /// ``AnnotationPlacement`` of a form with `bbox` and `matrix` (the identity when it has none) on `rect`. Where the
    /// transformed box is flat in one direction poppler does not scale that direction (1).
    static func annotationPlacement(bbox: [Double], matrix: [Double], rect: [Double]) -> AnnotationPlacement {
        let m = matrix.count == 6 ? matrix : [1, 0, 0, 1, 0, 0]
        guard bbox.count == 4, rect.count == 4, (bbox + m + rect).allSatisfy(\.isFinite) else {
            // Poppler draws no appearance without a box and a rectangle of four numbers.
            return AnnotationPlacement(scale: 1, shift: 0, reach: rect.map(\.magnitude).max() ?? 0)
        }
        let corners = [(bbox[0], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[1]), (bbox[2], bbox[3])]
            .map { (x: $0.0 * m[0] + $0.1 * m[2] + m[4], y: $0.0 * m[1] + $0.1 * m[3] + m[5]) }
        let xMin = corners.map(\.x).min()!, xMax = corners.map(\.x).max()!
        let yMin = corners.map(\.y).min()!, yMax = corners.map(\.y).max()!
        let sx = xMin == xMax ? 1 : (rect[2] - rect[0]).magnitude / (xMax - xMin)
        let sy = yMin == yMax ? 1 : (rect[3] - rect[1]).magnitude / (yMax - yMin)
        let scale = [1, sx, sy].max()!
        return AnnotationPlacement(scale: scale.isFinite ? scale : .infinity, shift: max(xMin.magnitude, yMin.magnitude),
                                   reach: rect.map(\.magnitude).max()!)
    }

    /// Adds to `cost` what the normal appearances of the annotations of `page` draw, each at its placement.
    mutating func addAnnotations(of page: [String: PDFObject], resources: [String: PDFObject], to cost: inout ContentCost,
                                 memo: inout [Int: ContentCost]) throws {
        for annotation in try resolve(page["Annots"]).array ?? [] {
            let dictionary = try resolve(annotation).dictionary ?? [:]
            let appearances = try resolve(dictionary["AP"]).dictionary ?? [:]
            let normal = try resolve(appearances["N"])
            var forms: [PDFObject] = []
            switch normal {
            case .stream: forms = [normal]
            case .dictionary(let states): for state in states.values { forms.append(try resolve(state)) }
            default: break
            }
            let rect = try numbers(dictionary["Rect"])
            for form in forms {
                guard case .stream(let formDictionary, _) = form else { continue }
                let placement = Self.annotationPlacement(bbox: try numbers(formDictionary["BBox"]),
                                                         matrix: try numbers(formDictionary["Matrix"]), rect: rect)
                let part = try formCost(form, inherited: resources, depth: 1, memo: &memo)
                add(&cost, part, scale: placement.scale, annotation: true)
                let reach = (part.extent + placement.shift) * placement.scale + placement.reach
                cost.extent = max(cost.extent, reach.isNaN ? .infinity : reach)
            }
        }
    }
}
