import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage
import TonmeisterSupport

/// The programme and the bar numbers (Layout mode): the pieces with their bars, numbering and playing order; numbering
/// the bars (first bar, upbeat, restarts, per piece); the order the score's repeat signs propose; pieces added,
/// changed, moved and removed.
///
/// Every change goes through the session model as the command line's (`score numbering`, `score form`, `piece …`) and
/// is one `programme` entry of the history, made by the request's device: undo puts the pieces and numbers back.
extension TonmeisterServer {
    func addProgrammeRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("programme") { _, _ in
            await self.service.catchUp()
            return Response.json(Self.programmeJSON(self.service.load()))
        }
        api.post("numbering") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let asked = try ProgrammeRequest.numbering(body)
            return try await self.changeProgramme(request, .numbering) { session in
                do { try session.renumberBars(try asked.rules(for: session)) } catch let error as NumberingRequestError {
                    throw APIError.badRequest(error.description)
                }
            }
        }
        api.get("form/detect") { request, _ in
            let session = self.service.load()
            guard let layout = session.layout, layout.barCount > 0 else {
                throw APIError.badRequest("the session has no layout with bars: detect one first")
            }
            // As `score form --detect`: the signs are read from the first PDF's drawing only.
            guard session.scores.count == 1 else {
                throw APIError.badRequest("detection reads one PDF, but the session has \(session.scores.count) scores: give each piece's order with POST /api/form and its piece")
            }
            let piece = try Self.queryInt(request, "piece")
            if let piece, piece < 1 || piece > max(1, session.pieces.count) {
                throw APIError.badRequest("piece must be from 1 to \(max(1, session.pieces.count)), not \(piece)")
            }
            let form = try await self.renderer.drawnForm(layout: layout)
            let proposals = FormProposal.proposals(session: session, form: form, piece: session.pieces.isEmpty ? nil : piece.map { $0 - 1 })
            var current: [Int: [BarSpan]] = [:]
            for (i, p) in session.pieces.enumerated() { current[i] = p.order }
            let output = FormProposalOutput(proposals: proposals, bars: layout.allBars(), sessionPath: self.service.path, current: current)
            return Response.json(output.json)
        }
        api.post("form") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let (order, piece) = try ProgrammeRequest.order(body)
            return try await self.changeProgramme(request, .order) { try $0.setOrder(order, ofPiece: piece) }
        }
        api.post("pieces") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let fields = try ProgrammeRequest.pieceFields(body)
            for key in ["title", "firstBar", "lastBar"] where !body.has(key) {
                throw APIError.badRequest("a new piece needs title, firstBar and lastBar (\(key) is missing)")
            }
            var piece = Piece(title: "", firstBar: BarNumber(1), lastBar: BarNumber(1))
            fields.apply(to: &piece)
            let at = try body.int("at")
            if let at, at < 1 { throw APIError.badRequest("at is the piece's place in the programme, from 1") }
            let made = piece
            return try await self.changeProgramme(request, .pieces, status: .created) { try $0.addPiece(made, at: at.map { $0 - 1 }) }
        }
        api.post("pieces/:n") { request, context in
            let index = try Self.id(context, "n", "piece") - 1
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let fields = try ProgrammeRequest.pieceFields(body)
            return try await self.changeProgramme(request, .pieces) { session in try session.updatePiece(index) { fields.apply(to: &$0) } }
        }
        api.post("pieces/:n/move") { request, context in
            let index = try Self.id(context, "n", "piece") - 1
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let to = try body.requiredInt("to")
            return try await self.changeProgramme(request, .pieces) { try $0.movePiece(index, to: to - 1) }
        }
        api.delete("pieces/:n") { request, context in
            let index = try Self.id(context, "n", "piece") - 1
            return try await self.changeProgramme(request, .pieces) { try $0.removePiece(index) }
        }
    }

    /// Applies `change` to the stored session as one `programme` action of the request's device, tells the clients and
    /// answers with the programme.
    private func changeProgramme(_ request: Request, _ reason: ProgrammeChange.Reason, status: HTTPResponse.Status = .ok,
                                 _ change: @escaping @Sendable (inout Session) throws -> Void) async throws -> Response {
        let device = try RequestJSON.device(of: request)
        let session = try await service.write(device: device, { database in
            try database.edit { session in
                try session.recordingProgramme(reason) { try change(&$0) }
                return session
            }
        }, changed: { _ in .everything })
        publish(["type": "programme"])
        return .json(Self.programmeJSON(session), status: status)
    }

    /// `GET /api/programme`: `{"pieces":[…],"rules":[…],"firstBar","lastBar","barCount"}`, each piece as `piece list` shows
    /// it plus `firstIndex`/`lastIndex` (its bars' indices in `bars`, null when the layout lacks them), `order` (runs of bars,
    /// null for score order), `pickup` (its first bar is numbered 0) and `played` (how many bars are played, repeats counted).
    static func programmeJSON(_ session: Session) -> JSONValue {
        let ranges = session.pieceBarRanges()
        let order = try? session.playingOrder()
        let bars = session.layout?.allBars() ?? []
        let pieces: [JSONValue] = session.pieces.indices.map { i in
            guard case .object(var members) = session.pieceJSON(i, range: ranges[i]) else { return .null }
            let range = ranges[i]
            members += [("firstIndex", range.map { .int($0.lowerBound) } ?? .null), ("lastIndex", range.map { .int($0.upperBound) } ?? .null),
                        ("order", session.pieces[i].order.map { .strings($0) } ?? .null),
                        ("pickup", .bool(session.pieces[i].firstBar.value == 0 && !session.pieces[i].firstBar.hasSuffix))]
            if let range, let order { members.append(("played", .int(range.reduce(0) { $0 + order.passes(ofBar: $1) }))) }
            return .object(members)
        }
        let first: JSONValue = bars.first.map { .string($0.number.description) } ?? .null
        let last: JSONValue = bars.last.map { .string($0.number.description) } ?? .null
        return ["pieces": .array(pieces), "rules": .array((session.layout?.numberingRules() ?? []).map(\.json)),
                "firstBar": first, "lastBar": last, "barCount": .int(bars.count)]
    }
}
