// Compiled into its own module by scripts/fuzz: libFuzzer entry points that read untrusted text through the
// public APIs of other modules (the session JSON reader, the chord-symbol reader).
import Foundation
import RecordingProtocol
import TheoryCore

/// The session JSON reader (`Session(json:)`), and writing back what it read.
@_cdecl("tm_fuzz_session_json")
public func fuzzSessionJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    if let session = try? Session(json: Data(bytes: data, count: size)) { _ = session.jsonData() }
    return 0
}

/// The chord-symbol reader (`Chord(_:)`, its public parsing entry point).
@_cdecl("tm_fuzz_chord_symbol")
public func fuzzChordSymbol(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    _ = try? Chord(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
