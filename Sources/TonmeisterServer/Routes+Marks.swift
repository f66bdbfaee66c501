import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage

/// Marks: add, move, change, delete; and undo of the newest action.
extension TonmeisterServer {
    func addMarkRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("marks") { request, _ in
            let session = try await self.service.load()
            var marks = session.liveMarks
            if let take = request.uri.queryParameters.get("take") {
                guard let number = Int(take) else { throw APIError.badRequest("take must be a take number") }
                marks = marks.filter { $0.take == number }
            }
            return Response.json(["marks": .array(marks.map { APIJSON.mark($0, layout: session.layout) })])
        }
        api.post("marks") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let take = try body.requiredInt("take"), kind = try body.markKind()
            let at = try body.requiredPosition("at"), to = try body.position("to")
            let time = try body.double("time"), text = try body.string("text"), colour = try body.string("colour")
            if let time, time < 0 { throw APIError.badRequest("time must be 0 or more seconds") }
            var mark = Mark(id: 0, take: take, kind: kind, at: at, to: to, time: time, colour: colour, text: text)
            let made = mark
            mark.id = try await self.service.write { try $0.appendMark(made) }
            // A tap outside its take is kept where it lies (DESIGN §6); the answer says so.
            let warnings = (try? await self.service.load().placementWarnings(for: mark)) ?? []
            return self.answer(mark, status: .created, warnings: warnings)
        }
        api.post("marks/:id/move") { request, context in
            let id = try Self.id(context, "id", "mark")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let at = try body.requiredPosition("at"), to = try body.position("to")
            return self.answer(try await self.service.write { try $0.moveMark(id: id, at: at, to: to) })
        }
        api.post("marks/:id/change") { request, context in
            let id = try Self.id(context, "id", "mark")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let kind = try body.markKind()
            let keepText = !body.has("text")
            let text = try body.string("text")
            let mark = try await self.service.write { database in
                let current = keepText ? try database.load().mark(id)?.text : text
                return try database.changeMark(id: id, kind: kind, text: current)
            }
            return self.answer(mark)
        }
        api.delete("marks/:id") { _, context in
            let id = try Self.id(context, "id", "mark")
            try await self.service.write { try $0.deleteMark(id: id) }
            return try await self.answer(mark: id)
        }
        api.post("undo") { _, _ in
            let action = try await self.service.write { try $0.undo() }
            let session = try await self.service.load()
            self.publish(["type": "undo", "action": APIJSON.action(action)])
            if case .takeRenumbered(let number, let previous, _) = action, let take = session.take(previous) {
                self.publish(["type": "renumber", "from": .int(number), "take": APIJSON.take(take, layout: session.layout)])
            } else if let number = action.take, let take = session.take(number) {
                self.publish(["type": "take", "take": APIJSON.take(take, layout: session.layout)])
            } else if let id = action.mark, let mark = session.mark(id) {
                self.publish(["type": "mark", "mark": APIJSON.mark(mark, layout: session.layout)])
            }
            return Response.json(["undone": APIJSON.action(action)])
        }
    }

    /// A mark as stored now, published as a `mark` event and answered.
    func answer(mark id: Int, status: HTTPResponse.Status = .ok) async throws -> Response {
        let session = try await service.load()
        guard let mark = session.mark(id) else { throw APIError.notFound("there is no mark \(id)") }
        return answer(mark, status: status)
    }

    /// A mark just written, published as a `mark` event and answered (its bar from the cached layout), with `"warnings"` when there are any.
    func answer(_ mark: Mark, status: HTTPResponse.Status = .ok, warnings: [SessionWarning] = []) -> Response {
        let json = APIJSON.mark(mark, layout: service.layout)
        publish(["type": "mark", "mark": json])
        return .json(warnings.isEmpty ? json : warnings.appended(to: json), status: status)
    }
}
