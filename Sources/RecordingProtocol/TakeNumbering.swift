/// How takes are numbered and labelled: the first number, letter prefixes per piece, continuous or per piece.
///
/// Every take has a session-unique `number` (marks refer to it), counting up from `first` in the
/// order the takes are made. The printed `label` follows the scheme:
/// - `continuous`: the label's number is the take number (with a prefix: A1…A15, B16…);
/// - per piece (`continuous == false`): the label's number restarts at `first` for each piece
///   (A1…A15, B1…).
/// With `prefixPerPiece` the label starts with the piece's prefix (its `prefix`, else A, B, C…
/// by position in the programme).
public struct TakeNumbering: Hashable, Sendable {
    /// The first take number (at least 0).
    public var first: Int
    /// True when labels carry a letter prefix per piece.
    public var prefixPerPiece: Bool
    /// True when numbering continues across pieces (and days); false when it restarts per piece.
    public var continuous: Bool

    /// Creates a numbering scheme; the default numbers 1, 2, 3… without prefixes.
    public init(first: Int = 1, prefixPerPiece: Bool = false, continuous: Bool = true) {
        self.first = first
        self.prefixPerPiece = prefixPerPiece
        self.continuous = continuous
    }

    /// The default letter prefix of the piece at a 0-based index: A…Z, then AA, AB….
    public static func letterPrefix(forPieceAt index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var n = max(0, index)
        var text = ""
        repeat {
            text = String(letters[n % 26]) + text
            n = n / 26 - 1
        } while n >= 0
        return text
    }
}
