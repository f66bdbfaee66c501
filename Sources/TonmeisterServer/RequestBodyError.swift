/// A request body that breaks a rule of its route: answered 400 with this message (``APIError/from(_:)``).
///
/// Thrown by the body readers (``RequestJSON``, ``RequestBody``, ``LayoutEdit``), which do not depend on the HTTP
/// server so that `scripts/fuzz` can compile them into its `request-body` target.
struct RequestBodyError: Error, Sendable, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
