import ArgumentParser
import RecordingProtocol
import ScoreLayout
import Storage
import TonmeisterSupport

/// `tonmeister piece list|add|set|move|remove`: the session's programme of pieces or movements.
struct PieceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "piece", abstract: "List, add, change, reorder or remove the pieces (movements) of a session.",
        discussion: """
            Pieces are numbered from 1 in programme order. Each has a title, a first and last bar (printed bar \
            numbers; where numbering restarts for each piece, a piece's bars are found after the previous piece's), \
            an optional key ("D major") and an optional take-label prefix. With per-piece labels on, a take started \
            without --piece belongs to the piece its start bar lies in. `score numbering --piece N` numbers a piece's bars.
            """,
        subcommands: [PieceListCommand.self, PieceAddCommand.self, PieceSetCommand.self, PieceMoveCommand.self, PieceRemoveCommand.self])

    /// The programme as JSON and text lines.
    static func emit(_ session: Session, output: OutputOptions) {
        let ranges = session.pieceBarRanges()
        let pieces: [JSONValue] = session.pieces.indices.map { session.pieceJSON($0, range: ranges[$0]) }
        let lines = session.pieces.isEmpty ? ["no pieces"] : session.pieces.enumerated().map { n, p in
            "\(n + 1). \(p.title): bars \(p.firstBar)–\(p.lastBar)" + (p.key.map { ", \($0)" } ?? "") + ", labels \(session.prefix(ofPiece: n))…"
        }
        output.emit(["pieces": .array(pieces)], text: lines)
    }
}

/// A piece's fields given on the command line.
struct PieceFields: ParsableArguments {
    @Option(help: "The title, such as \"I. Allegro\".")
    var title: String?

    @Option(name: .customLong("first-bar"), help: "The piece's first bar (a printed bar number such as 1 or 0).")
    var firstBar: String?

    @Option(name: .customLong("last-bar"), help: "The piece's last bar.")
    var lastBar: String?

    @Option(help: "The key as written, such as \"D major\" (an empty text removes it).")
    var key: String?

    @Option(help: "The take-label prefix, such as A (an empty text goes back to A, B, C… by position).")
    var prefix: String?

    static func bar(_ text: String, option: String) throws -> BarNumber {
        do { return try BarNumber(text) } catch { throw CLIError.badInput("\(option) \(text): \(error)") }
    }

    /// Applies the given fields to `piece`.
    func apply(to piece: inout Piece) throws {
        if let title { piece.title = title }
        if let firstBar { piece.firstBar = try Self.bar(firstBar, option: "--first-bar") }
        if let lastBar { piece.lastBar = try Self.bar(lastBar, option: "--last-bar") }
        if let key { piece.key = key.isEmpty ? nil : key }
        if let prefix { piece.prefix = prefix.isEmpty ? nil : prefix }
    }
}

/// `tonmeister piece list SESSION`.
struct PieceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the pieces.")
    @OptionGroup var file: SessionFile
    @OptionGroup var output: OutputOptions

    func run() throws { PieceCommand.emit(try file.load(), output: output) }
}

/// `tonmeister piece add SESSION --title T --first-bar 1 --last-bar 24 [--key K] [--prefix P] [--at N]`.
struct PieceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a piece (at the end, or at position --at).")
    @OptionGroup var file: SessionFile
    @OptionGroup var fields: PieceFields

    @Option(help: "The position (1-based) the new piece takes in the programme.")
    var at: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if fields.title == nil || fields.firstBar == nil || fields.lastBar == nil {
            throw ValidationError("a new piece needs --title, --first-bar and --last-bar")
        }
        if let at, at < 1 { throw ValidationError("--at must be 1 or more") }
    }

    func run() throws {
        var piece = Piece(title: "", firstBar: BarNumber(1), lastBar: BarNumber(1))
        try fields.apply(to: &piece)
        let store = try file.store()
        try store.addPiece(piece, at: at.map { $0 - 1 })
        PieceCommand.emit(try store.load(), output: output)
    }
}

/// `tonmeister piece set SESSION N [--title T] [--first-bar B] [--last-bar B] [--key K] [--prefix P]`.
struct PieceSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Rename a piece or change its bars, key or prefix.")
    @OptionGroup var file: SessionFile

    @Argument(help: "The piece (1-based).")
    var piece: Int

    @OptionGroup var fields: PieceFields
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try file.store()
        try store.updatePiece(piece - 1) { try fields.apply(to: &$0) }
        PieceCommand.emit(try store.load(), output: output)
    }
}

/// `tonmeister piece move SESSION N --to M`.
struct PieceMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a piece to another place in the programme.")
    @OptionGroup var file: SessionFile

    @Argument(help: "The piece (1-based).")
    var piece: Int

    @Option(help: "Its new position (1-based).")
    var to: Int

    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try file.store()
        try store.movePiece(piece - 1, to: to - 1)
        PieceCommand.emit(try store.load(), output: output)
    }
}

/// `tonmeister piece remove SESSION N`.
struct PieceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a piece from the programme (its takes stay).")
    @OptionGroup var file: SessionFile

    @Argument(help: "The piece (1-based).")
    var piece: Int

    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try file.store()
        try store.removePiece(piece - 1)
        PieceCommand.emit(try store.load(), output: output)
    }
}
