import Foundation

/// Paths of the committed fixtures (made by Benchmarks/FollowBench/make_fixtures.py).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    struct Downbeat: Decodable { var index: Int; var number: String; var time: Double }
    struct Truth: Decodable { var take: [Downbeat]; var partial: [Downbeat] }

    static func truth() throws -> Truth {
        try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: path("volta-truth.json"))))
    }

    /// A file in a fresh temporary directory holding `contents`.
    static func temporary(_ name: String, _ contents: Data) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }
}
