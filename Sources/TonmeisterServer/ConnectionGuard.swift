import Foundation
import NIOCore
import NIOHTTPTypes

/// Sheds connections the server should not keep: one of more than `maximumConnections` open at once is closed as
/// it arrives, and one that has not sent a complete request head within `headerTimeout` of connecting (or of its
/// last answer) is closed, however slowly it trickles bytes; a request in progress (an event stream) is never cut.
///
/// One handler per connection, after the HTTP decoder (it sees request heads and answer ends); the count of open
/// connections is shared by all of them.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The connections open now, shared by every connection's guard.
    final class Counter: Sendable {
        private let count = LockedValue(0)
        /// Counts a new connection; false when it would be one too many (it is not counted then).
        func enter(limit: Int) -> Bool {
            count.update { value in
                guard value < limit else { return false }
                value += 1
                return true
            }
        }
        func leave() { count.update { $0 -= 1 } }
        var value: Int { count.value }
    }

    private let counter: Counter
    private let maximumConnections: Int
    private let headerTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var counted = false

    init(counter: Counter, maximumConnections: Int, headerTimeout: TimeAmount) {
        self.counter = counter
        self.maximumConnections = maximumConnections
        self.headerTimeout = headerTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard counter.enter(limit: maximumConnections) else {
            context.close(promise: nil)
            return
        }
        counted = true
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if counted { counter.leave(); counted = false }
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if counted { counter.leave(); counted = false }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    /// Closes the connection unless a request head arrives within `headerTimeout`.
    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        // Cancelled when a request head arrives (on this same event loop), so it only ever closes a waiting connection.
        deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
    }
}
