import ArgumentParser
import Foundation
import Storage

/// `tonmeister session import DOC.json DB.sqlite`: a session document into a new database.
struct SessionImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a .json session document into a new .sqlite database.")

    @Argument(help: "The session document (.json).")
    var document: String

    @Argument(help: "The database to create (.sqlite); it must not exist yet.")
    var database: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        guard database.lowercased().hasSuffix(".sqlite") || database.lowercased().hasSuffix(".db") else {
            throw CLIError.badInput("\(database): the database name must end in .sqlite")
        }
        guard !FileManager.default.fileExists(atPath: database) else {
            throw CLIError.badInput("\(database) already exists; choose a new name (nothing was changed)")
        }
        let session = try SessionFile.load(document)
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

/// `tonmeister session export SESSION [-o DOC.json]`: the session as a document.
struct SessionExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a session as a .json session document (to standard output or -o).")

    @OptionGroup var file: SessionFile

    @Option(name: .shortAndLong, help: "The document to write (standard output when omitted).")
    var output: String?

    func run() throws {
        let data = try file.load().jsonData(pretty: true)
        if let output {
            try SessionStore.writeAtomically(data, to: output)
        } else {
            FileHandle.standardOutput.write(data)
            print()
        }
    }
}
