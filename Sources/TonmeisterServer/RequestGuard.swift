import Foundation
import Hummingbird

/// Refuses requests a browser was tricked into sending: a foreign `Host` (DNS rebinding), a foreign `Origin` or a
/// cross-site fetch (a page elsewhere writing into the session), and writes not sent as JSON (a cross-site form or
/// `text/plain` POST, which browsers send without asking). Each refusal is 403 with a message naming the header.
///
/// Allowed `Host` names: loopback names and addresses, the address the server listens on, any IP address when it
/// listens on every interface (a tablet opens it by the machine's address), this machine's host name, and
/// `allowedHosts`. A request without `Origin` (curl, scripts) is allowed; with one, it must be the page's own
/// (`http://` + the `Host` header).
struct RequestGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The address the server listens on.
    let host: String
    /// Further host names to accept (such as a name the tablet uses for this machine).
    let allowedHosts: Set<String>

    init(host: String, allowedHosts: Set<String> = []) {
        self.host = host.lowercased()
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.1's Host header arrives as the request's authority; a Host field is read too, wherever it is kept.
        let hostHeader = request.headers.first { $0.name.canonicalName == "host" }?.value ?? request.head.authority
        if let hostHeader, !accepts(hostName: Self.name(ofAuthority: hostHeader)) {
            throw APIError(status: .forbidden, message: "refused: Host '\(hostHeader)' is not this server's address")
        }
        if let origin = request.headers[.origin] {
            let expected = hostHeader.map { ["http://\($0.lowercased())", "https://\($0.lowercased())"] } ?? []
            guard expected.contains(origin.lowercased()) else {
                throw APIError(status: .forbidden, message: "refused: Origin '\(origin)' is not this page's own")
            }
        }
        let writes = request.method != .get && request.method != .head && request.method != .options
        if writes, let site = request.headers[.init("Sec-Fetch-Site")!], !["same-origin", "none"].contains(site.lowercased()) {
            throw APIError(status: .forbidden, message: "refused: a \(site) request cannot change the session")
        }
        if [.post, .put, .patch].contains(request.method) {
            let type = request.headers[.contentType]?.lowercased() ?? ""
            guard type.hasPrefix("application/json") else {
                throw APIError(status: .forbidden,
                               message: "refused: changes must be sent as Content-Type: application/json, not '\(type.isEmpty ? "none" : type)'")
            }
        }
        return try await next(request, context)
    }

    /// True for a host name this server answers to.
    func accepts(hostName: String) -> Bool {
        let name = hostName.lowercased()
        if ServerConfiguration.isLoopback(name) || name == host || allowedHosts.contains(name) { return true }
        if ["0.0.0.0", "::", ""].contains(host), Self.isIPAddress(name) { return true }
        let machine = ProcessInfo.processInfo.hostName.lowercased()
        return name == machine || name == machine + ".local"
    }

    /// The host name of `host[:port]` or `[v6]:port`.
    static func name(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        if authority.filter({ $0 == ":" }).count == 1, let colon = authority.firstIndex(of: ":") { return String(authority[..<colon]) }
        return authority
    }

    /// True for an IPv4 or IPv6 address literal.
    static func isIPAddress(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
