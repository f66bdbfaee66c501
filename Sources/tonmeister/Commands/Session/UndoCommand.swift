import ArgumentParser
import RecordingProtocol
import TonmeisterSupport

/// `tonmeister undo SESSION`: revert the session's last action (take start/end/note/delete, mark add/delete).
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last action on a session (or of one device).",
        discussion: """
            Reverts the newest entry of the session's history: a started take or added mark is removed \
            (soft-deleted; numbers and ids are not reused), an end or note gets its previous value back, \
            a deleted take or mark comes back. Run it again to undo the action before. With --device ID it \
            undoes that device's newest action (as the server does for a tablet), and refuses one that a newer \
            action of another device changed since.
            """)

    @OptionGroup var file: SessionFile
    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let action = try device.store(file).undo()
        var undone: [(String, JSONValue)] = [("action", .string(action.name))]
        if let take = action.take { undone.append(("take", .int(take))) }
        if let mark = action.mark { undone.append(("mark", .int(mark))) }
        output.emit(.object([("undone", device.tagged(.object(undone))), ("effect", .string(action.undoDescription))]),
                    text: ["undone: \(action.name) (\(action.undoDescription))"])
    }
}
