import ScoreLayout

/// Validating edits: numbering, adding and ending takes, adding marks, soft deletes.
///
/// Each method checks the change against the rest of the session and leaves the session
/// unchanged when it throws.
extension Session {
    /// The number and label the next take of a piece gets under the numbering scheme.
    ///
    /// The number is one more than the highest take number so far (deleted takes included, so
    /// numbers are never reused), or `numbering.first` for the first take. The label is the
    /// number when numbering is continuous, else one more than the highest label number of the
    /// piece's takes (or `first`); with `prefixPerPiece` it starts with the piece's prefix (its
    /// `prefix`, else A, B, C… by position). A take belongs to a piece by its label prefix when
    /// labels have prefixes, else by the bar its start lies in. With `piece` nil the label is the
    /// plain number.
    ///
    /// - Throws: `ProtocolError.pieceNotFound` for an index outside the programme;
    ///   `ProtocolError.noLayout` for per-piece numbering without prefixes and without a layout.
    public func nextTakeNumber(for piece: Int? = nil) throws -> (number: Int, label: String) {
        let limits = SessionLimits.takeNumbers
        guard limits.contains(numbering.first) else {
            throw ProtocolError.outOfRange(what: "the first take number", value: numbering.first, range: limits)
        }
        // Numbers outside the range (a session written elsewhere) are kept but never counted from.
        let highestTake = takes.lazy.map(\.number).filter(limits.contains).max()
        let number = max(numbering.first, (highestTake ?? numbering.first - 1) + 1)
        guard limits.contains(number) else { throw ProtocolError.outOfRange(what: "the next take number", value: number, range: limits) }
        guard let piece else { return (number, String(number)) }
        guard pieces.indices.contains(piece) else { throw ProtocolError.pieceNotFound(index: piece, count: pieces.count) }
        let prefix = numbering.prefixPerPiece ? prefix(ofPiece: piece) : ""
        if numbering.continuous { return (number, prefix + String(number)) }
        var highest = numbering.first - 1
        if numbering.prefixPerPiece {
            for take in takes where take.label.hasPrefix(prefix) {
                if let n = Int(take.label.dropFirst(prefix.count)), take.label.dropFirst(prefix.count).allSatisfy(\.isASCII),
                   limits.contains(n) {
                    highest = max(highest, n)
                }
            }
        } else {
            guard let layout else {
                throw ProtocolError.noLayout(reason: "per-piece numbering without prefixes finds a take's piece from its start bar")
            }
            let axis = ScoreAxis(layout) // score order: the piece is found from the start bar as printed
            guard let range = pieceBarRanges()[piece] else {
                throw ProtocolError.barNotFound("\(pieces[piece].firstBar)…\(pieces[piece].lastBar)")
            }
            let first = range.lowerBound, last = range.upperBound
            for take in takes {
                guard let place = try? axis.place(take.start), let n = Int(take.label), limits.contains(n) else { continue }
                let bar = min(Int(place.coordinate), axis.barCount - 1)
                if (first...last).contains(bar) { highest = max(highest, n) }
            }
        }
        return (number, prefix + String(highest + 1))
    }

    /// The take-label prefix of a piece: its `prefix`, else A, B, C… by its position.
    public func prefix(ofPiece index: Int) -> String {
        if pieces.indices.contains(index), let prefix = pieces[index].prefix { return prefix }
        return TakeNumbering.letterPrefix(forPieceAt: index)
    }

    /// Starts a new take numbered by the scheme and returns it.
    ///
    /// - Throws: `ProtocolError` for a bad piece index, position, end, timecode or frame rate.
    @discardableResult
    public mutating func addTake(
        start: ScorePosition, end: ScorePosition? = nil, piece: Int? = nil, source: String? = nil,
        recordStart: String? = nil, fps: Double? = nil, note: String = "", tabletOffset: Double? = nil, startedAt: String? = nil
    ) throws -> Take {
        let (number, label) = try nextTakeNumber(for: piece ?? pieceForNewTake(at: start))
        let take = Take(number: number, label: label, start: start, end: end, source: source,
                        recordStart: recordStart, fps: fps, note: note, tabletOffset: tabletOffset, startedAt: startedAt)
        _ = try Self.checkTake(take, checker: PositionChecker(layout: layout, pieces: pieces))
        takes.append(take)
        history.append(.takeStarted(take: number))
        return take
    }

    /// Ends a take (or moves its end); marks left after the new end are kept where they lie (see `placementWarnings(for:)`).
    ///
    /// - Throws: `ProtocolError.takeNotFound`, `.takeDeleted`, `.takeEndsBeforeStart`, `.invalidPosition`,
    ///   or the errors of the take's marks that no end can mend.
    public mutating func endTake(_ number: Int, at end: ScorePosition?) throws {
        let index = try liveTakeIndex(number)
        var take = takes[index]
        take.end = end
        let checker = PositionChecker(layout: layout, pieces: pieces)
        let span = try Self.checkTake(take, checker: checker)
        for mark in marks where mark.take == number && !mark.deleted {
            try Self.checkMark(mark, in: span, checker: checker, mode: .lenient)
        }
        history.append(.takeEnded(take: number, previousEnd: takes[index].end))
        takes[index] = take
    }

    /// Replaces a take's note.
    ///
    /// - Throws: `ProtocolError.takeNotFound` or `.takeDeleted`.
    public mutating func setNote(ofTake number: Int, to note: String) throws {
        let index = try liveTakeIndex(number)
        history.append(.noteChanged(take: number, previousNote: takes[index].note))
        takes[index].note = note
    }

    /// Adds a mark to a live take with the next free id and returns it.
    ///
    /// A range given backwards is turned around; a mark tapped before the take's start or after its end
    /// is kept where it lies (DESIGN §6; `placementWarnings(for:)` says so).
    ///
    /// - Throws: `ProtocolError.takeNotFound`, `.takeDeleted`, or the other mark errors of `validate()`.
    @discardableResult
    public mutating func addMark(
        take number: Int, kind: MarkKind, at: ScorePosition, to: ScorePosition? = nil,
        time: Double? = nil, colour: String? = nil, text: String? = nil, points: [InkPoint] = [], device: String? = nil
    ) throws -> Mark {
        let take = takes[try liveTakeIndex(number)]
        let id = try nextMarkID()
        let checker = PositionChecker(layout: layout, pieces: pieces)
        let range = Self.forwardRange(at: at, to: to, checker: checker)
        let mark = Mark(id: id, take: number, kind: kind, at: range.at, to: range.to, time: time, colour: colour, text: text,
                        points: points, device: device)
        try Self.checkMark(mark, in: try Self.checkTake(take, checker: checker), checker: checker, mode: .lenient)
        marks.append(mark)
        history.append(.markAdded(mark: id))
        return mark
    }

    /// Soft-deletes a take: it keeps its number and marks, and queries ignore it.
    ///
    /// - Throws: `ProtocolError.takeNotFound`, or `.takeDeleted` when it is deleted already.
    public mutating func deleteTake(_ number: Int) throws {
        guard let index = takes.firstIndex(where: { $0.number == number }) else { throw ProtocolError.takeNotFound(number: number) }
        guard !takes[index].deleted else { throw ProtocolError.takeDeleted(number: number) }
        takes[index].deleted = true
        history.append(.takeDeleted(take: number))
    }

    /// Soft-deletes a mark: other marks keep their ids, and queries ignore it.
    ///
    /// - Throws: `ProtocolError.markNotFound`, or `.markDeleted` when it is deleted already.
    public mutating func deleteMark(_ id: Int) throws {
        guard let index = marks.firstIndex(where: { $0.id == id }) else { throw ProtocolError.markNotFound(id: id) }
        guard !marks[index].deleted else { throw ProtocolError.markDeleted(id: id) }
        marks[index].deleted = true
        history.append(.markDeleted(mark: id))
    }

    /// The id the next mark gets: one more than the highest id inside `SessionLimits.markIDs` (ids outside it,
    /// from a session written elsewhere, are kept but never counted from).
    ///
    /// - Throws: `ProtocolError.outOfRange` when the range is used up.
    public func nextMarkID() throws -> Int {
        let limits = SessionLimits.markIDs
        let id = (marks.lazy.map(\.id).filter(limits.contains).max() ?? 0) + 1
        guard limits.contains(id) else { throw ProtocolError.outOfRange(what: "the next mark id", value: id, range: limits) }
        return id
    }

    func liveTakeIndex(_ number: Int) throws -> Int {
        guard let index = takes.firstIndex(where: { $0.number == number }) else { throw ProtocolError.takeNotFound(number: number) }
        guard !takes[index].deleted else { throw ProtocolError.takeDeleted(number: number) }
        return index
    }
}
