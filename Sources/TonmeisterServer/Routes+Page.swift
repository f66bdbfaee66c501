import Foundation
import Hummingbird
import ScoreLayout

/// The web page and its files: `GET /` and `GET /static/NAME`.
extension TonmeisterServer {
    func addPageRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in try self.asset("index.html") }
        router.get("static/:name") { _, context in
            try self.asset(context.parameters.get("name") ?? "")
        }
    }

    /// A file of the page, or 404.
    func asset(_ name: String) throws -> Response {
        guard let asset = assets.files[name] else { throw APIError.notFound("no such file: \(name)") }
        return Response(status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.data)))
    }
}
