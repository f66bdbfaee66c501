import ArgumentParser
import Foundation
import RecordingProtocol
import Storage

/// `tonmeister session import DOC.json DB.sqlite`: a session document into a new database.
struct SessionImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a .json session document into a new .sqlite database.")

    @Argument(help: "The session document (.json).")
    var document: String

    @Argument(help: "The database to create (.sqlite); it must not exist yet.")
    var database: String

    @Flag(help: "Refuse a document that needs a repair instead of repairing it with a warning.")
    var strict = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        guard database.lowercased().hasSuffix(".sqlite") || database.lowercased().hasSuffix(".db") else {
            throw CLIError.badInput("\(database): the database name must end in .sqlite")
        }
        guard !FileManager.default.fileExists(atPath: database) else {
            throw CLIError.badInput("\(database) already exists; choose a new name (nothing was changed)")
        }
        let session = try SessionFile.load(document, mode: strict ? .strict : .lenient)
        do {
            try SessionDatabase(path: database).save(session)
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            throw error
        }
        output.emit(["database": .string(database), "takes": .int(session.takes.count), "marks": .int(session.marks.count)],
                    text: ["imported \(session.takes.count) takes and \(session.marks.count) marks into \(database)"])
    }
}

/// `tonmeister session export SESSION [-o DOC.json] [--csv DIR]`: the session as a document, or as CSV tables.
struct SessionExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a session as a .json session document (to standard output or -o), or as CSV (--csv DIR).")

    @OptionGroup var file: SessionFile

    @Option(name: .shortAndLong, help: "The document to write (standard output when omitted and --csv is not given).")
    var output: String?

    @Option(help: "A directory to write takes.csv and marks.csv into (created when missing).")
    var csv: String?

    func run() throws {
        let session = try file.load()
        if let csv {
            try makeOutputDirectory(csv)
            let directory = URL(fileURLWithPath: csv)
            try SessionStore.writeAtomically(Data(session.takesCSV().utf8), to: directory.appendingPathComponent("takes.csv").path)
            try SessionStore.writeAtomically(Data(session.marksCSV().utf8), to: directory.appendingPathComponent("marks.csv").path)
            let live = Set(session.liveTakes.map(\.number))
            let marks = session.marks.filter { live.contains($0.take) }.count
            print("wrote \(session.liveTakes.count) takes to \(csv)/takes.csv and \(marks) marks to \(csv)/marks.csv")
        }
        let data = session.jsonData(pretty: true)
        if let output {
            try SessionStore.writeAtomically(data, to: output)
        } else if csv == nil {
            FileHandle.standardOutput.write(data)
            print()
        }
    }
}
