import Hummingbird
import Storage

extension RequestJSON {
    /// Reads the body of `request`, at most `limit` bytes (413 beyond), as a JSON object.
    static func read(_ request: Request, limit: Int) async throws -> RequestJSON {
        guard let body = try await readOptional(request, limit: limit) else { throw APIError.badRequest("the request needs a JSON object as its body") }
        return body
    }

    /// Reads the body of `request` as `read` does; nil for an empty body.
    static func readOptional(_ request: Request, limit: Int) async throws -> RequestJSON? {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        return try parse(Array(buffer.readableBytesView))
    }

    /// The device a write comes from: its `X-Tonmeister-Device` header (1 to 64 of A–Z a–z 0–9 . _ -), nil without one.
    static func device(of request: Request) throws -> String? {
        guard let device = request.headers[.init("X-Tonmeister-Device")!] else { return nil }
        guard SessionDatabase.isValidDevice(device) else {
            throw APIError.badRequest("X-Tonmeister-Device must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_' and '-'")
        }
        return device
    }

}
