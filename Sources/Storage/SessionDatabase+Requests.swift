import Foundation
import GRDB

/// The first answer to a write request, kept by the client's idempotency key so that a retry gets it again.
public struct StoredAnswer: Hashable, Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var body: String

    public init(method: String, path: String, status: Int, body: String) {
        (self.method, self.path, self.status, self.body) = (method, path, status, body)
    }
}

extension SessionDatabase {
    /// The answer stored for `key`, if a request with it succeeded before.
    public func storedAnswer(for key: String) throws -> StoredAnswer? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT method, path, status, body FROM request WHERE key = ?", arguments: [key]).map {
                StoredAnswer(method: $0["method"], path: $0["path"], status: $0["status"], body: $0["body"])
            }
        }
    }

    /// Keeps the answer to the request made with `key` (the first one stays when the key is there already).
    public func store(_ answer: StoredAnswer, for key: String) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO request (key, method, path, status, body) VALUES (?, ?, ?, ?, ?)",
                           arguments: [key, answer.method, answer.path, answer.status, answer.body])
        }
    }
}
