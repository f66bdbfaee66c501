import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// The JSON bodies of the API's write routes, read and checked apart from the HTTP server: each route reads its
/// body with one of these and throws ``RequestBodyError`` (400) for anything wrong. `scripts/fuzz` compiles them
/// into its `request-body` target (`Fuzz/ServerHarnesses.swift`).
enum RequestBody {
    /// `POST /api/marks`: the new mark (id 0 until stored); an ink stroke's points are checked against `pageSizes`.
    static func newMark(_ body: RequestJSON, pageSizes: [PageSize]) throws -> Mark {
        let take = try body.requiredInt("take"), kind = try body.markKind()
        let at = try body.requiredPosition("at"), to = try body.position("to")
        let time = try body.double("time"), text = try body.string("text"), colour = try body.string("colour")
        if let time, time < 0 { throw RequestBodyError("time must be 0 or more seconds") }
        var points: [InkPoint] = []
        if kind == .ink {
            guard to == nil else { throw RequestBodyError("an ink stroke has no to: its points say where it goes") }
            guard at.page <= pageSizes.count else { throw RequestBodyError("at.page \(at.page): the score has \(pageSizes.count) pages") }
            points = try body.inkPoints(page: pageSizes[at.page - 1])
        } else if body.has("points") {
            throw RequestBodyError("points belong to ink marks only")
        }
        return Mark(id: 0, take: take, kind: kind, at: at, to: to, time: time, colour: colour, text: text, points: points)
    }

    /// `POST /api/marks/:id/move`: where the mark goes.
    static func markMove(_ body: RequestJSON) throws -> (at: ScorePosition, to: ScorePosition?) {
        (try body.requiredPosition("at"), try body.position("to"))
    }

    /// `POST /api/marks/:id/change`: the new kind, and the new text (`keepText` when the body has no `text`).
    static func markChange(_ body: RequestJSON) throws -> (kind: MarkKind, text: String?, keepText: Bool) {
        (try body.markKind(), try body.string("text"), !body.has("text"))
    }

    /// `POST /api/undo` (its body is optional): another device's newest action (`device`, checked by the route),
    /// or anyone's (`any`).
    static func undo(_ body: RequestJSON?) throws -> (device: String?, any: Bool) {
        guard let body else { return (nil, false) }
        return (try body.string("device"), try body.bool("any") == true)
    }

    /// `POST /api/takes`: a take to start, with the number typed in (`number`) or the next one.
    struct NewTake {
        var start: ScorePosition
        var note: String
        var source: String?
        var label: String?
        /// The number typed in (0 or more); nil for the next number.
        var number: Int?
        /// The piece counted from 0.
        var piece: Int?
        /// The tablet's clock when the take started (ISO 8601); nil for the server's.
        var startedAt: String?

        init(_ body: RequestJSON) throws {
            start = try body.requiredPosition("start")
            note = try body.string("note") ?? ""
            source = try body.string("source")
            let piece = try body.int("piece")
            label = try body.string("label")
            number = try body.int("number")
            if let number, number < 0 { throw RequestBodyError("number must be 0 or more") }
            if number == nil, let piece, piece < 1 { throw RequestBodyError("piece counts from 1") }
            self.piece = piece.map { $0 - 1 }
            startedAt = try body.string("startedAt")
        }
    }

    /// `POST /api/takes/:number/end`: where the take ends; nil (`"at": null`) reopens it.
    static func takeEnd(_ body: RequestJSON) throws -> ScorePosition? {
        guard body.has("at") else { throw RequestBodyError("at is missing: give the end {\"page\",\"x\",\"y\"}, or null to reopen the take") }
        return try body.position("at")
    }

    /// `POST /api/takes/:number/renumber`: the new number and label.
    static func renumber(_ body: RequestJSON) throws -> (number: Int, label: String?) {
        (try body.requiredInt("number"), try body.string("label"))
    }

    /// `POST /api/takes/:number/note`: the note.
    static func note(_ body: RequestJSON) throws -> String { try body.requiredString("note") }

    /// `POST /api/takes/:number/clock`: the take's record start by the recorder's display, its frame rate, the
    /// tablet's offset, or an adjustment (seconds); at least one.
    struct TakeClock {
        var recordStart: String?
        var fps: Double?
        var tabletOffset: Double?
        var adjust: Double?

        init(_ body: RequestJSON) throws {
            recordStart = try body.string("recordStart")
            fps = try body.double("fps")
            tabletOffset = try body.double("tabletOffset")
            adjust = try body.double("adjust")
            guard recordStart != nil || fps != nil || tabletOffset != nil || adjust != nil else {
                throw RequestBodyError("give recordStart (HH:MM:SS:FF), fps, tabletOffset or adjust (seconds)")
            }
        }
    }

    /// `POST /api/clock` ("sync now"): the session's clock offset in seconds, given as `offset`, or from the
    /// recorder's display `sync` (HH:MM:SS:FF at `fps`, 25 unless given) read when the tablet's clock showed `at`.
    static func clockOffset(_ body: RequestJSON) throws -> Double {
        if let given = try body.double("offset") { return given }
        guard let sync = try body.string("sync"), let at = try body.string("at") else {
            throw RequestBodyError("give offset (seconds), or sync (the recorder's HH:MM:SS:FF) and at (the tablet's time)")
        }
        let fps = try body.double("fps") ?? 25
        guard fps.isFinite, fps > 0, fps <= 120 else { throw RequestBodyError("fps must be a frame rate above 0 and at most 120") }
        let recorder: Timecode, tablet: WallClock
        do { recorder = try Timecode(sync, fps: fps) } catch { throw RequestBodyError("sync \(sync): \(error)") }
        do { tablet = try WallClock(at) } catch { throw RequestBodyError("at: \(error)") }
        return PlainNumber.seconds(Double(recorder.frameCount(fps: fps)) / Timecode.realRate(fps) - tablet.secondsOfDay)
    }

    /// `PUT /api/layout`: the whole layout, checked.
    static func layout(_ body: RequestJSON) throws -> ScoreLayout {
        guard let tree = body.value("layout") else { throw RequestBodyError("layout is missing: send {\"layout\":{\"pages\":[…]}}") }
        do { return try ScoreLayout(json: Data(tree.serialized().utf8)) } catch {
            throw RequestBodyError("invalid layout: \(error)")
        }
    }
}
