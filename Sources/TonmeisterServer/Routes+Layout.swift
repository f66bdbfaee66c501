import Foundation
import Hummingbird
import RecordingProtocol
import ScoreLayout
import Storage

/// The layout for the pre-session step: read it, replace it, edit split lines and barlines, detect it from the PDF.
///
/// Every change is checked with the whole session (the takes and marks must still sit on the
/// layout's pages) and saved in one transaction; bars are renumbered continuously. Layout changes
/// are not part of the undo history.
extension TonmeisterServer {
    func addLayoutRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("layout") { _, _ in
            let session = try await self.service.load()
            return Response.json(Self.layoutJSON(session.layout))
        }
        api.put("layout") { request, _ in
            let body = try await RequestJSON.read(request, limit: self.bodyLimit * 16)
            guard let tree = body.value("layout") else { throw APIError.badRequest("layout is missing: send {\"layout\":{\"pages\":[…]}}") }
            let layout: ScoreLayout
            do { layout = try ScoreLayout(json: Data(tree.serialized().utf8)) } catch {
                throw APIError.badRequest("invalid layout: \(error)")
            }
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
            let detected = try await self.renderer.detectLayout()
            if try body.bool("save") == true { return try await self.saveLayout { _ in detected } }
            return Response.json(Self.layoutJSON(detected))
        }
    }

    /// Applies `change` to the stored layout, checks the session with it, saves it and tells the clients.
    private func saveLayout(_ change: @escaping @Sendable (ScoreLayout?) throws -> ScoreLayout) async throws -> Response {
        let layout = try await service.write { database in
            var session = try database.load()
            session.layout = try change(session.layout)
            try database.save(session)
            return session.layout
        }
        service.remember(layout)
        publish(["type": "layout"])
        return .json(Self.layoutJSON(layout))
    }

    /// `{"layout":{…},"bars":[…]}`.
    static func layoutJSON(_ layout: ScoreLayout?) -> JSONValue {
        ["layout": layout?.jsonTree ?? .null, "bars": APIJSON.bars(layout)]
    }
}

/// One edit of the layout, as the page sends it: `{"op", "page", "system"?, …}` (systems and barlines counted from 1 and 0).
struct LayoutEdit: Sendable {
    enum Operation: String, CaseIterable, Sendable {
        case addBarline = "add-barline", moveBarline = "move-barline", removeBarline = "remove-barline"
        case addSystem = "add-system", splitSystem = "split-system", moveSystemEdge = "move-system-edge"
        case removeSystem = "remove-system", mergeSystems = "merge-systems"
    }

    var operation: Operation
    var page: Int
    var system: Int?
    var barline: Int?
    var x: Double?
    var y: Double?
    var top: Double?
    var bottom: Double?
    var edge: SystemEdge?

    init(_ body: RequestJSON) throws {
        let name = try body.requiredString("op")
        guard let operation = Operation(rawValue: name) else {
            throw APIError.badRequest("op must be one of \(Operation.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        self.operation = operation
        page = try body.requiredInt("page")
        system = try body.int("system")
        barline = try body.int("barline")
        x = try body.double("x")
        y = try body.double("y")
        top = try body.double("top")
        bottom = try body.double("bottom")
        if let edge = try body.string("edge") {
            guard let value = SystemEdge(rawValue: edge) else { throw APIError.badRequest("edge must be top or bottom") }
            self.edge = value
        }
    }

    private func need<T>(_ value: T?, _ name: String) throws -> T {
        guard let value else { throw APIError.badRequest("\(operation.rawValue) needs \(name)") }
        return value
    }

    /// The system as a 0-based index (the API counts from 1).
    private func systemIndex() throws -> Int {
        let system = try need(system, "system (counted from 1 on the page)")
        guard system >= 1 else { throw APIError.badRequest("system counts from 1") }
        return system - 1
    }

    func apply(to layout: ScoreLayout) throws -> ScoreLayout {
        switch operation {
        case .addBarline: return try layout.addingBarline(page: page, system: try systemIndex(), x: try need(x, "x"))
        case .moveBarline:
            return try layout.movingBarline(page: page, system: try systemIndex(), barline: try need(barline, "barline"), to: try need(x, "x"))
        case .removeBarline: return try layout.removingBarline(page: page, system: try systemIndex(), barline: try need(barline, "barline"))
        case .addSystem: return try layout.addingSystem(page: page, top: try need(top, "top"), bottom: try need(bottom, "bottom"), clamp: true)
        case .splitSystem: return try layout.splittingSystem(page: page, at: try need(y, "y"))
        case .moveSystemEdge:
            return try layout.movingSystemEdge(page: page, system: try systemIndex(), edge: try need(edge, "edge (top or bottom)"), to: try need(y, "y"))
        case .removeSystem: return try layout.removingSystem(page: page, system: try systemIndex())
        case .mergeSystems: return try layout.mergingSystems(page: page, system: try systemIndex())
        }
    }
}
