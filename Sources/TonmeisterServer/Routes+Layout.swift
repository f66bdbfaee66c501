import Foundation
import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage
import TonmeisterSupport

/// The layout for the pre-session step: read it, replace it, edit split lines and barlines, detect it from the PDF.
///
/// Every change is checked with the whole session (the takes and marks must still sit on the
/// layout's pages) and saved in one transaction; bars are renumbered continuously. Layout changes
/// are not part of the undo history.
extension TonmeisterServer {
    func addLayoutRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("layout") { _, _ in
            return Response.json(self.layoutJSON(self.service.layout))
        }
        api.put("layout") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit * 16)
            let layout = try RequestBody.layout(body)
            return try await self.saveLayout { _ in layout }
        }
        api.post("layout/edit") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let edit = try LayoutEdit(body)
            return try await self.saveLayout { current in
                guard let current else { throw APIError.badRequest("the session has no layout yet: detect one first") }
                return try edit.apply(to: current)
            }
        }
        api.post("layout/detect") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit)
            let (detected, report) = try await self.renderer.detectLayout()
            self.lastDetection.value = (detected, report)
            if try body.bool("save") == true { return try await self.saveLayout { _ in detected } }
            return Response.json(self.layoutJSON(detected))
        }
    }

    /// Applies `change` to the stored layout, checks the session with it, saves it and tells the clients.
    private func saveLayout(_ change: @escaping @Sendable (ScoreLayout?) throws -> ScoreLayout) async throws -> Response {
        let layout = try await service.write({ database in
            var session = try database.load()
            session.layout = try change(session.layout)
            try database.save(session)
            return session.layout
        }, changed: { _ in .everything })
        publish(["type": "layout"])
        return .json(layoutJSON(layout))
    }

    /// `{"layout":{…},"bars":[…]}`, with `"detection"` (which pages and systems to check by eye) while the layout
    /// is the one the last detection found.
    func layoutJSON(_ layout: ScoreLayout?) -> JSONValue {
        var members: [(String, JSONValue)] = [("layout", layout?.jsonTree ?? .null), ("bars", APIJSON.bars(layout))]
        if let report = detectionReport(for: layout) { members.append(("detection", report)) }
        return .object(members)
    }

    /// The last detection's report, if `layout` is still what it found (nil after any layout edit).
    func detectionReport(for layout: ScoreLayout?) -> JSONValue? {
        guard let last = lastDetection.value, last.layout == layout else { return nil }
        return last.report
    }
}
