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
            let start = try body.requiredPosition("start")
            let note = try body.string("note") ?? "", source = try body.string("source")
            let piece = try body.int("piece"), label = try body.string("label")
            let take: Take
            if let number = try body.int("number") {
                guard number >= 0 else { throw APIError.badRequest("number must be 0 or more") }
                let made = Take(number: number, label: label ?? String(number), start: start, source: source, note: note)
                try await self.service.write(device: device, { try $0.appendTake(made) }, changed: { _ in .takes(number) })
                take = made
            } else {
                if let piece, piece < 1 { throw APIError.badRequest("piece counts from 1") }
                // The take's start time on the clock (the tablet's when it sends one), for link-audio's date and window checks.
                let clock = Take(number: 0, start: start, startedAt: try body.string("startedAt") ?? WallClock.text(Date()))
                take = try await self.service.write(device: device, {
                    try $0.startTake(at: start, piece: piece.map { $0 - 1 }, source: source, note: note, clock: clock)
                }, changed: { .takes($0.number) })
            }
            return try self.answer(take: take.number, status: .created)
        }
        api.post("takes/:number/end") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            guard body.has("at") else { throw APIError.badRequest("at is missing: give the end {\"page\",\"x\",\"y\"}, or null to reopen the take") }
            let at = try body.position("at")
            try await self.service.write(device: try RequestJSON.device(of: request), { try $0.endTake(number: number, at: at) },
                                         changed: { _ in .takes(number) })
            return try self.answer(take: number)
        }
        api.post("takes/:number/renumber") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let newNumber = try body.requiredInt("number"), label = try body.string("label")
            let take = try await self.service.write(device: try RequestJSON.device(of: request),
                                                    { try $0.renumberTake(number: number, to: newNumber, label: label) }, changed: { _ in .everything })
            return try self.answer(take: take.number, renumberedFrom: number)
        }
        api.post("takes/:number/note") { request, context in
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let note = try body.requiredString("note")
            try await self.service.write(device: try RequestJSON.device(of: request), { try $0.setNote(ofTake: number, to: note) },
                                         changed: { _ in .takes(number) })
            return try self.answer(take: number)
        }
        api.post("takes/:number/clock") { request, context in
            // The take's record start by the recorder's display, or its offset moved; undoable like the CLI's `take clock`.
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let recordStart = try body.string("recordStart"), fps = try body.double("fps")
            let offset = try body.double("tabletOffset"), adjust = try body.double("adjust")
            guard recordStart != nil || fps != nil || offset != nil || adjust != nil else {
                throw APIError.badRequest("give recordStart (HH:MM:SS:FF), fps, tabletOffset or adjust (seconds)")
            }
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
            let offset: Double
            if let given = try body.double("offset") {
                offset = given
            } else if let sync = try body.string("sync"), let at = try body.string("at") {
                let fps = try body.double("fps") ?? 25
                guard fps.isFinite, fps > 0, fps <= 120 else { throw APIError.badRequest("fps must be a frame rate above 0 and at most 120") }
                let recorder: Timecode, tablet: WallClock
                do { recorder = try Timecode(sync, fps: fps) } catch { throw APIError.badRequest("sync \(sync): \(error)") }
                do { tablet = try WallClock(at) } catch { throw APIError.badRequest("at: \(error)") }
                offset = PlainNumber.seconds(Double(recorder.frameCount(fps: fps)) / Timecode.realRate(fps) - tablet.secondsOfDay)
            } else {
                throw APIError.badRequest("give offset (seconds), or sync (the recorder's HH:MM:SS:FF) and at (the tablet's time)")
            }
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
