import Fretboard
import TheoryCore

/// One way to ask an interval: the given note (or cell), the interval, the direction and the other note.
package struct IntervalPlacement: Hashable, Sendable {
    /// The ascending interval asked.
    package let interval: Interval
    package let direction: QuizDirection
    /// The note written or played first (the given note of a building question).
    package let first: Pitch
    /// The other note.
    package let second: Pitch

    /// The interval from the first note to the second, with its direction.
    package var directed: Interval { direction == .descending ? interval.reversed : interval }

    /// Every placement of the spec's intervals and directions from the allowed given notes, in a fixed order.
    ///
    /// The given note has at most `rootAccidentals` sharps or flats, both notes at most `noteAccidentals`;
    /// `octaves` bounds the written octave of both notes (nil: any octave 0…8, for fretboards).
    package static func all(_ spec: QuizSpec, directions: [QuizDirection], octaves: ClosedRange<Int>?) -> [IntervalPlacement] {
        let octaveRange = octaves ?? QuizSpec.octaveRange
        var roots: [Pitch] = []
        for octave in octaveRange {
            for letter in Letter.allCases {
                for accidental in -spec.rootAccidentals...spec.rootAccidentals {
                    roots.append(Pitch(letter, accidental, octave: octave))
                }
            }
        }
        var list: [IntervalPlacement] = []
        for interval in spec.intervals {
            for direction in directions {
                for root in roots {
                    let other = direction == .descending ? root.transposed(downBy: interval) : root.transposed(by: interval)
                    guard abs(other.accidental) <= spec.noteAccidentals, octaveRange.contains(other.octave) else { continue }
                    list.append(IntervalPlacement(interval: interval, direction: direction, first: root, second: other))
                }
            }
        }
        return list
    }
}

extension Array where Element == IntervalPlacement {
    /// The placements grouped by interval, then by direction, keeping the spec's order.
    package func grouped() -> [(Interval, [(QuizDirection, [IntervalPlacement])])] {
        var intervals: [Interval] = []
        var byInterval: [Interval: [QuizDirection: [IntervalPlacement]]] = [:]
        var directionOrder: [Interval: [QuizDirection]] = [:]
        for placement in self {
            if byInterval[placement.interval] == nil { intervals.append(placement.interval); byInterval[placement.interval] = [:] }
            if byInterval[placement.interval]![placement.direction] == nil {
                directionOrder[placement.interval, default: []].append(placement.direction)
            }
            byInterval[placement.interval]![placement.direction, default: []].append(placement)
        }
        return intervals.map { interval in
            (interval, directionOrder[interval]!.map { ($0, byInterval[interval]![$0]!) })
        }
    }
}
