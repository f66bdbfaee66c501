import Foundation

extension StaffGrouper {
    /// Staves of which only three or four lines were found: on a bilevel scan the threshold can wipe out a thin staff
    /// line whole. Lines left over from the five-line staves that lie on one grid of the page's staff space (or, with
    /// no whole staff on the page, of the gap between two of them) and run together for eight spaces are a staff; the
    /// missing lines are put where the grid says. When the lines found do not span the whole staff, the staff is
    /// placed where `fit` (of the five line rows and the lines' common stretch) is highest: barlines, which run from
    /// the top line to the bottom line and no further, tell. Such a staff is no more regular than
    /// `StaffCandidate.inferredRegularity`, so its system is reported doubtful.
    static func partialStaves(from leftovers: [LineCandidate], space known: Double?, minSpace: Double, maxSpace: Double,
                              fit: (_ rows: [Double], _ from: Int, _ to: Int) -> Double) -> [StaffCandidate] {
        let lines = leftovers.sorted { $0.y < $1.y }
        var result: [StaffCandidate] = []
        var i = 0
        while i + 2 < lines.count {
            let gaps = [lines[i + 1].y - lines[i].y, lines[i + 2].y - lines[i + 1].y]
            var found: (StaffCandidate, next: Int)?
            for space in known.map({ [$0] }) ?? gaps where space >= minSpace && space <= maxSpace {
                if let staff = partialStaff(from: i, lines, space: space, fit: fit) {
                    found = staff
                    break
                }
            }
            if let (staff, next) = found {
                result.append(staff)
                i = next
            } else {
                i += 1
            }
        }
        return result
    }

    /// The partial staff whose first found line is `lines[i]`, on a grid of `space`, and the index after its last line.
    private static func partialStaff(from i: Int, _ lines: [LineCandidate], space: Double,
                                     fit: ([Double], Int, Int) -> Double) -> (StaffCandidate, next: Int)? {
        let tolerance = max(1.5, 0.15 * space)
        var members: [(slot: Int, line: LineCandidate)] = [(0, lines[i])]
        var j = i + 1
        while j < lines.count, lines[j].y - lines[i].y <= 4 * space + tolerance {
            let offset = lines[j].y - lines[i].y, slot = Int((offset / space).rounded())
            if (1...4).contains(slot), abs(offset - Double(slot) * space) <= tolerance, members.last!.slot < slot {
                members.append((slot, lines[j]))
            }
            j += 1
        }
        guard members.count >= 3, members.count < 5 else { return nil }
        let found = members.map(\.line)
        let left = found.map(\.left).max()!, right = found.map(\.right).min()!
        guard Double(right - left) >= 8 * space else { return nil }
        // Where the staff's first slot lies: the found lines may sit at slots 0..., 1... or 2... of the five.
        let span = members.last!.slot
        let origin = lines[i].y
        func missingRows(_ shift: Int) -> [Double] {
            (0..<5).filter { slot in !members.contains { $0.slot + shift == slot } }.map { origin + Double($0 - shift) * space }
        }
        // The first of the best placements: the found lines at the top of the staff on a tie.
        var shift = 0, best = -Double.infinity
        for candidate in 0...(4 - span) {
            let score = fit((0..<5).map { origin + Double($0 - candidate) * space }, left, right)
            if score > best { (shift, best) = (candidate, score) }
        }
        let thickness = found.map(\.thickness).sorted()[found.count / 2]
        let lefts = found.map(\.left).sorted(), rights = found.map(\.right).sorted()
        let filled = missingRows(shift).map {
            LineCandidate(y: $0, thickness: thickness, left: lefts[lefts.count / 2], right: rights[rights.count / 2])
        }
        let group = (found + filled).sorted { $0.y < $1.y }
        let residual = members.map { abs($0.line.y - origin - Double($0.slot) * space) }.max()!
        let staff = StaffCandidate(lines: group, left: lefts[lefts.count / 2], right: rights[rights.count / 2],
                                   regularity: min(StaffCandidate.inferredRegularity, 1 - residual / space), reach: lefts[0])
        return (staff, j)
    }
}
