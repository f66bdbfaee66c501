import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Devices on takes, marks and history entries; undo per device; ink strokes in the database.
@Suite("Devices and ink in the database")
struct DeviceStorageTests {
    @Test("each device undoes its own newest action; one changed since by another device is refused")
    func undoPerDevice() throws {
        let database = try Fixtures.exampleDatabase()
        let (take, inside) = Fixtures.closedTake(of: try database.load())
        let a = try database.acting(as: "tab-a") { try database.addMark(Mark(id: 0, take: take.number, kind: .rating(4), at: inside)) }
        let b = try database.acting(as: "tab-b") { try database.addMark(Mark(id: 0, take: take.number, kind: .rating(2), at: inside)) }
        #expect(a.device == "tab-a" && b.device == "tab-b")
        _ = try database.acting(as: "tab-b") { try database.changeMark(id: a.id, kind: .rating(5), text: nil) }
        // A's newest action (its mark) was changed since by B: refused, nothing changes.
        #expect(throws: StorageError.self) { try database.undo(device: "tab-a") }
        #expect(try database.load().mark(a.id)?.deleted == false)
        let undoneB = try database.undo(device: "tab-b")
        #expect(undoneB.action == .markChanged(mark: a.id, previousKind: .rating(4), previousText: nil))
        #expect(undoneB.device == "tab-b")
        #expect(try database.undo(device: "tab-a").action == .markAdded(mark: a.id))
        #expect(try database.undo(device: "tab-b").action == .markAdded(mark: b.id))
        #expect(throws: StorageError.invalid(.nothingToUndoBy(device: "tab-b"))) { try database.undo(device: "tab-b") }
        #expect(try database.storedHistory().isEmpty)
    }

    @Test("an ink stroke is stored with its points and device and read back; a broken stroke is refused")
    func inkRoundTrip() throws {
        let database = try Fixtures.exampleDatabase()
        let (take, inside) = Fixtures.closedTake(of: try database.load())
        let points = [InkPoint(x: inside.x, y: inside.y), InkPoint(x: inside.x + 3.5, y: inside.y + 1.25), InkPoint(x: inside.x + 7, y: inside.y)]
        let stroke = try database.acting(as: "pen") {
            try database.addMark(Mark(id: 0, take: take.number, kind: .ink, at: inside, time: 2, points: points))
        }
        let loaded = try #require(try database.load().mark(stroke.id))
        #expect(loaded == stroke)
        #expect(loaded.points == points && loaded.device == "pen")
        let document = try Session.read(json: try database.exportJSON()).session
        #expect(document.mark(stroke.id) == stroke)
        #expect(throws: StorageError.self) {
            try database.addMark(Mark(id: 0, take: take.number, kind: .ink, at: inside, points: [points[0]]))
        }
        #expect(throws: StorageError.self) {
            try database.addMark(Mark(id: 0, take: take.number, kind: .ink, at: inside, points: [points[0], InkPoint(x: .infinity, y: 1)]))
        }
        #expect(throws: StorageError.self) { try database.changeMark(id: stroke.id, kind: .rating(3), text: nil) }
        #expect(try database.undo(device: "pen").action == .markAdded(mark: stroke.id))
    }

    @Test("the devices of a database are kept by a whole-session save and its JSON")
    func devicesRoundTrip() throws {
        let database = try Fixtures.exampleDatabase()
        let start = try database.load().takes[0].start
        let take = try database.acting(as: "tab-1") { try database.startTake(at: start) }
        #expect(take.device == "tab-1")
        let copy = try SessionDatabase(inMemory: "copy")
        try copy.importJSON(try database.exportJSON())
        #expect(try copy.load().take(take.number)?.device == "tab-1")
        #expect(SessionDatabase.isValidDevice("tab-1.a_B") && !SessionDatabase.isValidDevice("") && !SessionDatabase.isValidDevice("a b")
                && !SessionDatabase.isValidDevice(String(repeating: "x", count: 65)))
    }

    @Test("history entries carry their device in the session JSON: database → JSON → database → JSON gives the same devices and bytes")
    func historyDevicesRoundTrip() throws {
        let database = try Fixtures.exampleDatabase()
        let (take, inside) = Fixtures.closedTake(of: try database.load())
        let mark = try database.acting(as: "tab-a") { try database.addMark(Mark(id: 0, take: take.number, kind: .rating(4), at: inside)) }
        try database.addMark(Mark(id: 0, take: take.number, kind: .rating(2), at: inside))
        _ = try database.acting(as: "tab-b") { try database.changeMark(id: mark.id, kind: .rating(5), text: nil) }
        let exported = try database.exportJSON(pretty: true)
        let tree = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        let history = try #require(tree["history"] as? [[String: Any]])
        #expect(history.suffix(3).map { $0["device"] as? String } == ["tab-a", nil, "tab-b"])
        #expect(history.suffix(3).map { $0["action"] as? String } == ["mark", "mark", "mark-change"], "no other key renamed or dropped")
        #expect(history.last?["previousKind"] as? String == "rating" && history.last?["previousValue"] as? Int == 4)
        let document = try Session.read(json: exported).session
        #expect(document.historyDevices.suffix(3) == ["tab-a", nil, "tab-b"])
        let copy = try SessionDatabase(inMemory: "copy")
        try copy.importJSON(exported)
        #expect(try copy.storedHistory().suffix(3).map(\.device) == ["tab-a", nil, "tab-b"])
        #expect(try copy.exportJSON(pretty: true) == exported)
        // The devices read back drive undo per device in the copy, as in the original.
        #expect(try copy.undo(device: "tab-b").action == .markChanged(mark: mark.id, previousKind: .rating(4), previousText: nil))
        #expect(try copy.undo(device: "tab-a").action == .markAdded(mark: mark.id))
    }

    @Test("a JSON document undoes per device as the database does, and a bad device in its history is refused")
    func documentUndoPerDevice() throws {
        var session = try Fixtures.example()
        let (take, inside) = Fixtures.closedTake(of: session)
        let a = try session.addMark(take: take.number, kind: .rating(4), at: inside)
        session.recordDevice("tab-a", ofHistoryFrom: session.history.count - 1)
        _ = try session.changeMark(a.id, kind: .rating(5), text: nil)
        session.recordDevice("tab-b", ofHistoryFrom: session.history.count - 1)
        #expect(throws: ProtocolError.self) { try session.undo(device: "tab-a") }
        #expect(throws: ProtocolError.nothingToUndoBy(device: "tab-c")) { try session.undo(device: "tab-c") }
        #expect(try session.undo(device: "tab-b") == .markChanged(mark: a.id, previousKind: .rating(4), previousText: nil))
        #expect(try session.undo(device: "tab-a") == .markAdded(mark: a.id))
        #expect(session.historyDevices.count <= session.history.count)
        var bad = try JSONSerialization.jsonObject(with: session.jsonData()) as? [String: Any] ?? [:]
        bad["history"] = [["action": "take-start", "take": take.number, "device": "a b"]]
        let data = try JSONSerialization.data(withJSONObject: bad)
        #expect(throws: (any Error).self) { try Session.read(json: data) }
    }
}
