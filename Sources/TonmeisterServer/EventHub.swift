import Foundation

/// One change pushed to the clients: its sequence number and its JSON text.
struct ServerEvent: Sendable, Equatable {
    /// The sequence number, growing by one per event (the SSE `id`).
    var id: Int
    /// The event as JSON: `{"type":…,…}` (see docs/serve.md).
    var json: String

    /// The event in the `text/event-stream` format (a keep-alive comment for id 0).
    var sse: String { id == 0 ? ": keep-alive\n\n" : "id: \(id)\ndata: \(json)\n\n" }
}

/// Hands every published event to every subscribed client stream (server-sent events).
///
/// Streams are buffered to the newest 256 events, so a stalled client cannot make the server
/// hold more; such a client misses events and reloads the session when it notices the gap in ids.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<ServerEvent>.Continuation] = [:]
    private var nextSubscriber = 0
    private var lastEvent = 0

    /// A new stream of events and the id to unsubscribe it with.
    func subscribe() -> (id: Int, events: AsyncStream<ServerEvent>) {
        let (stream, continuation) = AsyncStream<ServerEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = lock.withLock {
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            return nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    /// Ends a subscription (also done when its stream ends).
    func unsubscribe(_ id: Int) {
        let continuation = lock.withLock { subscribers.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// The number of open streams.
    var subscriberCount: Int { lock.withLock { subscribers.count } }

    /// The id of the newest event (0 before the first).
    var lastEventID: Int { lock.withLock { lastEvent } }

    /// Sends an event to every stream and returns it.
    @discardableResult
    func publish(_ json: String) -> ServerEvent {
        lock.withLock {
            lastEvent += 1
            let event = ServerEvent(id: lastEvent, json: json)
            for continuation in subscribers.values { continuation.yield(event) }
            return event
        }
    }

    /// Sends a keep-alive comment to every stream, so that closed connections are noticed.
    func ping() {
        lock.withLock {
            for continuation in subscribers.values { continuation.yield(ServerEvent(id: 0, json: "")) }
        }
    }

    /// Ends every stream (when the server stops).
    func finishAll() {
        let all = lock.withLock {
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        for continuation in all { continuation.finish() }
    }
}
