import ScoreLayout

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
            throw RequestBodyError("op must be one of \(Operation.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
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
            guard let value = SystemEdge(rawValue: edge) else { throw RequestBodyError("edge must be top or bottom") }
            self.edge = value
        }
    }

    private func need<T>(_ value: T?, _ name: String) throws -> T {
        guard let value else { throw RequestBodyError("\(operation.rawValue) needs \(name)") }
        return value
    }

    /// The system as a 0-based index (the API counts from 1).
    private func systemIndex() throws -> Int {
        let system = try need(system, "system (counted from 1 on the page)")
        guard system >= 1 else { throw RequestBodyError("system counts from 1") }
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
