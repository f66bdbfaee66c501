/// Why a JSON value is not what its reader needs: where it is and what was wrong.
///
/// Readers throw it with the path relative to the value they read; each enclosing ``JSONObject`` member and
/// array item puts its key or index in front as the error passes, so the happy path builds no path text at all.
package struct JSONFieldError: Error, Equatable, CustomStringConvertible {
    /// One step of a path: a member's key or an array index.
    package enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's top to the value.
    package private(set) var steps: [Step]
    /// What was wrong, such as "expected a number, found a string".
    package let reason: String

    /// An error about the value itself (an empty path) or at `steps` below it.
    package init(_ reason: String, at steps: [Step] = []) {
        self.steps = steps
        self.reason = reason
    }

    /// The error with `step` put in front of its path.
    package func below(_ step: Step) -> JSONFieldError {
        var error = self
        error.steps.insert(step, at: 0)
        return error
    }

    /// The path as text, such as `takes[3].start.x` (`""` for the top level).
    package var path: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// `path: reason`, with "top level" for the document itself.
    package var description: String { "\(path.isEmpty ? "top level" : path): \(reason)" }
}
