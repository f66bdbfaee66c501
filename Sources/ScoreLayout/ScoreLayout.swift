import Foundation

/// The layout of a score: for each page, its systems, staves and bars in PDF points.
///
/// Coordinates have their origin at the top-left of the page with y growing downward; pages are
/// numbered from 1. The JSON form is the session JSON `layout` object:
///
/// ```json
/// {"pages":[{"page":1,"systems":[{"top":60.0,"bottom":210.5,"bars":[{"number":"1","left":72.0,"right":190.0}]}]}]}
/// ```
///
/// A layout is a plain value: `init(pages:)` and `Codable` decoding do not check it; use
/// `init(validating:)`, `init(json:)` or `validate()` for that. Editing operations
/// (`addingSystem`, `addingBarline`, …) always return valid, renumbered layouts.
public struct ScoreLayout: Codable, Hashable, Sendable {
    /// The pages in increasing page order; pages absent from the list are not part of the layout.
    public var pages: [PageLayout]

    /// Creates a layout without checking it.
    public init(pages: [PageLayout] = []) {
        self.pages = pages
    }

    /// Creates a layout and checks it with `validate()`.
    public init(validating pages: [PageLayout]) throws {
        self.pages = pages
        try validate()
    }

    /// Reads a layout from its JSON form and, unless `validate` is false, checks it.
    ///
    /// Unknown keys are ignored; a missing `bars` or `staves` key reads as nil and a missing
    /// `systems` key as no systems. Errors are `LayoutError.invalidJSON` naming the bad field
    /// (such as `pages[0].systems[1].top`) or the validation errors of `validate()`.
    public init(json: Data, validate: Bool = true) throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = Self.floatDecoding
        do {
            self = try decoder.decode(ScoreLayout.self, from: json)
        } catch let error as DecodingError {
            throw LayoutError.invalidJSON(reason: Self.describe(error))
        } catch {
            throw LayoutError.invalidJSON(reason: "\(error)")
        }
        if validate { try self.validate() }
    }

    /// The JSON form with keys in a stable order (`page`, `systems`; `top`, `bottom`, `staves`,
    /// `bars`; `number`, `left`, `right`); re-encoding decoded output gives the same bytes.
    ///
    /// Numbers are written in Swift's shortest round-tripping form (`60.0`, `210.5`), so the
    /// output of the DESIGN example is identical to its input without spaces. Pretty output
    /// indents by two spaces. Non-finite coordinates (which `validate()` rejects) are written as
    /// the strings `"nan"`, `"inf"` and `"-inf"`, which `init(json:)` reads back, so encoding
    /// never fails.
    public func jsonData(pretty: Bool = false) -> Data {
        Data(jsonText(pretty: pretty).utf8)
    }

    /// The JSON form as text (see `jsonData(pretty:)`).
    public func jsonText(pretty: Bool = false) -> String {
        jsonTree.serialized(pretty: pretty)
    }

    private static let floatDecoding = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    /// The page layout with this page number, if the layout has it.
    public func page(_ number: Int) -> PageLayout? {
        pageIndex(number).map { pages[$0] }
    }

    /// The index in `pages` of the page with this number (binary search; pages are sorted).
    public func pageIndex(_ number: Int) -> Int? {
        var low = 0, high = pages.count
        while low < high {
            let mid = (low + high) / 2
            if pages[mid].page < number { low = mid + 1 } else { high = mid }
        }
        if low < pages.count, pages[low].page == number { return low }
        return pages.firstIndex { $0.page == number }  // unsorted (unvalidated) layouts
    }

    /// The total number of systems on all pages.
    public var systemCount: Int { pages.reduce(0) { $0 + $1.systems.count } }

    /// A readable one-line account of a decoding error with the path of the offending field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "not valid JSON" + (context.underlyingError.map { " (\(Self.shortDescription($0)))" } ?? "")
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        case is Int.Type: return "an integer"
        case is String.Type: return "a string"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "\(name)"
        }
    }

    private static func shortDescription(_ error: any Error) -> String {
        let text = "\(error)"
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
