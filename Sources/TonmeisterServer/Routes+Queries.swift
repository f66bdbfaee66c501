import Foundation
import Hummingbird
import RecordingProtocol
import ScoreLayout

/// The session summary and the questions: covers, coverage, plan; and the score's pages as PNG.
extension TonmeisterServer {
    func addSessionRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("session") { _, _ in
            let reading = try await self.service.reading()
            var answer = APIJSON.session(reading.session, pages: self.renderer.pageSizes, sha256: self.renderer.sha256,
                                         event: self.hub.lastEventID)
            if case .object(var members) = answer, let report = self.detectionReport(for: reading.session.layout) {
                members.append(("detection", report))
                answer = .object(members)
            }
            // A score that is not the one the session was made on draws marks off their bars: the page says so.
            let changed = zip(reading.session.scores, zip(self.renderer.sha256s, self.renderer.paths)).compactMap { score, found in
                !score.sha256.isEmpty && score.sha256 != found.0 ? SessionWarning.scoreChanged(path: found.1) : nil
            }
            return Response.json((reading.warnings + changed).appended(to: answer))
        }
        api.get("pages/:file") { request, context in
            let file = context.parameters.get("file") ?? ""
            let name = file.hasSuffix(".png") ? String(file.dropLast(4)) : file
            guard let page = Int(name), page >= 1, page <= self.renderer.pageSizes.count else {
                throw APIError.notFound("there is no page '\(file)' (the score has \(self.renderer.pageSizes.count))")
            }
            let requested = try Self.queryInt(request, "width") ?? 1_200
            guard requested > 0 else { throw APIError.badRequest("width must be a number of pixels above 0") }
            let eTag = "\"\(self.renderer.sha256.prefix(16))-\(page)-\(PageRenderer.renderedWidth(for: requested))\""
            if request.headers[.ifNoneMatch] == eTag { return Response(status: .notModified, headers: [.eTag: eTag]) }
            let (data, width) = try await self.renderer.png(page: page, width: requested)
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=86400", .eTag: eTag,
                                                   .init("X-Rendered-Width")!: String(width)],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    func addQueryRoutes(to api: RouterGroup<BasicRequestContext>) {
        api.get("covers") { request, _ in
            let query = try Self.coverQuery(request)
            let (index, warnings) = try await self.service.coverage()
            return Response.json(warnings.appended(to: query.json(try query.run(on: index))))
        }
        api.get("coverage") { request, _ in
            let threshold = try Self.queryInt(request, "threshold") ?? 3
            guard (1...5).contains(threshold) else { throw APIError.badRequest("threshold must be a rating from 1 to 5") }
            let (index, warnings) = try await self.service.coverage()
            return Response.json(warnings.appended(to: CoverageIndex.coverageJSON(
                bars: index.coverage(), gaps: index.gaps(threshold: threshold), threshold: threshold, ordered: index.playingOrder != nil)))
        }
        api.get("plan") { request, _ in
            let reading = try await self.service.reading()
            let options = try Self.planOptions(request, session: reading.session)
            return Response.json(reading.warnings.appended(to: try reading.session.editPlan(options).json))
        }
    }

    /// `?bar=12` (`?bar=12/2`: its second pass), `?bars=5-12` or `?page=2&x=300&y=400` (`&pass=2`).
    static func coverQuery(_ request: Request) throws -> CoverQuery {
        let q = request.uri.queryParameters
        let point = q.has("page") || q.has("x") || q.has("y")
        guard [q.has("bar"), q.has("bars"), point].filter({ $0 }).count == 1 else {
            throw APIError.badRequest("ask with one of ?bar=12, ?bars=5-12, or ?page=2&x=300&y=400")
        }
        if let bar = q.get("bar") {
            do { return try BarAddress(bar).coverQuery } catch { throw APIError.badRequest(error.description) }
        }
        if let bars = q.get("bars") {
            let (from, to) = try barRange(bars, name: "bars")
            guard from <= to else { throw APIError.badRequest("bars=\(bars): the range runs backwards") }
            return .bars(from, to)
        }
        guard let page = try queryInt(request, "page"), let x = try queryDouble(request, "x"), let y = try queryDouble(request, "y") else {
            throw APIError.badRequest("a point needs page, x and y")
        }
        guard page >= 1, x >= 0, y >= 0 else { throw APIError.badRequest("a point has page 1 or more and x, y of 0 or more") }
        let pass = try queryInt(request, "pass")
        if let pass, !(1...PlayingOrder.maxPasses).contains(pass) { throw APIError.badRequest("pass must be from 1 to \(PlayingOrder.maxPasses)") }
        return .point(ScorePosition(page: page, x: x, y: y, pass: pass))
    }

    /// Plan options from `splicePenalty`, `minRating`, `preferEditPoints`, `editPointBonus`, `exclude`, `piece` and `bars`.
    static func planOptions(_ request: Request, session: Session) throws -> PlanOptions {
        let q = request.uri.queryParameters
        var options = PlanOptions()
        if let penalty = try queryDouble(request, "splicePenalty") {
            guard penalty >= 0 else { throw APIError.badRequest("splicePenalty must be 0 or more") }
            options.splicePenalty = penalty
        }
        if let bonus = try queryDouble(request, "editPointBonus") {
            guard bonus >= 0 else { throw APIError.badRequest("editPointBonus must be 0 or more") }
            options.editPointBonus = bonus
        }
        if let minimum = try queryInt(request, "minRating") {
            guard (1...5).contains(minimum) else { throw APIError.badRequest("minRating must be a rating from 1 to 5") }
            options.minimumRating = minimum
        }
        if let prefer = q.get("preferEditPoints") {
            guard ["true", "false", "1", "0"].contains(prefer) else { throw APIError.badRequest("preferEditPoints must be true or false") }
            options.preferEditPoints = prefer == "true" || prefer == "1"
        }
        if let exclude = q.get("exclude"), !exclude.isEmpty {
            var numbers = Set<Int>()
            for part in exclude.split(separator: ",") {
                guard let number = Int(part.trimmingCharacters(in: .whitespaces)) else {
                    throw APIError.badRequest("exclude takes take numbers separated by commas (3,5), not '\(exclude)'")
                }
                numbers.insert(number)
            }
            options.excludedTakes = numbers
        }
        let pieceRange = try q.get("piece").map { try session.barIndices(ofPiece: $0) }
        options.bars = pieceRange
        if let bars = q.get("bars") {
            let (from, to) = try barRange(bars, name: "bars")
            options.bars = try session.barIndices(from: from, to: to, within: pieceRange)
        }
        return options
    }

    /// `12` or `10-20` as bar numbers.
    static func barRange(_ text: String, name: String) throws -> (BarNumber, BarNumber) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw APIError.badRequest("\(name) takes a range such as 10-20, not '\(text)'")
        }
        return (try barNumber(parts[0]), try barNumber(parts.last!))
    }

    static func barNumber(_ text: String) throws -> BarNumber {
        do { return try BarNumber(text) } catch { throw APIError.badRequest("'\(text)' is not a bar number (12, 12a)") }
    }

    static func queryInt(_ request: Request, _ name: String) throws -> Int? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int(text) else { throw APIError.badRequest("\(name) must be an integer, not '\(text)'") }
        return value
    }

    static func queryDouble(_ request: Request, _ name: String) throws -> Double? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Double(text), value.isFinite else { throw APIError.badRequest("\(name) must be a number, not '\(text)'") }
        return value
    }
}
