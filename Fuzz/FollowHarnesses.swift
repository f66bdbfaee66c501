// Compiled by scripts/fuzz into a module of the score readers of ScoreFollowing (MusicXML, MEI, the playing
// order and the score's timeline and features), without the audio and ZIP parts, which are kept libraries
// (libsndfile, ZIPFoundation). Not part of the package build.
import Foundation

/// The MusicXML and MEI readers, the playing order and the score's features, on any bytes.
@_cdecl("tm_fuzz_music_score")
public func fuzzMusicScore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    for read in [MusicXMLReader.read, MEIReader.read] {
        guard let score = try? read(bytes), !score.measures.isEmpty else { continue }
        let timeline = ScoreTimeline(score: score)
        if timeline.end.isFinite, timeline.end < 3_600 { _ = timeline.features }
    }
    return 0
}
