import Foundation
import Hummingbird

/// Requires the token on every request: `Authorization: Bearer T`, the `tonmeister_token` cookie, or `?token=T`.
///
/// The page is opened once as `/?token=T`; the answer sets the cookie (HttpOnly, SameSite=Strict), so its
/// images, API calls and event stream carry the token from then on. Tokens are compared in constant time.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    /// The cookie that carries the token.
    static let cookie = "tonmeister_token"

    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let fromQuery = request.uri.queryParameters.get("token")
        let candidates = [bearer(request), request.cookies[Self.cookie]?.value, fromQuery].compactMap { $0 }
        guard candidates.contains(where: matches) else {
            throw APIError(status: .unauthorized, message: "this server needs its token: open the page as /?token=…, or send Authorization: Bearer …")
        }
        var response = try await next(request, context)
        if let fromQuery, matches(fromQuery), request.cookies[Self.cookie]?.value != fromQuery {
            response.setCookie(Cookie(name: Self.cookie, value: fromQuery, path: "/", httpOnly: true, sameSite: .strict))
        }
        return response
    }

    private func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    /// Compares in time independent of where the strings differ.
    private func matches(_ candidate: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(token.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<b.count { difference |= b[i] ^ (i < a.count ? a[i] : 0) }
        return difference == 0
    }
}
