extension PDFFile {
    /// How deeply forms, patterns and annotation appearances are followed before the answer is "may draw".
    static let imageSearchDepth = 8

    /// True only when page `index` (0-based) certainly draws no image: no image XObject and no inline image in
    /// its content, in the forms and tiling patterns it uses (followed to ``imageSearchDepth``) or in its
    /// annotations' appearances, and no Type 3 font, soft mask or PostScript XObject (which may hold images and
    /// are not followed).
    ///
    /// A born-digital page is read from its drawing without first asking poppler where its images lie (poppler
    /// runs the whole page to answer, as long as drawing it). `false` means only "may draw one": the caller asks
    /// poppler. An inline image is looked for as a `BI` token in the content bytes, so a `BI` inside a string also
    /// answers `false`.
    mutating func drawsNoImage(page index: Int) throws(PDFReadError) -> Bool {
        let page = try self.page(index)
        var visited = Set<Int>()
        let resources = try resolve(page["Resources"]).dictionary ?? [:]
        guard try imageFree(content: contents(of: page)), try imageFree(resources: resources, depth: 0, visited: &visited) else {
            return false
        }
        for annotation in try resolve(page["Annots"]).array ?? [] {
            guard let appearances = try resolve(resolve(annotation).dictionary?["AP"]).dictionary else { continue }
            for (_, entry) in appearances {
                // An appearance is a form, or a dictionary of forms by state (`/On`, `/Off`).
                var forms: [PDFObject] = []
                switch try resolve(entry) {
                case .stream(let d, let r): forms = [.stream(d, r)]
                case .dictionary(let states): for (_, state) in states { forms.append(try resolve(state)) }
                default: continue
                }
                for form in forms where !(try imageFree(form: form, inherited: resources, depth: 1, visited: &visited)) { return false }
            }
        }
        return true
    }

    /// True when nothing named in `resources` can draw an image (see ``drawsNoImage(page:)``).
    private mutating func imageFree(resources: [String: PDFObject], depth: Int, visited: inout Set<Int>) throws(PDFReadError) -> Bool {
        guard depth <= Self.imageSearchDepth else { return false }
        for (_, reference) in try resolve(resources["XObject"]).dictionary ?? [:] {
            if case .reference(let number, _) = reference, !visited.insert(number).inserted { continue }
            let object = try resolve(reference)
            switch object.dictionary?["Subtype"]?.name {
            case "Form"?:
                guard try imageFree(form: object, inherited: resources, depth: depth + 1, visited: &visited) else { return false }
            default: return false
            }
        }
        for (_, reference) in try resolve(resources["Pattern"]).dictionary ?? [:] {
            if case .reference(let number, _) = reference, !visited.insert(number).inserted { continue }
            let pattern = try resolve(reference)
            // A shading pattern draws no image; a tiling pattern's cell is drawn like a form.
            if try resolve(pattern.dictionary?["PatternType"]).int == 2 { continue }
            guard try imageFree(form: pattern, inherited: resources, depth: depth + 1, visited: &visited) else { return false }
        }
        for (_, reference) in try resolve(resources["Font"]).dictionary ?? [:] {
            if try resolve(resolve(reference).dictionary?["Subtype"]).name == "Type3" { return false }
        }
        for (_, reference) in try resolve(resources["ExtGState"]).dictionary ?? [:] {
            let state = try resolve(reference).dictionary ?? [:]
            if let mask = state["SMask"], try resolve(mask).name != "None" { return false }
        }
        return true
    }

    /// True when the form (or tiling pattern) `object` draws no image; one without resources uses `inherited`.
    private mutating func imageFree(form object: PDFObject, inherited: [String: PDFObject], depth: Int,
                                    visited: inout Set<Int>) throws(PDFReadError) -> Bool {
        guard case .stream(let dictionary, _) = object else { return false }
        guard try imageFree(content: contentData(object)) else { return false }
        let own = try resolve(dictionary["Resources"]).dictionary
        return try imageFree(resources: own ?? inherited, depth: depth, visited: &visited)
    }

    /// True when `content` holds no `BI` token (the start of an inline image). Poppler's lexer ends a number at any byte
    /// that cannot go on, so `2.4BI` is a number and `BI`: a `BI` after a digit, point or sign counts too (and after a
    /// word that merely ends in a digit, which errs on the safe side).
    func imageFree(content: [UInt8]) -> Bool {
        guard content.count >= 2 else { return true }
        func separates(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: return true
            default: return false
            }
        }
        return content.withUnsafeBufferPointer { c in
            for i in 0..<(c.count - 1) where c[i] == 0x42 && c[i + 1] == 0x49 {
                let before = i == 0 ? 0x20 : c[i - 1]
                let afterNumber = (before >= 0x30 && before <= 0x39) || before == 0x2E || before == 0x2B || before == 0x2D
                if (separates(before) || afterNumber) && (i + 2 == c.count || separates(c[i + 2])) { return false }
            }
            return true
        }
    }
}
