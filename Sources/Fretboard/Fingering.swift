/// The fretting-hand fingers for a voicing: one finger per fretted note, with barres only where they are needed.
///
/// Fingers (or barres, which count as one finger) are given in order of fret and then string, each at least one
/// above the previous and at least `1 + fret - lowestFret`, so that finger numbers follow the frets (index on the
/// lowest fret). When that needs all four fingers, an index-finger barre across the strings at the lowest fret
/// (every string between its ends fretted, none open or muted) is used if it frees a finger (F `xx3211`).
/// When more fingers than allowed are needed, barres are tried, fewest first: that index barre, and other
/// fingers across neighbouring strings at one higher fret (the ring-finger barre of an A-shape chord).
public struct Fingering: Hashable, Sendable {
    /// A finger (1 = index … 4 = little finger) per string; `nil` for open or muted strings.
    public let fingers: [Int?]
    /// The barre of the index finger, or else the first barre used.
    public var barre: Barre? { barres.first }
    /// Every barre used (at most two).
    public let barres: [Barre]
    /// The number of fretting fingers (a barre counts once).
    public let count: Int
    /// Extra frets between neighbouring fingers beyond one fret per finger.
    public let stretch: Int

    /// A finger on one string or a barre over strings `from…to` (0-based) at `fret`.
    struct Unit: Equatable {
        var fret: Int, from: Int, to: Int
        var width: Int { to - from + 1 }
    }

    /// Finds a fingering for fretted notes (`frets[i]` for string i+1; `nil` muted; values at `nuts[i]` are open),
    /// or `nil` when no fingering with at most `maxFingers` fingers exists.
    public static func find(frets: [Int?], nuts: [Int], maxFingers: Int) -> Fingering? {
        plan(frets: frets, nuts: nuts, maxFingers: maxFingers)?.fingering(frets: frets)
    }

    /// A fingering before its finger array is built: what the playability score needs, and the barres and single
    /// notes that ``fingering(frets:)`` turns into a ``Fingering`` for the same frets.
    struct Plan {
        /// Fingers used (a barre counts once) and the extra stretch, as in ``Fingering``.
        let count: Int, stretch: Int
        /// The barres used (`a` is `nil` when there is none); ``fingering(frets:)`` lists them in finger order.
        let a: Unit?, b: Unit?
        /// The strings (bit i for string i+1) stopped by a finger of their own.
        let singles: Int
        let low: Int, high: Int

        func fingering(frets: [Int?]) -> Fingering {
            // `map` rather than `init(repeating:count:)`, whose generic allocation looks the array type up at run time.
            var fingers = frets.map { _ in Int?.none }
            if count == 0 { return Fingering(fingers: fingers, barres: [], count: 0, stretch: 0) }
            var barres: [Barre] = []
            // Single notes under a barre are always at a higher fret, so they come later and overwrite it.
            _ = Fingering.walk(frets: frets, low: low, high: high, singles: singles, a, b) { u, finger in
                for s in u.from...u.to { fingers[s] = finger }
                if u.from != u.to { barres.append(Barre(fret: u.fret, fromString: u.from + 1, toString: u.to + 1, finger: finger)) }
            }
            return Fingering(fingers: fingers, barres: barres, count: count, stretch: stretch)
        }
    }

    /// ``find(frets:nuts:maxFingers:)`` without building the fingering: nothing is allocated (fretted strings are
    /// a bit mask, barre candidates live in a temporary buffer).
    static func plan(frets: [Int?], nuts: [Int], maxFingers: Int) -> Plan? {
        let n = frets.count
        var fretted = 0, notes = 0, low = Int.max, high = Int.min
        for i in 0..<n {
            if let f = frets[i], f > nuts[i] {
                fretted |= 1 << i
                notes += 1
                low = min(low, f)
                high = max(high, f)
            }
        }
        if notes == 0 { return Plan(count: 0, stretch: 0, a: nil, b: nil, singles: 0, low: 0, high: 0) }
        func make(_ a: Unit?, _ b: Unit?) -> Plan? {
            var singles = fretted   // less the strings a barre stops
            if let a { for s in a.from...a.to where frets[s] == a.fret { singles &= ~(1 << s) } }
            if let b { for s in b.from...b.to where frets[s] == b.fret { singles &= ~(1 << s) } }
            var count = 0, stretch = 0, previous = 0, previousFret = low
            let fits = walk(frets: frets, low: low, high: high, singles: singles, a, b) { u, finger in
                if previous > 0 { stretch += max(0, (u.fret - previousFret) - (finger - previous)) }
                count += 1
                previous = finger
                previousFret = u.fret
            }
            return fits ? Plan(count: count, stretch: stretch, a: a, b: b, singles: singles, low: low, high: high) : nil
        }
        // Each note gets its own finger without a barre, so more than four notes need one.
        let plain = notes <= 4 ? make(nil, nil) : nil
        if let plain, plain.count <= min(3, maxFingers) { return plain }

        return withUnsafeTemporaryAllocation(of: Unit.self, capacity: n + 1) { candidates -> Plan? in
            // Barre candidates: the index barre at the lowest fret, and runs of equal frets higher up.
            var k = 0
            var from = Int.max, to = -1, atLow = 0
            for i in 0..<n where fretted & (1 << i) != 0 && frets[i] == low { from = min(from, i); to = max(to, i); atLow += 1 }
            if atLow >= 2, (from...to).allSatisfy({ s in frets[s].map { $0 >= low && $0 > nuts[s] } ?? false }) {
                candidates[k] = Unit(fret: low, from: from, to: to)
                k += 1
            }
            var s = 0
            while s < n {
                guard let f = frets[s], f > low, f > nuts[s] else { s += 1; continue }
                var e = s
                while e + 1 < n, frets[e + 1] == f { e += 1 }
                if e > s {
                    candidates[k] = Unit(fret: f, from: s, to: e)
                    k += 1
                }
                s = e + 1
            }
            if k == 0 { return plain.flatMap { $0.count <= maxFingers ? $0 : nil } }
            var best: Plan?
            func consider(_ a: Unit, _ b: Unit?) {
                guard let p = make(a, b), p.count <= maxFingers else { return }
                if best == nil || p.count < best!.count { best = p }
            }
            // With every finger in use, an index barre over strings at the lowest fret frees one (F xx3211).
            if let plain, plain.count <= maxFingers {
                if candidates[0].fret == low { consider(candidates[0], nil) }
                if let b = best, b.count < plain.count { return b }
                return plain
            }
            for i in 0..<k { consider(candidates[i], nil) }
            if best != nil { return best }
            for i in 0..<k {
                let a = candidates[i]
                for j in (i + 1)..<k {
                    let b = candidates[j]
                    if a.to < b.from || b.to < a.from || a.fret != b.fret { consider(a, b) }
                }
            }
            return best
        }
    }

    /// Visits the units (barres `a`, `b` and single notes on the strings in `singles`) in order of fret and then
    /// string, with their fingers: each at least one above the previous and at least `1 + fret - low`. Stops
    /// (false) when a fifth finger would be needed.
    private static func walk(frets: [Int?], low: Int, high: Int, singles: Int, _ a: Unit?, _ b: Unit?,
                             _ body: (Unit, Int) -> Void) -> Bool {
        var previous = 0
        for f in low...high {
            for s in frets.indices {
                let unit: Unit
                if let a, a.fret == f, a.from == s { unit = a }
                else if let b, b.fret == f, b.from == s { unit = b }
                else if singles & (1 << s) != 0, frets[s] == f { unit = Unit(fret: f, from: s, to: s) }
                else { continue }
                let finger = max(previous + 1, 1 + f - low)
                guard finger <= 4 else { return false }
                body(unit, finger)
                previous = finger
            }
        }
        return true
    }
}
