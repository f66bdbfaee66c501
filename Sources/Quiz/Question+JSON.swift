import Fretboard
import TheoryCore
import TonmeisterSupport

extension Question {
    /// The question as JSON, with its number in the quiz and the audio files written for it.
    package func jsonValue(number: Int, audio: [String] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [("number", .int(number)), ("kind", .string(kind.rawValue))]
        if let task { members.append(("task", .string(task.rawValue))) }
        members.append(("prompt", .string(prompt)))
        if kind == .fretboardInterval {
            members.append(("cells", .array(cells.map(Self.json))))
        } else {
            members.append(("notes", .strings(notes)))
        }
        members += [
            ("interval", .string(interval.directedName)),
            ("direction", .string(direction.rawValue)),
            ("answer", answerJSON),
        ]
        if !choices.isEmpty { members.append(("choices", .strings(choices))) }
        members += [("acceptsEnharmonic", .bool(acceptsEnharmonic)), ("item", .string(item))]
        if !audio.isEmpty { members.append(("audio", .strings(audio))) }
        return .object(members)
    }

    private var answerJSON: JSONValue {
        switch answer {
        case .interval, .pitch: return .string(answer.description)
        case .cells(let cells): return .array(cells.map { Self.json(Cell($0, note: nil)) })
        }
    }

    private static func json(_ cell: Cell) -> JSONValue {
        var members: [(String, JSONValue)] = [("string", .int(cell.cell.string)), ("fret", .int(cell.cell.fret))]
        if let note = cell.note { members.append(("note", .string(note.description))) }
        return .object(members)
    }
}
