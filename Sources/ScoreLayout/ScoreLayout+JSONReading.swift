import Foundation
import TonmeisterSupport

/// Reading the layout JSON (the session JSON `layout` object) through ``JSONObject``.
extension ScoreLayout {
    /// Reads a layout from its JSON form and, unless `validate` is false, checks it.
    ///
    /// Unknown keys are ignored; a missing `bars` or `staves` key reads as nil and a missing
    /// `systems` key as no systems. Coordinates may be the strings `"nan"`, `"inf"` and `"-inf"` that
    /// `jsonData()` writes for non-finite values (validation refuses them). Errors are
    /// `LayoutError.invalidJSON` naming the bad field (such as `pages[0].systems[1].top: expected a
    /// number, found a string`) or the validation errors of `validate()`.
    public init(json: Data, validate: Bool = true) throws {
        let tree: JSONValue
        do { tree = try JSONReader.parse(json) } catch { throw LayoutError.invalidJSON(reason: error.description) }
        do { try self.init(jsonTree: tree) } catch let error as JSONFieldError {
            throw LayoutError.invalidJSON(reason: error.description)
        }
        if validate { try self.validate() }
    }

    /// Reads a layout from a parsed JSON object, without validating it.
    /// - Throws: ``JSONFieldError`` naming the member (`pages[0].page: …`).
    package init(jsonTree: JSONValue) throws {
        var top = try JSONObject(jsonTree)
        pages = try top.required("pages", JSONValue.array { value, _ in
            var page = try JSONObject(value)
            return PageLayout(
                page: try page.required("page", JSONValue.int),
                systems: try page.optional("systems", JSONValue.array(Self.system)) ?? [])
        })
    }

    private static func system(_ value: JSONValue, index: Int) throws -> SystemLayout {
        var system = try JSONObject(value)
        return SystemLayout(
            top: try system.required("top", JSONValue.coordinate),
            bottom: try system.required("bottom", JSONValue.coordinate),
            staves: try system.optional("staves", JSONValue.array { value, _ in
                var staff = try JSONObject(value)
                return StaffLayout(top: try staff.required("top", JSONValue.coordinate),
                                   bottom: try staff.required("bottom", JSONValue.coordinate))
            }),
            bars: try system.optional("bars", JSONValue.array { value, _ in
                var bar = try JSONObject(value)
                return BarLayout(number: try bar.required("number", JSONValue.barNumber),
                                 left: try bar.required("left", JSONValue.coordinate),
                                 right: try bar.required("right", JSONValue.coordinate))
            }))
    }
}

extension JSONValue {
    /// A bar number: a string such as `"12"` or `"12a"`, or a plain integer.
    package static func barNumber(_ value: JSONValue) throws(JSONFieldError) -> BarNumber {
        let text: String
        switch value {
        case .string(let s): text = s
        case .int(let i): text = String(i)
        default: throw mismatch("a bar number such as \"12\" or \"12a\"", value)
        }
        do { return try BarNumber(text) } catch {
            throw JSONFieldError("\(error)")
        }
    }
}
