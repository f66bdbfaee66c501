import Foundation

/// Opens a score for following: MusicXML (`.musicxml`, `.xml`), compressed MusicXML (`.mxl`) or MEI (`.mei`).
public enum ScoreFile {
    /// The measures of the score at `path`, or `FollowError.unreadableScore` naming what was wrong.
    public static func read(_ path: String) throws -> FollowedScore {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FollowError.unreadableScore(path: path, reason: "no such file or it cannot be read")
        }
        let score: FollowedScore
        do {
            if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                score = try MusicXMLReader.read(try rootDocument(ofArchive: url))
            } else if url.pathExtension.lowercased() == "mei" || looksLikeMEI(data) {
                score = try MEIReader.read(data)
            } else {
                score = try MusicXMLReader.read(data)
            }
        } catch let failure as ReadFailure {
            throw FollowError.unreadableScore(path: path, reason: failure.reason)
        }
        guard !score.measures.isEmpty else {
            throw FollowError.unreadableScore(path: path, reason: "no measures found (is it MusicXML or MEI?)")
        }
        guard score.measures.contains(where: { !$0.notes.isEmpty }) else {
            throw FollowError.unreadableScore(path: path, reason: "the score has no notes")
        }
        return score
    }

    private static func looksLikeMEI(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(2048), as: UTF8.self)
        return head.contains("<mei") && !head.contains("<score-partwise")
    }

    /// The MusicXML document a `.mxl` archive names in META-INF/container.xml (else its first .xml/.musicxml file).
    static func rootDocument(ofArchive url: URL) throws -> Data {
        guard let data = try? Data(contentsOf: url) else { throw ReadFailure(reason: "cannot be read") }
        let archive = try ZipArchive(data)
        var rootPath: String?
        if let container = archive["META-INF/container.xml"] {
            let text = String(decoding: try archive.contents(container), as: UTF8.self)
            if let range = text.range(of: #"full-path\s*=\s*"([^"]+)""#, options: .regularExpression) {
                rootPath = text[range].split(separator: "\"").dropFirst().first.map(String.init)
            }
        }
        let entry = rootPath.flatMap { archive[$0] } ?? archive.entries.first {
            !$0.path.hasPrefix("META-INF") && ($0.path.hasSuffix(".xml") || $0.path.hasSuffix(".musicxml"))
        }
        guard let entry else { throw ReadFailure(reason: "the archive holds no MusicXML document") }
        return try archive.contents(entry)
    }
}
