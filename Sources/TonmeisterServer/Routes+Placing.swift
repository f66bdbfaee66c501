import Foundation
import Hummingbird
import RecordingProtocol
import ScoreFollowing
import ScoreLayout
import Storage

/// Placing a take from its audio when its file has arrived (`session place` for one take, from the page).
extension TonmeisterServer {
    func addPlacingRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.post("takes/:number/place") { request, context in
            // Follows the take's linked file through the score's notes; `{"replace": true}` replaces the tapped start and end,
            // `{"move": true}` places a take whose audio matches another score better on that score.
            let number = try Self.id(context, "number", "take")
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let replace = try body.bool("replace") ?? false
            let moving = try body.bool("move") ?? false
            let device = try RequestJSON.device(of: request)
            let session = self.service.load()
            guard let take = session.take(number), !take.deleted else { throw APIError.notFound("there is no take \(number)") }
            let base = URL(fileURLWithPath: self.service.path).deletingLastPathComponent().path
            let found: TakePlacer.Alignments
            do {
                found = try await self.service.read { _ in try TakePlacer.align(session: session, takes: [number], baseDirectory: base, moving: moving) }
            } catch let error as FollowError {
                if error.exitStatus == 2 { throw APIError.badRequest(error.description) }
                throw error
            }
            var report = PlacementReport()
            if !found.alignments.isEmpty {
                report = try await self.service.write(device: device, { database in
                    try database.edit { try $0.place(found.alignments, measuresByScore: found.measuresByScore, replace: replace) }
                }, changed: { _ in .takes(number) })
            }
            report.skipped = found.skipped + report.skipped
            report.atSessionPitch = found.atSessionPitch
            if !report.placed.isEmpty { _ = try self.answer(take: number) }
            return Response.json(report.jsonTree)
        }
    }
}
