import Hummingbird
import NIOCore
import Storage

/// Makes writes that carry an `Idempotency-Key` header happen once: a retry with the same key gets the first
/// answer again (marked `Idempotent-Replayed: true`) instead of a second mark, across reconnects, reloads and
/// server restarts (the answers are kept in the session database, table `request`).
///
/// A key is 1 to 128 visible ASCII characters; reusing one for another method or path is 422. Requests with the
/// same key wait for each other, so two retries racing each other still make one change. Only successful
/// answers are kept: a refused request may be retried as it is and is refused again.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let service: SessionService
    let gate = KeyGate()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method), let key = request.headers[.init("Idempotency-Key")!] else {
            return try await next(request, context)
        }
        guard (1...128).contains(key.count), key.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw APIError.badRequest("Idempotency-Key must be 1 to 128 visible ASCII characters")
        }
        let method = request.method.rawValue, path = request.uri.path
        await gate.enter(key)
        do {
            let result = try await answer(key: key, method: method, path: path, request: request, context: context, next: next)
            await gate.leave(key)
            return result
        } catch {
            await gate.leave(key)
            throw error
        }
    }

    private func answer(key: String, method: String, path: String, request: Request, context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> Response {
        if let stored = try await service.read({ try $0.storedAnswer(for: key) }) {
            guard stored.method == method, stored.path == path else {
                throw APIError(status: .unprocessableContent,
                               message: "Idempotency-Key '\(key)' was used for \(stored.method) \(stored.path), not \(method) \(path)")
            }
            var response = Response.json(text: stored.body, status: HTTPResponse.Status(code: stored.status))
            response.headers[.init("Idempotent-Replayed")!] = "true"
            return response
        }
        var response = try await next(request, context)
        guard (200..<300).contains(response.status.code) else { return response }
        let collector = BodyCollector()
        try await response.body.write(collector)
        let body = String(buffer: collector.buffer)
        response.body = ResponseBody(byteBuffer: collector.buffer)
        let answer = StoredAnswer(method: method, path: path, status: response.status.code, body: body)
        try await service.write({ try $0.store(answer, for: key) }, changed: { _ in .nothing })
        return response
    }
}

/// Lets one request per key through at a time.
actor KeyGate {
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func enter(_ key: String) async {
        if busy.insert(key).inserted { return }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    func leave(_ key: String) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(key)
        }
    }
}

/// Collects a response body into one buffer.
final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var copy = buffer
        self.buffer.writeBuffer(&copy)
    }

    func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        for buffer in buffers { try await write(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
