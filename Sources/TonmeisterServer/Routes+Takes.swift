import Foundation
import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage

/// Takes: start (with the next number or one typed in), end or reopen, renumber, annotate, delete.
extension TonmeisterServer {
    func addTakeRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("takes") { _, _ in
            let session = self.service.load()
            return Response.json(["takes": .array(session.liveTakes.map { APIJSON.take($0, layout: session.layout) })])
        }
        api.get("takes/:number") { _, context in
            let number = try Self.id(context, "number", "take")
            guard let take = self.service.inMemory({ $0.take(number) }), !take.deleted else { throw APIError.notFound("there is no take \(number)") }
            return Response.json(APIJSON.take(take, layout: self.service.layout))
        }
        api.post("takes") { request, _ in
            let device = try RequestJSON.device(of: request)
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let asked = try RequestBody.NewTake(body)
            let take: Take
            if let number = asked.number {
                let made = Take(number: number, label: asked.label ?? String(number), start: asked.start, source: asked.source, note: asked.note)
                try await self.service.write(device: device, { try $0.appendTake(made) }, changed: { _ in .takes(number) })
                take = made
            } else {
                // The take's start time on the clock (the tablet's when it sends one), for link-audio's date and window checks.
                let clock = Take(number: 0, start: asked.start, startedAt: asked.startedAt ?? WallClock.text(Date()))
                take = try await self.service.write(device: device, {
                    try $0.startTake(at: asked.start, piece: asked.piece, source: asked.source, note: asked.note, clock: clock)
                }, changed: { .takes($0.number) })
            }
            return try self.answer(take: take.number, status: .created)
        }
        api.post("takes/:number/end") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let at = try RequestBody.takeEnd(body)
            try await self.service.write(device: try RequestJSON.device(of: request), { try $0.endTake(number: number, at: at) },
                                         changed: { _ in .takes(number) })
            return try self.answer(take: number)
        }
        api.post("takes/:number/renumber") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let (newNumber, label) = try RequestBody.renumber(body)
            let take = try await self.service.write(device: try RequestJSON.device(of: request),
                                                    { try $0.renumberTake(number: number, to: newNumber, label: label) }, changed: { _ in .everything })
            return try self.answer(take: take.number, renumberedFrom: number)
        }
        api.post("takes/:number/note") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let note = try RequestBody.note(body)
            try await self.service.write(device: try RequestJSON.device(of: request), { try $0.setNote(ofTake: number, to: note) },
                                         changed: { _ in .takes(number) })
            return try self.answer(take: number)
        }
        api.post("takes/:number/clock") { request, context in
            // The take's record start by the recorder's display, or its offset moved; undoable like the CLI's `take clock`.
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let asked = try RequestBody.TakeClock(body)
            let recordStart = asked.recordStart, fps = asked.fps, offset = asked.tabletOffset, adjust = asked.adjust
            try await self.service.write(device: try RequestJSON.device(of: request), { database in
                try database.edit { session in
                    if recordStart != nil || fps != nil || offset != nil {
                        let rate = fps ?? (recordStart != nil && session.take(number)?.fps == nil ? 25 : nil)
                        try session.setClock(ofTake: number, recordStart: recordStart, fps: rate, tabletOffset: offset)
                    }
                    if let adjust { try session.adjustClock(ofTake: number, by: adjust) }
                }
            }, changed: { _ in .everything })
            return try self.answer(take: number)
        }
        api.post("clock") { request, _ in
            // "Sync now": the recorder showed `sync` (HH:MM:SS:FF) when the tablet's clock read `at` (ISO 8601); or an offset.
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let offset = try RequestBody.clockOffset(body)
            try await self.service.write(device: try RequestJSON.device(of: request), { database in try database.edit { try $0.setClockOffset(offset) } },
                                         changed: { _ in .everything })
            self.publish(["type": "clock", "clockOffset": .double(offset)])
            return Response.json(["clockOffset": .double(offset)])
        }
        api.delete("takes/:number") { request, context in
            let number = try Self.id(context, "number", "take")
            try await self.service.write(device: try RequestJSON.device(of: request), { try $0.deleteTake(number: number) },
                                         changed: { _ in .takes(number) })
            return try self.answer(take: number)
        }
    }

    /// A take as stored now, published as a `take` (or `renumber`) event and answered.
    func answer(take number: Int, status: HTTPResponse.Status = .ok, renumberedFrom: Int? = nil) throws -> Response {
        guard let take = service.inMemory({ $0.take(number) }) else { throw APIError.notFound("there is no take \(number)") }
        let json = APIJSON.take(take, layout: service.layout)
        if let renumberedFrom {
            publish(["type": "renumber", "from": .int(renumberedFrom), "take": json])
        } else {
            publish(["type": "take", "take": json])
        }
        return .json(json, status: status)
    }

    /// A numeric path parameter, or 404 naming what was looked for.
    static func id(_ context: BasicRequestContext, _ name: String, _ what: String) throws -> Int {
        let text = context.parameters.get(name) ?? ""
        guard let value = Int(text) else { throw APIError.notFound("there is no \(what) '\(text)'") }
        return value
    }
}
