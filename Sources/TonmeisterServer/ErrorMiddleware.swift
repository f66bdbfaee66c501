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
            if apiError.status.code >= 500 { context.logger.error("\(request.method) \(request.uri.path): \(apiError.detail ?? apiError.message)") }
            return .json(apiError.json, status: apiError.status)
        }
    }
}
