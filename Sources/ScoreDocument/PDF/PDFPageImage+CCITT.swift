extension PDFPageImage {
    /// Checks a CCITTFaxDecode image: one bit per pixel in DeviceGray, no masks, `/Decode` absent, `[0 1]` or
    /// `[1 0]`, `/Columns` equal to `/Width`; reads its `/DecodeParms` with PDF's defaults. Stencil masks
    /// (`/ImageMask true`) are left to poppler.
    static func ccittFormat(of dict: [String: PDFObject], in file: inout PDFFile) throws(PDFReadError) -> Format {
        if case .bool(true) = try file.resolve(dict["ImageMask"]) { throw .unsupported("a stencil mask") }
        for key in ["SMask", "Mask"] where dict[key] != nil { throw .unsupported("an image with /\(key)") }
        guard try file.resolve(dict["BitsPerComponent"]).int == 1 else { throw .unsupported("a CCITT image without 1 bit per component") }
        switch try file.resolve(dict["ColorSpace"]).name {
        case "DeviceGray"?, "G"?: break
        default: throw .unsupported("a CCITT image whose colour space is not DeviceGray")
        }
        var inverted = false
        if let decode = try file.resolve(dict["Decode"]).array {
            var bounds: [Double] = []
            for value in decode { bounds.append(try file.resolve(value).number ?? .nan) }
            switch bounds {
            case [0, 1]: break
            case [1, 0]: inverted = true
            default: throw .unsupported("a CCITT image with /Decode \(bounds)")
            }
        } else if dict["Decode"] != nil {
            throw .malformed("an image /Decode that is not an array")
        }

        var parms = try file.resolve(dict["DecodeParms"] ?? dict["DP"])
        if case .array(let a) = parms { parms = try file.resolve(a.first) }
        let p = parms.dictionary ?? [:]
        var parameters = CCITTDecoder.Parameters()
        func int(_ key: String, _ value: inout Int) throws(PDFReadError) {
            let object = try file.resolve(p[key])
            if case .null = object { return }
            guard let v = object.int else { throw .malformed("the CCITT parameter /\(key) is not an integer") }
            value = v
        }
        func bool(_ key: String, _ value: inout Bool) throws(PDFReadError) {
            switch try file.resolve(p[key]) {
            case .null: return
            case .bool(let v): value = v
            default: throw .malformed("the CCITT parameter /\(key) is not a boolean")
            }
        }
        try int("K", &parameters.k)
        try int("Columns", &parameters.columns)
        try int("Rows", &parameters.rows)
        try bool("BlackIs1", &parameters.blackIs1)
        try bool("EncodedByteAlign", &parameters.encodedByteAlign)
        try bool("EndOfBlock", &parameters.endOfBlock)
        try bool("EndOfLine", &parameters.endOfLine)
        guard try file.resolve(dict["Width"]).int == parameters.columns else {
            throw .unsupported("CCITT /Columns \(parameters.columns) differ from the image width")
        }
        return .ccitt(parameters, inverted: inverted)
    }
}
