import Foundation
import GRDB

extension SessionSchema {
    /// Registers v8: the time each history entry was made (`action.made_at`, ISO 8601 UTC with milliseconds; NULL for
    /// entries made before v8), shown in the live page's history list.
    static func registerActionTime(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: the time of each action", migrate: addActionTime)
    }

    /// Adds `action.made_at` where it is missing (also after a migration that rebuilt the table ran again).
    static func addActionTime(_ db: Database) throws {
        guard try db.tableExists("action") else { return }
        try addMissingColumns([("action", "made_at", "TEXT CHECK (made_at IS NULL OR length(made_at) BETWEEN 1 AND 40)")], in: db)
    }

    /// Now as `made_at` stores it: `2026-11-27T05:01:02.345Z`.
    static func actionTime(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
