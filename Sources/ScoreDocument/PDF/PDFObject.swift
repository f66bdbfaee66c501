/// A PDF object as Tonmeister's small PDF reader parses it; `keyword` is a bare word of a content stream
/// (an operator) or of the file structure (`obj`, `stream`, `R` are taken care of by the parser).
indirect enum PDFObject: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary([String: PDFObject])
    case reference(Int, Int)
    /// A stream: its dictionary and where its (still encoded) data lies in the file.
    case stream([String: PDFObject], Range<Int>)
    case keyword(String)

    /// The number, integer or real.
    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .real(let r): return r
        default: return nil
        }
    }

    var int: Int? { if case .int(let i) = self { return i } else { return nil } }
    var name: String? { if case .name(let n) = self { return n } else { return nil } }
    var array: [PDFObject]? { if case .array(let a) = self { return a } else { return nil } }

    /// The dictionary of a dictionary or a stream.
    var dictionary: [String: PDFObject]? {
        switch self {
        case .dictionary(let d): return d
        case .stream(let d, _): return d
        default: return nil
        }
    }
}
