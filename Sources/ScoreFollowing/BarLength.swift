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
    /// The length most parts reach; a part with nothing in the measure has no say. Between lengths that as many parts
    /// reach, the time signature's, else the longest. So a pickup that every part holds short stays short, one part's
    /// ornament written as full notes does not stretch the bar for the others, and a part that lost a rest ends early.
    /// Where a part holds a fermata in the measure, the longest part's length stands: a cadenza or a pause lasts as
    /// long as its player takes. An empty measure lasts its time signature.
    static func decide(_ bars: [PartBar], meter: Double) -> Decision {
        let voting = bars.filter { $0.reach > 0 }
        guard let longest = voting.map(\.reach).max() else { return Decision(length: meter) }
        var length = longest
        if !voting.contains(where: { !$0.fermatas.isEmpty }) {
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
                        over: voting.filter { $0.reach > length + tolerance }.map(\.part),
                        short: voting.filter { $0.reach < length - tolerance }.map(\.part))
    }
}

