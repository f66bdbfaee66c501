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
        /// The strings covered, as a bit mask (bit i for string i+1).
        var strings: Int { (1 << (to + 1)) &- (1 << from) }
    }

    /// The fretted strings (bit i for string i+1) at each of the four frets from the lowest fretted one: fingers
    /// follow the frets, so a fingering never spans more.
    struct Rows {
        private var r0 = 0, r1 = 0, r2 = 0, r3 = 0

        subscript(k: Int) -> Int {
            switch k {
            case 0: r0
            case 1: r1
            case 2: r2
            default: r3
            }
        }

        mutating func insert(string s: Int, at k: Int) {
            switch k {
            case 0: r0 |= 1 << s
            case 1: r1 |= 1 << s
            case 2: r2 |= 1 << s
            default: r3 |= 1 << s
            }
        }
    }

    /// The fret of a muted string in the fret buffers read by ``plan(frets:nuts:maxFingers:)``: below every nut.
    static let muted = Int.min

    /// Finds a fingering for fretted notes (`frets[i]` for string i+1; `nil` muted; values at `nuts[i]` are open),
    /// or `nil` when no fingering with at most `maxFingers` fingers exists.
    public static func find(frets: [Int?], nuts: [Int], maxFingers: Int) -> Fingering? {
        let values = frets.map { $0 ?? muted }
        let plan = values.withUnsafeBufferPointer { frets in
            nuts.withUnsafeBufferPointer { nuts in Self.plan(frets: frets, nuts: nuts, maxFingers: maxFingers) }
        }
        return values.withUnsafeBufferPointer { plan?.fingering(frets: $0) }
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
        /// The lowest and highest fretted fret (0 when no string is fretted).
        let low: Int, high: Int

        /// The fingering of `frets` (those the plan was made for; ``muted`` for a muted string): units (barres and
        /// single notes) take fingers in order of fret and then string, each at least one above the previous and at
        /// least `1 + fret - low`.
        func fingering(frets: UnsafeBufferPointer<Int>) -> Fingering {
            let n = frets.count
            // The finger per string in a temporary buffer, then copied into an array (`Array(buffer)` is specialised
            // here, unlike `init(repeating:count:)`, whose generic allocation looks the array's type up at run time).
            return withUnsafeTemporaryAllocation(of: Int?.self, capacity: n) { finger in
                finger.initialize(repeating: nil)
                var barres: [Barre] = []
                if count > 0 {
                    var rows = Rows()
                    for s in 0..<n where singles & (1 << s) != 0 { rows.insert(string: s, at: frets[s] - low) }
                    var previous = 0
                    for k in 0...(high - low) {
                        // The units at this fret start at these strings; no barre starts at a string with a note of its own.
                        var starts = rows[k]
                        if let a, a.fret == low + k { starts |= 1 << a.from }
                        if let b, b.fret == low + k { starts |= 1 << b.from }
                        while starts != 0 {
                            let s = starts.trailingZeroBitCount
                            starts &= starts - 1
                            previous = max(previous + 1, 1 + k)
                            let unit: Unit
                            if let a, a.fret == low + k, a.from == s { unit = a }
                            else if let b, b.fret == low + k, b.from == s { unit = b }
                            else { finger[s] = previous; continue }
                            // Single notes under a barre are always at a higher fret, so they come later and overwrite it.
                            for t in unit.from...unit.to { finger[t] = previous }
                            if unit.from != unit.to {
                                barres.append(Barre(fret: unit.fret, fromString: unit.from + 1, toString: unit.to + 1, finger: previous))
                            }
                        }
                    }
                }
                let fingers = Array(finger)
                return Fingering(fingers: fingers, barres: barres, count: count, stretch: stretch)
            }
        }
    }

    /// What ``plan(frets:nuts:maxFingers:)`` works out for one choice of barres.
    private struct Fit {
        var count: Int, stretch: Int, singles: Int
    }

    /// ``find(frets:nuts:maxFingers:)`` without building the fingering, for frets in a buffer (``muted`` for a
    /// muted string). Nothing is allocated unless a barre is needed: the fretted strings are bit masks, one per fret.
    ///
    /// Fingers follow the frets (each at least `1 + fret - low`), so a note four or more frets above the lowest
    /// fretted note would need a fifth finger whatever the barres: no fingering.
    static func plan(frets: UnsafeBufferPointer<Int>, nuts: UnsafeBufferPointer<Int>, maxFingers: Int) -> Plan? {
        let n = frets.count
        var fretted = 0, low = Int.max, high = Int.min
        for i in 0..<n where frets[i] > nuts[i] {
            fretted |= 1 << i
            low = min(low, frets[i])
            high = max(high, frets[i])
        }
        if fretted == 0 { return Plan(count: 0, stretch: 0, a: nil, b: nil, singles: 0, low: 0, high: 0) }
        guard high - low <= 3 else { return nil }
        var rows = Rows()
        for i in 0..<n where fretted & (1 << i) != 0 { rows.insert(string: i, at: frets[i] - low) }
        func plan(_ fit: Fit, _ a: Unit?, _ b: Unit?) -> Plan {
            Plan(count: fit.count, stretch: fit.stretch, a: a, b: b, singles: fit.singles, low: low, high: high)
        }
        // Each note gets its own finger without a barre, so more than four notes need one.
        let plain = fretted.nonzeroBitCount <= 4 ? fit(nil, nil, rows: rows, fretted: fretted, low: low, high: high) : nil
        if let plain, plain.count <= min(3, maxFingers) { return plan(plain, nil, nil) }
        // The index barre: across the strings at the lowest fret, every string under it fretted (at or above it).
        let atLow = rows[0]
        let index = Unit(fret: low, from: atLow.trailingZeroBitCount, to: Int.bitWidth - 1 - atLow.leadingZeroBitCount)
        let hasIndex = atLow.nonzeroBitCount >= 2 && index.strings & ~fretted == 0
        // With every finger in use, the index barre frees one if it can (F xx3211); no other barre is tried.
        if let plain, plain.count <= maxFingers {
            if hasIndex, let barred = fit(index, nil, rows: rows, fretted: fretted, low: low, high: high), barred.count < plain.count {
                return plan(barred, index, nil)
            }
            return plan(plain, nil, nil)
        }

        return withUnsafeTemporaryAllocation(of: Unit.self, capacity: n + 1) { candidates -> Plan? in
            // Barre candidates: the index barre at the lowest fret, and runs of equal frets higher up.
            var k = 0
            if hasIndex {
                candidates[k] = index
                k += 1
            }
            var s = 0
            while s < n {
                let f = frets[s]
                guard f > low, f > nuts[s] else { s += 1; continue }
                var e = s
                while e + 1 < n, frets[e + 1] == f { e += 1 }
                if e > s {
                    candidates[k] = Unit(fret: f, from: s, to: e)
                    k += 1
                }
                s = e + 1
            }
            // Too many fingers without a barre: the fewest fingers within the limit (the first of equals) with one
            // barre, else with two.
            var best: (fit: Fit, a: Unit, b: Unit?)?
            for i in 0..<k {
                if let f = fit(candidates[i], nil, rows: rows, fretted: fretted, low: low, high: high), f.count <= maxFingers,
                   best == nil || f.count < best!.fit.count {
                    best = (f, candidates[i], nil)
                }
            }
            if let best { return plan(best.fit, best.a, best.b) }
            for i in 0..<k {
                let a = candidates[i]
                for j in (i + 1)..<k {
                    let b = candidates[j]
                    guard a.to < b.from || b.to < a.from || a.fret != b.fret,
                          let f = fit(a, b, rows: rows, fretted: fretted, low: low, high: high), f.count <= maxFingers,
                          best == nil || f.count < best!.fit.count else { continue }
                    best = (f, a, b)
                }
            }
            return best.map { plan($0.fit, $0.a, $0.b) }
        }
    }

    /// The fingers for barres `a` and `b` (when given) and every other fretted string under a finger of its own, or
    /// `nil` when a fifth finger would be needed. Units (barres and single notes) take fingers in order of fret and
    /// then string, each at least one above the previous and at least `1 + fret - low`.
    private static func fit(_ a: Unit?, _ b: Unit?, rows: Rows, fretted: Int, low: Int, high: Int) -> Fit? {
        var singles = fretted   // less the strings a barre stops
        if let a { singles &= ~(a.strings & rows[a.fret - low]) }
        if let b { singles &= ~(b.strings & rows[b.fret - low]) }
        var count = 0, stretch = 0, previous = 0, previousK = 0
        for k in 0...(high - low) {
            // Units at one fret take consecutive fingers, with no stretch between them.
            var units = (singles & rows[k]).nonzeroBitCount
            if let a, a.fret == low + k { units += 1 }
            if let b, b.fret == low + k { units += 1 }
            guard units > 0 else { continue }
            let finger = max(previous + 1, 1 + k)
            if previous > 0 { stretch += max(0, (k - previousK) - (finger - previous)) }
            previous = finger + units - 1
            guard previous <= 4 else { return nil }
            count += units
            previousK = k
        }
        return Fit(count: count, stretch: stretch, singles: singles)
    }
}
