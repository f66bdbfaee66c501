import RecordingProtocol
import ScoreLayout

/// The straightforward way to answer "which takes fully cover this bar?": look at every take and compare its
/// start and end with the points 25 % and 75 % into the bar, in the layout's order of positions.
struct LinearScan {
    let session: Session
    let layout: ScoreLayout

    func covers(barIndex index: Int) -> [Int] {
        guard let quarter = layout.position(atGlobalBarIndex: index, fraction: 0.25),
              let threeQuarters = layout.position(atGlobalBarIndex: index, fraction: 0.75) else { return [] }
        var result: [Int] = []
        for take in session.takes where !take.deleted {
            guard let startsBefore = try? layout.compare(take.start, quarter), startsBefore != .after else { continue }
            if let end = take.end {
                guard let endsAfter = try? layout.compare(end, threeQuarters), endsAfter != .before else { continue }
            }
            result.append(take.number)
        }
        return result.sorted()
    }
}
