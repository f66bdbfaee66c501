import Foundation
import Hummingbird
import ScoreLayout

/// Turns every error into a JSON answer `{"error":{"status","message"}}` with the right status.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = APIError.from(error)
            if apiError.status.code >= 500 { context.logger.error("\(request.method) \(request.uri.path): \(apiError.message)") }
            return .json(apiError.json, status: apiError.status)
        }
    }
}

/// Adds headers every answer should carry: no sniffing, no framing, only this server's scripts and images.
struct HeadersMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.init("X-Content-Type-Options")!] = "nosniff"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        return response
    }
}

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
