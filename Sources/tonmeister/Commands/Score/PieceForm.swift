import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

/// A piece's playing order as `score form` prints it.
struct PieceForm {
    var number: Int
    var piece: Piece
    /// Per bar of the piece played more than once: its number and how often it is played.
    var repeated: [(bar: BarNumber, passes: Int)]
    /// The number of bars played through the piece, repeats counted.
    var played: Int

    init(session: Session, piece index: Int) throws {
        number = index + 1
        let piece = session.pieces[index]
        self.piece = piece
        let order = try session.playingOrder()
        let bars = session.layout?.allBars() ?? []
        let first = bars.first { $0.number == piece.firstBar }?.globalIndex ?? 0
        let last = bars[first...].first { $0.number == piece.lastBar }?.globalIndex ?? first
        repeated = (first...last).compactMap { b in
            let passes = order.passes(ofBar: b)
            return passes > 1 ? (bars[b].number, passes) : nil
        }
        played = (first...last).reduce(0) { $0 + order.passes(ofBar: $1) }
    }

    var json: JSONValue {
        ["piece": .int(number), "title": .string(piece.title), "firstBar": .string(piece.firstBar.description),
         "lastBar": .string(piece.lastBar.description), "order": piece.order.map { .strings($0) } ?? .null,
         "played": .int(played),
         "repeated": .array(repeated.map { ["bar": .string($0.bar.description), "passes": .int($0.passes)] })]
    }

    var lines: [String] {
        var lines = ["piece \(number) (\(piece.title)), bars \(piece.firstBar)–\(piece.lastBar): "
            + (piece.order.map { $0.map(\.description).joined(separator: ", ") } ?? "score order")]
        lines.append("\(played) bars played" + (repeated.isEmpty ? "" : "; played more than once: "
            + repeated.map { "\($0.bar) (\($0.passes)×)" }.joined(separator: ", ")))
        return lines
    }
}
