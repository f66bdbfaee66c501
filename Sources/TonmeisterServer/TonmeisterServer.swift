import Foundation
import Hummingbird
import Logging
import NIOCore
import RecordingProtocol
import ScoreLayout
import ServiceLifecycle
import TonmeisterSupport

/// The live note-taking server: one session, its score's pages, a JSON API, change events and the web page.
///
/// `tonmeister serve` makes one with `init(sessionPath:scorePath:configuration:)` and calls `run`.
/// Tests build the same router with `makeRouter()` and drive it through HummingbirdTesting.
public final class TonmeisterServer: Sendable {
    /// What the server was asked for.
    public let configuration: ServerConfiguration
    let service: SessionService
    let renderer: PageRenderer
    let hub = EventHub()
    /// The layout the last `layout/detect` found and its report (pages and systems to check by eye).
    let lastDetection = LockedValue<(layout: ScoreLayout, report: JSONValue)?>(nil)
    let assets: WebAssets
    /// The connections open now (see `ConnectionGuard`).
    let connections = ConnectionGuard.Counter()

    /// Opens the session database and the score PDF.
    ///
    /// - Parameters:
    ///   - sessionPath: a `.sqlite` session database (see `SessionFiles.prepare` for `.json` documents).
    ///   - scorePath: the score PDF (see `SessionFiles.scorePath`).
    /// - Throws: `ServerError` for a bad configuration, or the errors of opening the database or PDF.
    ///   - moreScorePaths: in a session of several scores, the PDFs of the scores after the first, in order.
    public init(sessionPath: String, scorePath: String, moreScorePaths: [String] = [], configuration: ServerConfiguration) throws {
        try configuration.validate()
        self.configuration = configuration
        service = try SessionService(path: sessionPath)
        _ = try service.database.load()
        renderer = try PageRenderer(path: scorePath, more: moreScorePaths, cacheBytes: configuration.pageCacheBytes,
                                    password: configuration.scorePassword)
        assets = try WebAssets.bundled()
    }

    /// The router with every route: the page, its assets, the API and the events.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        // The headers go outermost, so that error answers (401, 403, 404, 413, …) carry them too.
        router.add(middleware: HeadersMiddleware())
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: RequestGuard(host: configuration.host, allowedHosts: configuration.allowedHosts))
        if let token = configuration.token { router.add(middleware: TokenMiddleware(token: token)) }
        router.add(middleware: IdempotencyMiddleware(service: service))
        addPageRoutes(to: router)
        let api = router.group("api")
        addSessionRoutes(to: api)
        addTakeRoutes(to: api)
        addPlacingRoutes(to: api)
        addMarkRoutes(to: api)
        addQueryRoutes(to: api)
        addLayoutRoutes(to: api)
        addProgrammeRoutes(to: api)
        addEventRoutes(to: api)
        return router
    }

    /// The application: the router on the configured host and port, and the service that ends event streams on shutdown.
    public func makeApplication(onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        let connections = self.connections, cap = configuration.maxConnections
        let headerTimeout = TimeAmount.milliseconds(Int64(configuration.headerTimeout * 1_000))
        return Application(
            router: makeRouter(),
            server: .http1(configuration: .init(additionalChannelHandlers: [
                ConnectionGuard(counter: connections, maximumConnections: cap, headerTimeout: headerTimeout),
            ])),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "tonmeister"),
            services: [EventStreamService(hub: hub, server: self)],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: Self.logger()
        )
    }

    /// Serves until SIGINT or SIGTERM.
    ///
    /// - Parameter onListening: called with the port once the server accepts connections.
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try await makeApplication(onListening: onListening).runService()
    }

    private static func logger() -> Logger {
        var logger = Logger(label: "tonmeister")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }

    /// Sends an event to every client and returns its id.
    @discardableResult
    func publish(_ event: JSONValue) -> Int {
        hub.publish(event.serialized()).id
    }

    /// Sends a `reload` event when another process changed the session since the last look; returns whether it did.
    @discardableResult
    func publishExternalChanges() async -> Bool {
        guard await service.changedElsewhere() else { return false }
        publish(["type": "reload"])
        return true
    }

    /// The largest JSON body accepted.
    var bodyLimit: Int { configuration.maxBodyBytes }
}

/// Keeps the event streams going: a keep-alive every 15 s, a `reload` event when another process changed the
/// database (checked twice a second), and the end of every stream when the server shuts down.
struct EventStreamService: Service {
    let hub: EventHub
    let server: TonmeisterServer

    func run() async throws {
        let hub = self.hub, server = self.server
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(15))
                    hub.ping()
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(500))
                    await server.publishExternalChanges()
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        hub.finishAll()
    }
}

/// Helpers for answering with JSON.
extension Response {
    /// A JSON answer.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json(text: value.serialized(), status: status)
    }

    /// A JSON answer from its text.
    static func json(text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
