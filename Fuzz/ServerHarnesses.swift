// Compiled by scripts/fuzz into one module with the server's body readers (Sources/TonmeisterServer:
// RequestJSON.swift, RequestBody.swift, RequestBodyError.swift, LayoutEdit.swift), which do not depend on the HTTP
// server: the JSON bodies of the API's write routes, read as each route reads them and applied to a session in
// memory as the routes apply them to the stored one.
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout

/// The session the decoded requests are applied to: the repository's minuet example (two pages, a repeat, takes
/// and marks), read once.
private let fuzzSession: Session? = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/minuet-repeat-session.json")
    guard let data = try? Data(contentsOf: path) else { return nil }
    return try? Session(json: data)
}()

/// The routes whose bodies the first byte of the input picks.
private let fuzzRoutes = 12

/// A request body for one of the API's write routes: the first byte picks the route, the rest is the body.
/// Every body is read as the route reads it (``RequestBody``, ``LayoutEdit``); what the route would store is applied
/// to the example session (its `Session` rules, the ones `SessionDatabase` applies) and the session written back.
@_cdecl("tm_fuzz_request_body")
public func fuzzRequestBody(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1, var session = fuzzSession else { return 0 }
    let route = Int(data[0]) % fuzzRoutes
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let sizes = [PageSize(width: 595, height: 842), PageSize(width: 595, height: 842)]
    let take = session.takes.first?.number ?? 1, mark = session.marks.first?.id ?? 1
    do {
        if route == 3 {
            // `POST /api/undo`: the body may be empty.
            let asked = try RequestBody.undo(try RequestJSON.parse(bytes))
            _ = asked.device.map { $0.count }
            return 0
        }
        guard let body = try RequestJSON.parse(bytes) else { return 0 }
        switch route {
        case 0:
            let m = try RequestBody.newMark(body, pageSizes: sizes)
            try session.addMark(take: m.take, kind: m.kind, at: m.at, to: m.to, time: m.time, colour: m.colour, text: m.text, points: m.points)
        case 1:
            let (at, to) = try RequestBody.markMove(body)
            _ = try session.moveMark(mark, at: at, to: to)
        case 2:
            let (kind, text, keep) = try RequestBody.markChange(body)
            _ = try session.changeMark(mark, kind: kind, text: keep ? session.marks.first?.text : text)
        case 4:
            let asked = try RequestBody.NewTake(body)
            try session.addTake(start: asked.start, piece: asked.number == nil ? asked.piece : nil, source: asked.source,
                                note: asked.note, startedAt: asked.startedAt)
        case 5: try session.endTake(take, at: try RequestBody.takeEnd(body))
        case 6:
            let (number, label) = try RequestBody.renumber(body)
            _ = try session.renumberTake(take, to: number, label: label)
        case 7: try session.setNote(ofTake: take, to: try RequestBody.note(body))
        case 8:
            let asked = try RequestBody.TakeClock(body)
            try session.setClock(ofTake: take, recordStart: asked.recordStart, fps: asked.fps, tabletOffset: asked.tabletOffset)
            if let adjust = asked.adjust { try session.adjustClock(ofTake: take, by: adjust) }
        case 9: try session.setClockOffset(try RequestBody.clockOffset(body))
        case 10:
            let edit = try LayoutEdit(body)
            if let layout = session.layout { session.layout = try edit.apply(to: layout) }
        default: session.layout = try RequestBody.layout(body)
        }
        try session.validate()
        _ = session.jsonData()
    } catch {
        // Every refusal is an answer (400), not a finding.
    }
    return 0
}
