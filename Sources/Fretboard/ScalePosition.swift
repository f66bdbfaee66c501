import TheoryCore

/// One playing position of a scale (or of a chord's arpeggio) on the neck: a pattern the hand covers without moving.
///
/// - CAGED: five positions named after the chord shapes C, A, G, E, D. Each is a four-fret window placed
///   by where the root lies under that shape (C: root on string 2 under the little finger; A: root on string 2
///   under the index; G: root on string 1 under the little finger; E: root on string 1 under the index; D: root on
///   string 3 under the index, frets counted from one below). Every note from the lowest on string 1 to the
///   highest on the last string is played once, on the string where it falls inside the window; a note that falls
///   between two strings is reached by a stretch one fret outside the window.
/// - Three notes per string: seven positions, position *k* starting on degree *k* at its lowest place on string 1;
///   consecutive scale notes, three on each string.
/// - Window: every note in frets `N … N + size - 1` (open strings included when N ≤ 1).
public struct ScalePosition: Hashable, Sendable {
    /// The system the position belongs to.
    public let system: PositionSystem
    /// The 1-based position number (CAGED: 1 C, 2 A, 3 G, 4 E, 5 D; 3NPS: the starting degree; window: its first fret).
    public let number: Int
    /// "E shape", "3 notes per string from degree 2", "frets 5–8".
    public let name: String
    /// The pattern: its cells labelled from the scale or chord formula.
    public let pattern: FretPattern

    /// The frets the position covers.
    public var frets: ClosedRange<Int> {
        let fs = pattern.cells.map(\.fret)
        return (fs.min() ?? 0)...(fs.max() ?? 0)
    }

    /// The CAGED shapes in order, with the string (0-based) carrying the root and the window start below the root fret.
    static let cagedShapes: [(name: String, string: Int, below: Int)] = [
        ("C", 1, 3), ("A", 1, 1), ("G", 0, 3), ("E", 0, 1), ("D", 2, 1),
    ]

    /// Every position of a scale in a system (for `.window`, every window start from 0 up the neck).
    public static func positions(of scale: Scale, on neck: Neck, system: PositionSystem, windowSize: Int = 4) throws -> [ScalePosition] {
        let tones = zip(scale.pitchClasses, scale.type.formula).map { ($0, $1) }
        switch system {
        case .caged:
            try requireGuitar(neck, heptatonic: scale.type.isHeptatonic, what: "CAGED")
            return (1...5).map { caged($0, tones: tones, root: scale.root, name: scale.description, kind: .scale, neck: neck) }
        case .threeNotesPerString:
            try requireGuitar(neck, heptatonic: scale.type.isHeptatonic, what: "three-notes-per-string")
            return try (1...7).map { try threeNotesPerString($0, scale: scale, neck: neck) }
        case .window:
            guard (2...12).contains(windowSize) else {
                throw FretboardError.invalidPosition(reason: "a window of \(windowSize) frets (2…12 allowed)")
            }
            return (0...(neck.frets - windowSize + 1)).map {
                window($0, size: windowSize, tones: tones, root: scale.root, name: scale.description, kind: .scale, neck: neck)
            }
        }
    }

    /// Position `number` of a scale in a system.
    public static func position(_ number: Int, of scale: Scale, on neck: Neck, system: PositionSystem, windowSize: Int = 4) throws -> ScalePosition {
        let all = try positions(of: scale, on: neck, system: system, windowSize: windowSize)
        if system == .window {
            guard let p = all.first(where: { $0.number == number }) else {
                throw FretboardError.invalidPosition(reason: "window position \(number) (0…\(all.count - 1) on this neck)")
            }
            return p
        }
        guard (1...all.count).contains(number) else {
            throw FretboardError.invalidPosition(reason: "\(system.rawValue) position \(number) (1…\(all.count))")
        }
        return all[number - 1]
    }

    /// The chord's arpeggio shape in a CAGED or window position (three-notes-per-string is for scales only).
    public static func arpeggio(_ chord: Chord, position number: Int, on neck: Neck, system: PositionSystem,
                                windowSize: Int = 4) throws -> ScalePosition {
        let tones = FretPattern.chordTones(chord, includingBass: false)
        switch system {
        case .caged:
            try requireGuitar(neck, heptatonic: true, what: "CAGED")
            guard (1...5).contains(number) else { throw FretboardError.invalidPosition(reason: "caged position \(number) (1…5)") }
            return caged(number, tones: tones, root: chord.root, name: chord.symbol, kind: .arpeggio, neck: neck)
        case .window:
            guard (2...12).contains(windowSize), (0...(neck.frets - windowSize + 1)).contains(number) else {
                throw FretboardError.invalidPosition(reason: "window position \(number) of \(windowSize) frets")
            }
            return window(number, size: windowSize, tones: tones, root: chord.root, name: chord.symbol, kind: .arpeggio, neck: neck)
        case .threeNotesPerString:
            throw FretboardError.invalidPosition(
                reason: "three-notes-per-string positions are for heptatonic scales; show the arpeggio in a caged or window position")
        }
    }

    private static func requireGuitar(_ neck: Neck, heptatonic: Bool, what: String) throws {
        guard heptatonic else { throw FretboardError.invalidPosition(reason: "\(what) positions are for seven-note scales") }
        guard neck.stringCount == 6, !neck.tuning.isReentrant else {
            throw FretboardError.invalidPosition(reason: "\(what) positions are for six-string guitar tunings; use --system window")
        }
    }

    // MARK: - Systems

    private static func caged(_ number: Int, tones: [(PitchClass, Interval)], root: PitchClass, name: String,
                              kind: FretPattern.Kind, neck: Neck) -> ScalePosition {
        let shape = cagedShapes[number - 1]
        let anchor = neck.tuning.strings[shape.string]
        let rootFret = floorMod(root.semitone - anchor.openMIDI - neck.capo, 12) + neck.capo
        var start = rootFret - shape.below
        if start < neck.capo { start += 12 }
        let cells = fill(tones: tones, window: start...(start + 3), neck: neck)
        return ScalePosition(system: .caged, number: number, name: "\(shape.name) shape",
                             pattern: FretPattern(kind: kind, root: root, name: name, cells: cells, frets: max(0, start - 1)...(start + 4)))
    }

    /// Every tone from the lowest on string 1 to the highest on the last string inside the window, each played once.
    private static func fill(tones: [(PitchClass, Interval)], window: ClosedRange<Int>, neck: Neck) -> [PatternCell] {
        let n = neck.stringCount
        var bySemitone = [(PitchClass, Interval)?](repeating: nil, count: 12)
        for t in tones where bySemitone[t.0.semitone] == nil { bySemitone[t.0.semitone] = t }
        func inWindow(_ s: Int, _ frets: ClosedRange<Int>) -> [Int] {
            frets.filter { neck.isPlayable(FretCell(string: s + 1, fret: $0)) }.map { neck.midi(at: FretCell(string: s + 1, fret: $0)) }
                .filter { bySemitone[floorMod($0, 12)] != nil }
        }
        guard let lowest = inWindow(0, window).min(), let highest = inWindow(n - 1, window).max(), lowest <= highest else { return [] }
        var perString = [Int](repeating: 0, count: n)
        var cells: [PatternCell] = []
        let wide = (window.lowerBound - 1)...(window.upperBound + 1)
        for midi in lowest...highest {
            guard let tone = bySemitone[floorMod(midi, 12)] else { continue }
            var choice: (string: Int, fret: Int)?
            for s in 0..<n {
                let fret = midi - neck.tuning.strings[s].openMIDI + (neck.tuning.strings[s].firstFret)
                guard wide.contains(fret), neck.isPlayable(FretCell(string: s + 1, fret: fret)) else { continue }
                let inside = window.contains(fret)
                if let c = choice {
                    let chosenInside = window.contains(c.fret)
                    if inside && !chosenInside { choice = (s, fret) }
                    else if inside == chosenInside && perString[c.string] >= 3 { choice = (s, fret) }
                } else {
                    choice = (s, fret)
                }
            }
            guard let c = choice else { continue }
            perString[c.string] += 1
            cells.append(PatternCell(cell: FretCell(string: c.string + 1, fret: c.fret), pitch: Neck.pitch(midi: midi, as: tone.0), interval: tone.1))
        }
        return cells
    }

    private static func threeNotesPerString(_ degree: Int, scale: Scale, neck: Neck) throws -> ScalePosition {
        let first = neck.tuning.strings[0]
        let degreeClass = scale.degree(degree)
        var startFret = floorMod(degreeClass.semitone - first.openMIDI - neck.capo, 12) + neck.capo
        for _ in 0..<2 {
            let start = Neck.pitch(midi: first.openMIDI + startFret, as: degreeClass)
            let pitches = scale.pitches(from: start, count: 3 * neck.stringCount)
            var cells: [PatternCell] = []
            var ok = true
            for (i, p) in pitches.enumerated() {
                let s = i / 3
                let fret = p.midi - neck.tuning.strings[s].openMIDI
                let cell = FretCell(string: s + 1, fret: fret)
                guard neck.isPlayable(cell) else { ok = false; break }
                let index = scale.pitchClasses.firstIndex(of: p.pitchClass) ?? 0
                cells.append(PatternCell(cell: cell, pitch: p, interval: scale.type.formula[index]))
            }
            if ok {
                let fs = cells.map(\.fret)
                return ScalePosition(system: .threeNotesPerString, number: degree, name: "3 notes per string from degree \(degree)",
                                     pattern: FretPattern(kind: .scale, root: scale.root, name: scale.description, cells: cells,
                                                          frets: fs.min()!...fs.max()!))
            }
            startFret += 12
        }
        throw FretboardError.invalidPosition(reason: "three-notes-per-string position \(degree) does not fit on this neck")
    }

    private static func window(_ start: Int, size: Int, tones: [(PitchClass, Interval)], root: PitchClass, name: String,
                               kind: FretPattern.Kind, neck: Neck) -> ScalePosition {
        let range = (start <= 1 ? 0 : start)...(start + size - 1)
        let cells = FretPattern.labelledCells(tones, on: neck, frets: range)
        return ScalePosition(system: .window, number: start, name: "frets \(range.lowerBound)–\(range.upperBound)",
                             pattern: FretPattern(kind: kind, root: root, name: name, cells: cells, frets: range))
    }
}
