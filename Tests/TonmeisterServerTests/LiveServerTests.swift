import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing
@testable import TonmeisterServer

/// A real listening server against raw sockets: a client trickling its headers a byte at a time and idle
/// connections are closed after the header timeout, connections beyond the cap are closed at once, and the
/// server keeps answering everyone else throughout.
@Suite("Live server: slow and idle clients", .serialized)
struct LiveServerTests {
    /// A TCP connection to 127.0.0.1 with plain blocking calls.
    final class RawClient {
        let fd: Int32

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        /// Sends text; false when the server has closed the connection.
        @discardableResult
        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }

        /// Reads what arrives (up to 64 KB); "" when the server closed the connection, nil on the receive timeout.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 { return nil }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }

        /// Sends a whole GET and returns the answer's status line.
        func get(_ path: String) -> String? {
            guard send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") else { return nil }
            return receive()?.split(separator: "\r\n").first.map(String.init)
        }
    }

    /// Runs a server with small limits on the example session until `body` returns.
    static func withServer(headerTimeout: TimeInterval = 1, _ body: @Sendable (Int) async throws -> Void) async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.headerTimeout = headerTimeout
        configuration.maxConnections = 4
        let fixture = try ServerFixture(configuration: configuration)
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // The server and the test's blocking socket calls run on threads of their own, not behind the rest of the
        // suite's jobs on the cooperative pool (see DedicatedExecutor).
        let executor = DedicatedExecutor(label: "tonmeister.live-server-tests")
        let task = Task(executorPreference: executor) { try await fixture.server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { Issue.record("the server did not start"); return }
        defer { task.cancel() }
        try await withTaskExecutorPreference(executor) { try await body(port) }
    }

    @Test("a client trickling its headers is closed after the header timeout; others are served meanwhile")
    func slowClient() async throws {
        try await Self.withServer { port in
            let slow = try RawClient(port: port)
            slow.send("GET /api/session HTTP/1.1\r\n")
            // 28 bytes, one every 200 ms: 5.6 s of trickling against a 1 s header timeout.
            var closed = false, sent = 0
            for byte in "X-Slow: 1234567890abcdefghij".utf8 {
                try await Task.sleep(for: .milliseconds(200))
                if !slow.send(String(UnicodeScalar(byte))) { closed = true; break }
                sent += 1
                if sent == 2 {
                    // A loaded machine may drop one attempt; another client must be served within three.
                    var served = false
                    for _ in 0..<3 where !served {
                        served = try RawClient(port: port).get("/api/session")?.hasPrefix("HTTP/1.1 200") == true
                    }
                    #expect(served, "another client is served meanwhile")
                }
            }
            #expect(closed, "the trickling client was still connected after 5.6 s")
            #expect(try RawClient(port: port).get("/api/session")?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("connections beyond the cap are closed at once; idle ones go after the timeout and the server serves again")
    func connectionCap() async throws {
        try await Self.withServer(headerTimeout: 4) { port in
            let idle = try (0..<4).map { _ in try RawClient(port: port) }
            try await Task.sleep(for: .milliseconds(200))
            let clock = ContinuousClock(), connected = clock.now
            let extra = try RawClient(port: port)
            #expect(extra.receive() == "", "a fifth connection is closed")
            #expect(clock.now - connected < .seconds(3), "at once, not by the 4 s header timeout")
            try await Task.sleep(for: .seconds(5))
            for client in idle { #expect(client.receive() == "", "an idle connection is closed after the timeout") }
            #expect(try RawClient(port: port).get("/api/session")?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("after an Int.max take and a 1e300 time the real server still answers")
    func absurdRequestsLeaveItServing() async throws {
        try await Self.withServer { port in
            for body in [#"{"start":{"page":2,"x":80,"y":120},"number":9223372036854775807}"#,
                         #"{"take":30,"kind":"rating","value":4,"at":{"page":3,"x":150,"y":340},"time":1e300}"#] {
                let client = try RawClient(port: port)
                let path = body.contains("number") ? "/api/takes" : "/api/marks"
                client.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                #expect(client.receive()?.hasPrefix("HTTP/1.1 400") == true)
            }
            let client = try RawClient(port: port)
            let body = #"{"start":{"page":2,"x":80,"y":120}}"#
            client.send("POST /api/takes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(client.receive()?.hasPrefix("HTTP/1.1 201") == true)
        }
    }
}
