import Foundation
import Hummingbird
import ServiceLifecycle
import TonmeisterSupport

/// `GET /api/events`: server-sent events, one per change, so every client sees the others' taps.
extension TonmeisterServer {
    func addEventRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("events") { request, _ in
            let limit = try Self.queryInt(request, "limit")
            if let limit, limit < 1 { throw APIError.badRequest("limit must be 1 or more") }
            let (id, events) = self.hub.subscribe()
            let hub = self.hub
            let hello = JSONValue.object([("type", "hello"), ("event", .int(hub.lastEventID))]).serialized()
            let body = ResponseBody { writer in
                defer { hub.unsubscribe(id) }
                try await writer.write(ByteBuffer(string: "retry: 1000\ndata: \(hello)\n\n"))
                // The server stops accepting and waits for open answers when it shuts down: end this one then.
                try await withGracefulShutdownHandler {
                    var sent = 0
                    for await event in events {
                        try await writer.write(ByteBuffer(string: event.sse))
                        if event.id > 0 { sent += 1 }
                        if let limit, sent >= limit { break }
                    }
                } onGracefulShutdown: {
                    hub.unsubscribe(id)
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache",
                                                   .init("X-Accel-Buffering")!: "no"], body: body)
        }
    }
}
