import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// `tonmeister session check SESSION [--strict]`: everything reading would repair, keep or refuse, and what exports will estimate.
struct SessionCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List what reading a session repairs (warnings) and what it cannot read (errors).",
        discussion: """
            Warnings name what was repaired or kept: bars, staves or systems overlapping by less than half a point \
            (snapped), marks before their take's start or after its end (kept where they lie), ranges drawn backwards \
            (turned around), takes that exports must place by tempo or without timecode, and a score PDF whose SHA-256 \
            differs from the one the session was made on (`session rescore` moves the session onto a new edition). Exit status 0 when there \
            are only warnings, 2 when something cannot be read, or with --strict when there is any warning.
            """
    )

    @OptionGroup var file: SessionFile
    @OptionGroup var output: OutputOptions

    func run() throws {
        var warnings: [SessionWarning] = []
        var errors: [(kind: String, message: String)] = []
        do {
            let reading = try SessionStore(path: file.session).read(mode: .lenient)
            warnings = reading.warnings.filter { $0.kind != .damaged } + reading.session.timingWarnings()
                + SessionFile.scoreWarnings(reading.session, sessionPath: file.session)
            if let damage = reading.damage { errors.append(("damaged", damage.description)) }
        } catch let error as ProtocolError {
            errors.append((Self.kind(of: error), error.description))
        } catch let error as StoreError {
            errors.append(("unreadable", error.description))
        } catch let error as StorageError {
            errors.append(("unreadable", error.description))
        }
        if file.strict {
            errors += warnings.map { ($0.kind.rawValue, $0.error.description) }
        }
        let shownWarnings = file.strict ? [] : warnings
        output.emit(
            ["session": .string(file.session),
             "warnings": .array(shownWarnings.map(\.jsonTree)),
             "errors": .array(errors.map { .object([("kind", .string($0.kind)), ("message", .string($0.message))]) })],
            text: Self.lines(file.session, warnings: shownWarnings, errors: errors.map(\.message)))
        if !errors.isEmpty { throw ExitCode(2) }
    }

    static func lines(_ path: String, warnings: [SessionWarning], errors: [String]) -> [String] {
        if warnings.isEmpty && errors.isEmpty { return ["\(path): ok, nothing to repair"] }
        var lines: [String] = []
        if !errors.isEmpty { lines.append("\(path): \(errors.count) error\(errors.count == 1 ? "" : "s")") }
        lines += errors.map { "  error: \($0)" }
        if !warnings.isEmpty { lines.append("\(path): \(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
        lines += warnings.map { "  warning: \($0.message)" }
        return lines
    }

    /// A short kind for an error that stops reading.
    static func kind(of error: ProtocolError) -> String {
        switch error {
        case .invalidJSON, .unsupportedFormat: return "unreadable"
        case .invalidLayout: return "invalid-layout"
        case .markOutsideTake: return "mark-outside-take"
        case .markRangeReversed: return "range-reversed"
        default: return "invalid"
        }
    }
}
