import Foundation

/// Detects systems, staves and barlines on a rendered page.
///
/// Steps: threshold to an ink mask; estimate and correct a small tilt (scans); find rows with long runs of
/// ink (staff-line candidates); group five evenly spaced lines into a staff; join staves into systems when
/// a systemic line, bracket, brace or barlines connect them; find barlines as vertical strokes covering every
/// staff of a system and stopping at its outer lines; map everything back to page points.
public enum LayoutDetector {
    /// How much darker (grey levels) than the paper just above and below a pixel must be to count as part of a thin
    /// horizontal line.
    static let ridgeDepth = 16

    /// The long horizontal lines of a (deskewed) mask, and the five-line staves they form: lines of at least
    /// `minLength` pixels (12 % of the page width unless given), staff spaces within `spaces` (2.5–20 pt unless given).
    static func staffLines(in mask: InkMask, rows: Range<Int>? = nil, scale: Double, minLength: Int? = nil,
                           spaces: ClosedRange<Double>? = nil) -> (lines: [LineCandidate], staves: [StaffCandidate]) {
        let lines = StaffLineFinder.lines(in: mask, rows: rows, minLength: minLength ?? max(20, Int(0.12 * Double(mask.width))),
                                          gap: max(1, Int((1.5 * scale).rounded())),
                                          maxThickness: max(3, Int((3.0 * scale).rounded())),
                                          breakLength: Int((2.5 * scale).rounded()))
        let range = spaces ?? (2.5 * scale)...(20 * scale)
        return (lines, StaffGrouper.staves(from: lines, minSpace: range.lowerBound, maxSpace: range.upperBound))
    }

    /// The page's staff space: the median of its staves' (nil without a staff).
    static func medianSpace(of staves: [StaffCandidate]) -> Double? {
        let spaces = staves.map(\.space).sorted()
        return spaces.isEmpty ? nil : spaces[spaces.count / 2]
    }

    /// The staves with the partial ones (three or four lines found) made of the lines left over added, in page order.
    /// A placement of a partial staff is judged by the columns of `mask` inked from its top line to its bottom line
    /// (barlines), then by the ink of `lineMask` along its five rows.
    static func withPartialStaves(_ staves: [StaffCandidate], lines: [LineCandidate], mask: InkMask, lineMask: InkMask,
                                  scale: Double) -> [StaffCandidate] {
        let used = Set(staves.flatMap { $0.lines.map(\.y) })
        let leftovers = lines.filter { !used.contains($0.y) }
        guard leftovers.count >= 3 else { return staves }
        let partial = StaffGrouper.partialStaves(from: leftovers, space: medianSpace(of: staves),
                                                 minSpace: 2.5 * scale, maxSpace: 20 * scale) { rows, from, to in
            let top = Int(rows[0].rounded()), bottom = Int(rows[4].rounded())
            guard from <= to, top < bottom else { return 0 }
            let full = (from...to).filter { x in
                Double((top...bottom).filter { mask.ink(x, $0) }.count) >= 0.92 * Double(bottom - top + 1)
            }.count
            let along = rows.map { y in
                Double((from...to).filter { x in (-1...1).contains { lineMask.ink(x, Int(y.rounded()) + $0) } }.count)
                    / Double(to - from + 1)
            }.reduce(0, +)
            return Double(full) + along
        }
        return partial.isEmpty ? staves : (staves + partial).sorted { $0.top < $1.top }
    }

    /// The staves with those added whose lines are shorter than the 12 % of the page width long lines need (a last
    /// system of one bar), looked for only in bands of rows clear of the staves found, with the page's staff space
    /// (within 15 %) and lines at least eight spaces long.
    static func withShortStaves(_ staves: [StaffCandidate], lineMask: InkMask, scale: Double) -> [StaffCandidate] {
        guard let space = medianSpace(of: staves) else { return staves }
        var found: [StaffCandidate] = []
        for (top, bottom) in clearBands(around: staves, height: lineMask.height, space: space) {
            found += staffLines(in: lineMask, rows: top..<bottom, scale: scale, minLength: max(20, Int(8 * space)),
                                spaces: (0.85 * space)...(1.15 * space)).staves
        }
        return found.isEmpty ? staves : (staves + found).sorted { $0.top < $1.top }
    }

    /// The bands of rows at least five spaces tall clear of the staves (and a space and a half around each).
    static func clearBands(around staves: [StaffCandidate], height: Int, space: Double) -> [(Int, Int)] {
        let taken = staves.map { (Int($0.top - 1.5 * space), Int($0.bottom + 1.5 * space)) }.sorted { $0.0 < $1.0 }
        var bands: [(Int, Int)] = [], from = 0
        for (top, bottom) in taken {
            if top - from >= Int(5 * space) { bands.append((from, top)) }
            from = max(from, bottom)
        }
        if height - from >= Int(5 * space) { bands.append((from, height)) }
        return bands
    }

    /// For a page whose staff lines came out broken: the staves with those added that a five-line comb finds in
    /// the bands clear of them (``StaffComb``), and every staff followed along its lines past where they broke off.
    static func withCombStaves(_ staves: [StaffCandidate], lineMask: InkMask) -> [StaffCandidate] {
        guard let space = medianSpace(of: staves) else { return staves }
        let lengths = staves.map { $0.right - $0.left }.sorted()
        var all = staves
        for (top, bottom) in clearBands(around: staves, height: lineMask.height, space: space) {
            all += StaffComb.staves(in: lineMask, rows: top..<bottom, space: space, minLength: lengths[lengths.count / 2] / 2)
        }
        // A staff of five found lines may have taken a stray line (a beam, ledger lines) for one of its own and sit a
        // space off: the comb puts it back. Staves made of three or four lines were placed by their barlines already.
        return all.sorted { $0.top < $1.top }.map { staff in
            StaffComb.extended(staff.regularity > 0.85 ? StaffComb.placed(staff, in: lineMask) : staff, in: lineMask)
        }
    }

    /// The first reading of a page image: its ink mask straightened by the skew found (`angle`), the mask its staff
    /// lines are read from (the same, or with ridges added), the long lines and the staves they form.
    ///
    /// Few page-sized buffers are held at once (at 300 dpi each is nine megabytes, and peak memory is a goal: issue
    /// 30): the mask is straightened in its own buffer and one more; on a tilted page the ridges are found in the
    /// image's own buffer, straightened and joined to the straightened mask (the image is not thresholded a second
    /// time); on a level page the row averages are taken in the image's own buffer. Given
    /// `reload` (a scan Tonmeister decodes itself can be decoded again), the mask is written over the image itself,
    /// and the image decoded again only for a page whose ridges are read (``ridgesMayAddStaves(lines:staves:)``): two
    /// page buffers at most on other pages, three on those.
    static func firstReading(_ original: consuming GrayImage, scale: Double, reload: (() -> GrayImage?)? = nil)
        -> (mask: InkMask, lineMask: InkMask, angle: Double, lines: [LineCandidate], staves: [StaffCandidate], broken: Bool) {
        var image: GrayImage? = consume original
        var mask: InkMask
        // A dithered bilevel scan (grey paper made of black dots) is read from its local averages, as an eye does.
        if image!.isDithered {
            image = image!.boxAveraged(radius: max(1, Int((0.5 * scale).rounded())))
            mask = InkMask(adaptive: image!)
        } else if reload != nil {
            mask = InkMask(adaptiveReplacing: image.take()!)
        } else {
            mask = InkMask(adaptive: image!)
        }
        let angle = SkewEstimator.estimate(mask, maxDegrees: 2.5)
        if angle != 0 { mask = (consume mask).deskewed(by: angle) }

        var (lines, staves) = staffLines(in: mask, scale: scale)
        let broken = lines.count - 5 * staves.count >= 2 || staves.isEmpty
        var lineMask = mask
        // Long lines left over from the staves, or no staff at all: some staff lines of a blurred, faint or bilevel
        // scan may have been left dotted by the threshold. They are looked for again with the thin horizontal ridges
        // of the image averaged along its rows added as ink, which reads such lines whole; the reading with more
        // staves is kept. Only when a staff's worth of lines is left over (``ridgesMayAddStaves(lines:staves:)``).
        // The image written over by the mask is decoded again (the same pixels) only when the ridges need it.
        let ridges = ridgesMayAddStaves(lines: lines.count, staves: staves.count)
        if ridges, image == nil, let decoded = reload?(), decoded.width == mask.width, decoded.height == mask.height { image = decoded }
        if ridges, image != nil {
            // The image averaged along its rows, then its ridges added to the mask. On a tilted page the ridges alone
            // are made in the image's own buffer, straightened (handed over, not copied) and joined to the straightened
            // mask: the same as straightening the mask with its ridges, without thresholding the image a second time
            // (``InkMask/ridges(averaging:radius:reach:depth:)``).
            let radius = max(1, Int(scale.rounded())), reach = max(2, Int((1.5 * scale).rounded()))
            let ridgedMask: InkMask
            if angle != 0 {
                var ridges = InkMask.ridges(averaging: image.take()!, radius: radius, reach: reach, depth: ridgeDepth)
                ridges = (consume ridges).deskewed(by: angle)
                ridgedMask = (consume ridges).joined(with: mask)
            } else {
                var averaged = image.take()!
                averaged.averageRows(radius: radius)
                var ridged = mask
                ridged.addRidges(of: averaged, reach: reach, depth: ridgeDepth)
                _ = consume averaged
                ridgedMask = ridged
            }
            let again = staffLines(in: ridgedMask, scale: scale)
            if again.staves.count > staves.count { (lines, staves, lineMask) = (again.lines, again.staves, ridgedMask) }
        }
        return (mask, lineMask, angle, lines, staves, broken)
    }

    /// The fewest long lines left over from the staves (or none found at all) for which the ridges are read
    /// (``firstReading(_:scale:reload:)``): five, a staff's worth.
    static let ridgeLeftoverLines = 5

    /// Whether reading the ridges may find staves the mask's own lines did not: no staff was found, or at least
    /// ``ridgeLeftoverLines`` long lines belong to none. Fewer are beams, ledger lines and hairpins, or lines of a
    /// staff found in part, which ``withPartialStaves(_:lines:mask:lineMask:scale:)`` adds from three lines.
    ///
    /// The ridges cost a page more than its first reading (the image decoded again, thresholded, averaged along its
    /// rows, straightened, its lines looked for again: about 80 ms of processor time on a 300 dpi scan). On the
    /// corpus's 57 scans (2026-11-29, all folders, held-out ones included) they were read on 16 pages: on the 6 where
    /// they added staves 10 to 44 lines were left over or no staff had been found; on the 10 where they added none,
    /// 2 to 4 lines were.
    static func ridgesMayAddStaves(lines: Int, staves: Int) -> Bool {
        staves == 0 || lines - 5 * staves >= ridgeLeftoverLines
    }

    /// Detects the layout of one page image. The image is taken over and released as soon as the ink masks are
    /// made (``firstReading(_:scale:reload:)``); with `reload`, which gives the same image again, the first mask is
    /// written over the image itself.
    public static func detect(_ original: consuming GrayImage, page: Int) -> DetectedPage {
        detect(consume original, page: page, reload: nil)
    }

    /// See ``detect(_:page:)``.
    static func detect(_ original: consuming GrayImage, page: Int, reload: (() -> GrayImage?)?) -> DetectedPage {
        let scale = original.scale
        var (mask, lineMask, angle, lines, staves, broken) = firstReading(consume original, scale: scale, reload: reload)
        staves = withPartialStaves(staves, lines: lines, mask: mask, lineMask: lineMask, scale: scale)
        // A page curled toward a book's spine: its staves are read again from the mask straightened out.
        let curl = PageCurl(staves: staves, lineMask: lineMask)
        if let curl {
            // The line mask is most often the mask itself (one buffer): it is straightened once.
            let same = mask.bits.withUnsafeBufferPointer { a in lineMask.bits.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
            mask = curl.straightened(mask)
            lineMask = same ? mask : curl.straightened(lineMask)
            (lines, staves) = staffLines(in: lineMask, scale: scale)
            staves = withPartialStaves(staves, lines: lines, mask: mask, lineMask: lineMask, scale: scale)
        }
        staves = withShortStaves(staves, lineMask: lineMask, scale: scale)
        // Lines too broken for the line finder (a bilevel scan's dotted trails): the comb finds the staves they form
        // and follows each staff to its ends. Pages whose lines read whole never take this step.
        if broken { staves = withCombStaves(staves, lineMask: lineMask) }
        let groups = StaffGrouper.systems(from: staves, mask: mask)

        func point(_ u: Double, _ straight: Double) -> (x: Double, y: Double) {
            let v = straight + (curl?.offset(x: Int(u.rounded()), y: straight) ?? 0)
            let p = angle == 0 ? (x: u, y: v) : mask.originalPoint(ofDeskewed: u, v, angle: angle)
            return (p.x / scale, p.y / scale)
        }
        var systems: [DetectedPage.System] = []
        var qualities: [Double] = []
        for group in groups {
            var left = Double(group.map(\.left).min()!)
            let right = Double(group.map(\.right).max()!)
            let middleX = (left + right) / 2
            let top = group.first!.top, bottom = group.last!.bottom, middleY = (top + bottom) / 2
            var bars = BarlineFinder.barlines(in: group, mask: mask)
            // A line through all staves within 1.5 spaces of where the lines seem to start is the systemic start
            // line (a clef comes before any barline): the bars start there, not at a brace the lines ran into.
            if let first = bars.first, first.centre - left < 1.5 * group[0].space {
                left = first.centre
                bars.removeFirst()
            }
            // A start repeat (heavy then thin) right after the clef and key at the head of the system is no bar
            // boundary: the first bar starts at the start of the staff lines.
            if let first = bars.first, first.opensWithHeavyLine, first.centre - left <= 16 * group[0].space, bars.count > 1 {
                bars.removeFirst()
            }
            systems.append(DetectedPage.System(
                top: point(middleX, top).y, bottom: point(middleX, bottom).y,
                left: point(left, middleY).x, right: point(right, middleY).x,
                staves: group.map { staff in
                    let a = point(middleX, staff.top).y, b = point(middleX, staff.bottom).y
                    return min(a, b)...max(a, b)
                },
                barlines: bars.map { point($0.centre, middleY).x }))
            let quality = DetectedPage.systemQuality(regularity: group.map(\.regularity).min()!, lastBarline: bars.last.map { Double($0.right) },
                                                     barlines: bars.count, right: right, space: group[0].space)
            qualities.append(quality)
            systems[systems.count - 1].confidence = DetectedPage.reported(quality)
        }
        var (status, confidence) = DetectedPage.judged(qualities: qualities, longLines: lines.count)
        if status == .ok {
            // Long lines that belong to no staff make the page less certain.
            let stray = max(0, lines.count - staves.count * 5)
            confidence *= max(0.5, 1 - Double(stray) / Double(max(1, lines.count)) * 0.5)
        }
        var result = DetectedPage(page: page, status: status, confidence: DetectedPage.reported(confidence),
                                  skewDegrees: (angle * 180 / .pi * 100).rounded() / 100, systems: systems)
        result.dpi = (scale * 72 * 100).rounded() / 100
        return result
    }
}
