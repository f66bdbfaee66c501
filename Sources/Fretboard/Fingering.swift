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

    private typealias Unit = (fret: Int, from: Int, to: Int)

    /// Finds a fingering for fretted notes (`frets[i]` for string i+1; `nil` muted; values at `nuts[i]` are open),
    /// or `nil` when no fingering with at most `maxFingers` fingers exists.
    public static func find(frets: [Int?], nuts: [Int], maxFingers: Int) -> Fingering? {
        var notes: [Unit] = []
        notes.reserveCapacity(frets.count)
        var low = Int.max
        for (i, f) in frets.enumerated() {
            if let f, f > nuts[i] {
                notes.append((f, i, i))
                low = min(low, f)
            }
        }
        if notes.isEmpty { return Fingering(fingers: frets.map { _ in nil }, barres: [], count: 0, stretch: 0) }
        // Each note gets its own finger without a barre, so more than four notes need one.
        let plain = notes.count <= 4 ? assign(notes, low: low, strings: frets.count, barres: []) : nil
        if let plain, plain.count <= min(3, maxFingers) { return plain }

        // Barre candidates: the index barre at the lowest fret, and runs of equal frets higher up.
        var candidates: [Unit] = []
        var from = Int.max, to = -1, atLow = 0
        for u in notes where u.fret == low { from = min(from, u.from); to = max(to, u.from); atLow += 1 }
        if atLow >= 2, (from...to).allSatisfy({ s in frets[s].map { $0 >= low && $0 > nuts[s] } ?? false }) {
            candidates.append((low, from, to))
        }
        var s = 0
        while s < frets.count {
            guard let f = frets[s], f > low, f > nuts[s] else { s += 1; continue }
            var e = s
            while e + 1 < frets.count, frets[e + 1] == f { e += 1 }
            if e > s { candidates.append((f, s, e)) }
            s = e + 1
        }
        if candidates.isEmpty { return plain.flatMap { $0.count <= maxFingers ? $0 : nil } }
        var best: Fingering?
        func consider(_ chosen: [Unit]) {
            var covered = 0
            for u in chosen { for s in u.from...u.to where frets[s] == u.fret { covered |= 1 << s } }
            var units = chosen
            for n in notes where covered & (1 << n.from) == 0 { units.append(n) }
            guard let f = assign(units, low: low, strings: frets.count, barres: chosen), f.count <= maxFingers else { return }
            if best == nil || f.count < best!.count { best = f }
        }
        // With every finger in use, an index barre over strings at the lowest fret frees one (F xx3211).
        if let plain, plain.count <= maxFingers {
            if let index = candidates.first, index.fret == low { consider([index]) }
            if let b = best, b.count < plain.count { return b }
            return plain
        }
        for c in candidates { consider([c]) }
        if best != nil { return best }
        for (i, a) in candidates.enumerated() {
            for b in candidates[(i + 1)...] where a.to < b.from || b.to < a.from || a.fret != b.fret { consider([a, b]) }
        }
        return best
    }

    private static func assign(_ units: [Unit], low: Int, strings: Int, barres chosen: [Unit]) -> Fingering? {
        let ordered = units.count < 2 ? units : units.sorted { ($0.fret, $0.from) < ($1.fret, $1.from) }
        var fingers = [Int?](repeating: nil, count: strings)
        var barres: [Barre] = []
        var previous = 0, previousFret = low, stretch = 0
        // Barres first, so that single fingers on strings under a barre overwrite it.
        var assigned: [(Unit, Int)] = []
        for u in ordered {
            let finger = max(previous + 1, 1 + u.fret - low)
            guard finger <= 4 else { return nil }
            if previous > 0 { stretch += max(0, (u.fret - previousFret) - (finger - previous)) }
            assigned.append((u, finger))
            previous = finger
            previousFret = u.fret
        }
        for (u, finger) in assigned where u.from != u.to || chosen.contains(where: { $0 == u }) {
            for s in u.from...u.to { fingers[s] = finger }
            barres.append(Barre(fret: u.fret, fromString: u.from + 1, toString: u.to + 1, finger: finger))
        }
        for (u, finger) in assigned where u.from == u.to && !chosen.contains(where: { $0 == u }) { fingers[u.from] = finger }
        return Fingering(fingers: fingers, barres: barres, count: assigned.count, stretch: stretch)
    }
}
