import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage

/// Marks: add, move, change, delete; and undo of a device's newest action.
extension TonmeisterServer {
    func addMarkRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("marks") { request, _ in
            let session = self.service.load()
            var marks = session.liveMarks
            if let take = request.uri.queryParameters.get("take") {
                guard let number = Int(take) else { throw APIError.badRequest("take must be a take number") }
                marks = marks.filter { $0.take == number }
            }
            return Response.json(["marks": .array(marks.map { APIJSON.mark($0, layout: session.layout) })])
        }
        api.post("marks") { request, _ in
            let device = try RequestJSON.device(of: request)
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let made = try RequestBody.newMark(body, pageSizes: self.renderer.pageSizes)
            let mark = try await self.service.write(device: device, { try $0.addMark(made) }, changed: { .marks($0.id) })
            // A tap outside its take is kept where it lies (DESIGN §6); the answer says so.
            let warnings = self.service.inMemory { state in state.take(mark.take).map { state.session.placementWarnings(for: mark, in: $0) } ?? [] }
            return self.answer(mark, status: .created, warnings: warnings)
        }
        api.post("marks/:id/move") { request, context in
            let id = try Self.id(context, "id", "mark")
            let device = try RequestJSON.device(of: request)
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let (at, to) = try RequestBody.markMove(body)
            return self.answer(try await self.service.write(device: device, { try $0.moveMark(id: id, at: at, to: to) }, changed: { .marks($0.id) }))
        }
        api.post("marks/:id/change") { request, context in
            let id = try Self.id(context, "id", "mark")
            let device = try RequestJSON.device(of: request)
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let (kind, text, keepText) = try RequestBody.markChange(body)
            let current = keepText ? self.service.inMemory({ $0.mark(id)?.text }) : text
            let mark = try await self.service.write(device: device, { try $0.changeMark(id: id, kind: kind, text: current) }, changed: { .marks($0.id) })
            return self.answer(mark)
        }
        api.delete("marks/:id") { request, context in
            let id = try Self.id(context, "id", "mark")
            let device = try RequestJSON.device(of: request)
            try await self.service.write(device: device, { try $0.deleteMark(id: id) }, changed: { _ in .marks(id) })
            return try self.answer(mark: id)
        }
        api.post("undo") { request, _ in
            // This device's newest action (the header); another device's with {"device"}, anyone's with {"any":true} or without a header.
            let device = try RequestJSON.device(of: request)
            var whose = device
            let asked = try RequestBody.undo(try await RequestJSON.readOptional(request, limit: self.bodyLimit))
            if let other = asked.device {
                guard SessionDatabase.isValidDevice(other) else { throw APIError.badRequest("device must be a device id (1 to 64 of A-Z a-z 0-9 . _ -)") }
                whose = other
            }
            if asked.any { whose = nil }
            let target = whose
            let undone = try await self.service.write(device: device, { try $0.undo(device: target) }, changed: { Self.change(undoing: $0) })
            let session = self.service.load()
            let action = undone.action
            let json = APIJSON.action(action, device: undone.device)
            self.publish(["type": "undo", "action": json])
            if case .takeRenumbered(let number, let previous, _) = action, let take = session.take(previous) {
                self.publish(["type": "renumber", "from": .int(number), "take": APIJSON.take(take, layout: session.layout)])
            } else if let number = action.take, let take = session.take(number) {
                self.publish(["type": "take", "take": APIJSON.take(take, layout: session.layout)])
            } else if let id = action.mark, let mark = session.mark(id) {
                self.publish(["type": "mark", "mark": APIJSON.mark(mark, layout: session.layout)])
            }
            return Response.json(["undone": json])
        }
        api.get("history") { request, _ in
            // The newest entries from memory: the cost does not grow with the session.
            let limit = try Self.queryInt(request, "limit") ?? 50
            guard (1...1000).contains(limit) else { throw APIError.badRequest("limit must be from 1 to 1000, not \(limit)") }
            await self.service.catchUp()
            let (entries, total, session) = self.service.inMemory { state in (state.newestActions(limit), state.session.history.count, state.session) }
            return Response.json(["history": .array(entries.map { APIJSON.historyEntry($0, in: session) }), "total": .int(total)])
        }
    }

    /// What undoing an action changed: its take or mark, or everything for a renumbering or a clock change.
    static func change(undoing undone: SessionDatabase.StoredAction) -> SessionService.Change {
        switch undone.action {
        case .takeRenumbered, .clockChanged, .programmeChanged: return .everything
        default:
            return SessionService.Change(takes: undone.action.take.map { [$0] } ?? [], marks: undone.action.mark.map { [$0] } ?? [],
                                         undone: undone.id)
        }
    }

    /// A mark as stored now, published as a `mark` event and answered.
    func answer(mark id: Int, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let mark = service.inMemory({ $0.mark(id) }) else { throw APIError.notFound("there is no mark \(id)") }
        return answer(mark, status: status)
    }

    /// A mark just written, published as a `mark` event and answered (its bar from the layout), with `"warnings"` when there are any.
    func answer(_ mark: Mark, status: HTTPResponse.Status = .ok, warnings: [SessionWarning] = []) -> Response {
        let json = APIJSON.mark(mark, layout: service.layout)
        publish(["type": "mark", "mark": json])
        return .json(warnings.isEmpty ? json : warnings.appended(to: json), status: status)
    }
}
