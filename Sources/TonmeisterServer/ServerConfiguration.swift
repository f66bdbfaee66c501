import Foundation

/// What `tonmeister serve` was asked for: where to listen, the token, and limits.
public struct ServerConfiguration: Sendable {
    /// The shortest token accepted.
    public static let minimumTokenLength = 8

    /// The host name or address to bind (`127.0.0.1` by default: this machine only).
    public var host: String
    /// The TCP port; 0 lets the system choose one (see `TonmeisterServer.run(onListening:)`).
    public var port: Int
    /// The secret every request must carry; required when `host` is not a loopback address.
    public var token: String?
    /// The largest request body accepted, in bytes (larger ones get 413).
    public var maxBodyBytes: Int
    /// How many bytes of rendered page images are kept in memory.
    public var pageCacheBytes: Int
    /// Host names accepted in the `Host` header besides loopback, the listening address, IP addresses (when
    /// listening on every interface) and this machine's name (see `RequestGuard`).
    public var allowedHosts: Set<String> = []

    /// A random token of 24 letters and digits (about 143 bits), from the system's secure generator by default.
    public static func randomToken<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
        return String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// A random token from `SystemRandomNumberGenerator` (the operating system's secure source).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return randomToken(using: &generator)
    }

    /// Creates a configuration; `validate()` checks it.
    public init(host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
                maxBodyBytes: Int = 64 * 1024, pageCacheBytes: Int = 96 * 1024 * 1024) {
        self.host = host
        self.port = port
        self.token = token
        self.maxBodyBytes = maxBodyBytes
        self.pageCacheBytes = pageCacheBytes
    }

    /// The password of the score PDF when it is encrypted.
    public var scorePassword: String?
    /// How many connections may be open at once; one more is closed as it arrives.
    public var maxConnections = 64
    /// How long a connection may take to send a complete request head (after connecting or after its last
    /// answer) before it is closed: slow and idle clients are not held.
    public var headerTimeout: TimeInterval = 10

    /// True for names and addresses that stay on this machine: `localhost`, an IPv4 address in 127.0.0.0/8, `::1`
    /// (also as `::ffff:127.x.x.x`). Addresses are parsed (`inet_pton`), so a name such as `127.evil.example` is not loopback.
    public static func isLoopback(_ host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("[") && h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h == "localhost" || h == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, h, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, h, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    /// Checks the port, and that a token is given (and usable) when listening beyond this machine.
    ///
    /// A token has at least `minimumTokenLength` characters, each a letter, digit or one of `-._~`
    /// (so that it travels unchanged in a URL, a header and a cookie).
    ///
    /// - Throws: `ServerError.invalidPort`, `.tokenRequired` or `.invalidToken`.
    public func validate() throws(ServerError) {
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
        guard maxConnections >= 1, headerTimeout.isFinite, headerTimeout > 0 else {
            throw .invalidLimit(reason: "the connection cap must be 1 or more and the header timeout a positive number of seconds")
        }
        if let token {
            guard token.count >= Self.minimumTokenLength else {
                throw .invalidToken(reason: "it has \(token.count) characters; use at least \(Self.minimumTokenLength)")
            }
            guard token.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0)) }) else {
                throw .invalidToken(reason: "use only letters, digits and - . _ ~")
            }
        }
        if token == nil && !Self.isLoopback(host) { throw .tokenRequired(host: host) }
    }
}
