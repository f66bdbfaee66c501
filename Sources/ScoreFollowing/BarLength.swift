import Foundation

/// A measure's length decided from its parts' when they disagree (a part that runs over or falls short of the others,
/// as hand encodings, Humdrum conversions and OMR exports have them), and which parts do not hold it.
enum BarLength {
    /// Reaches closer than this (in quarters) are the same length.
    static let tolerance = 1.0 / 1024

    /// A measure's length and the parts (by index) that reach beyond it or stop before it.
    struct Decision: Sendable, Equatable {
        var length: Double
        var over: [Int] = []
        var short: [Int] = []
    }

    /// The length of a measure whose parts hold `bars`, in a time signature of `meter` quarters.
    ///
    /// The length most parts reach; a part with nothing in the measure has no say, nor one that only rests for other
    /// than the time signature's length while another part sounds (old Finale exports in music21's corpus write some
    /// Monteverdi parts' empty bars as two whole rests in 4/4: those parts outnumbered the singing ones and doubled the
    /// bar). Between lengths that as many parts reach, the time signature's, else the longest. So a pickup that every
    /// part holds short stays short, one part's ornament written as full notes does not stretch the bar for the
    /// others, and a part that lost a rest ends early. Where a part holds a fermata in the measure, the longest
    /// part's length stands: a cadenza or a pause lasts as long as its player takes. An empty measure lasts its time
    /// signature.
    static func decide(_ bars: [PartBar], meter: Double) -> Decision {
        let present = bars.filter { $0.reach > 0 }
        let heard = present.filter { !$0.notes.isEmpty || abs($0.reach - meter) <= tolerance }
        let voting = present.contains(where: { !$0.notes.isEmpty }) ? heard : present
        guard let longest = voting.map(\.reach).max() else { return Decision(length: meter) }
        var length = longest
        if !present.contains(where: { !$0.fermatas.isEmpty }) {
            // Each distinct reach with the parts that reach it, longest first.
            var groups: [(reach: Double, count: Int)] = []
            for reach in voting.map(\.reach).sorted(by: >) {
                if let last = groups.last, abs(last.reach - reach) <= tolerance { groups[groups.count - 1].count += 1 } else {
                    groups.append((reach, 1))
                }
            }
            let most = groups.map(\.count).max() ?? 0
            let leading = groups.filter { $0.count == most }
            length = leading.count == 1 ? leading[0].reach
                : leading.first { abs($0.reach - meter) <= tolerance }?.reach ?? leading[0].reach
        }
        return Decision(length: length,
                        over: present.filter { $0.reach > length + tolerance }.map(\.part),
                        short: present.filter { $0.reach < length - tolerance }.map(\.part))
    }
}

