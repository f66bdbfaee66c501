import Foundation
import ScoreFollowing

/// What the score readers make of files, one JSON object a line, for reader_oracle.py's comparison with music21.
///
/// `FollowBench --dump-scores` reads one score path a line on standard input and writes, for each, its measures as read
/// (number, length in quarters, notes as `[pitch, onset, duration, struck]`, the playing-order marks), its playing order
/// as `[measure index, pass]` pairs and the reader's repairs (part, kind, measure numbers), or the reason it was refused (`error`).
enum ScoreDump {
    static func run() {
        while let line = readLine() {
            let path = line.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { continue }
            var object: [String: Any] = ["path": path]
            do {
                let score = try ScoreFile.read(path)
                object["measures"] = score.measures.map(measure)
                object["order"] = score.playingOrder.map { [$0.measure, $0.pass] }
                object["repairs"] = score.repairs.map { ["part": $0.part, "kind": $0.kind.rawValue, "measures": $0.measures] as [String: Any] }
            } catch {
                object["error"] = "\(error)"
            }
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                print("{\"path\": \"\(path)\", \"error\": \"not serialisable\"}")
                continue
            }
            print(String(decoding: data, as: UTF8.self))
        }
    }

    private static func measure(_ m: ScoreMeasure) -> [String: Any] {
        var out: [String: Any] = [
            "number": m.number, "duration": m.duration,
            "notes": m.notes.map { [$0.pitch, $0.onset, $0.duration, $0.struck ? 1 : 0] as [Any] },
        ]
        let flags = [("repeatStart", m.repeatStart), ("repeatEnd", m.repeatEnd), ("segno", m.segno), ("coda", m.coda),
                     ("toCoda", m.toCoda), ("fine", m.fine), ("daCapo", m.daCapo), ("dalSegno", m.dalSegno)]
        for (name, value) in flags where value { out[name] = true }
        if !m.endings.isEmpty { out["endings"] = m.endings }
        if let times = m.repeatTimes { out["repeatTimes"] = times }
        if let tempo = m.tempo { out["tempo"] = tempo }
        return out
    }
}
