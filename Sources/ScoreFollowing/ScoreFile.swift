import Foundation
import ZIPFoundation

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

    /// The largest MusicXML document read out of a `.mxl` archive (a larger one is refused, not inflated).
    static let largestDocument = 256 << 20

    /// The MusicXML document a `.mxl` archive names in META-INF/container.xml (else its first .xml/.musicxml file).
    ///
    /// The archive is read by ZIPFoundation; every entry's inflated size is bounded by ``largestDocument`` while
    /// it inflates, whatever its header declares.
    static func rootDocument(ofArchive url: URL) throws -> Data {
        guard let data = try? Data(contentsOf: url) else { throw ReadFailure(reason: "cannot be read") }
        return try rootDocument(ofArchiveData: data)
    }

    /// The MusicXML document of a `.mxl` archive held in memory.
    static func rootDocument(ofArchiveData data: Data, limit: Int = largestDocument) throws -> Data {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw ReadFailure(reason: "not a ZIP archive or its central directory is damaged")
        }
        var rootPath: String?
        if let container = archive["META-INF/container.xml"] {
            let text = String(decoding: try contents(of: container, in: archive, limit: limit), as: UTF8.self)
            if let range = text.range(of: #"full-path\s*=\s*"([^"]+)""#, options: .regularExpression) {
                rootPath = text[range].split(separator: "\"").dropFirst().first.map(String.init)
            }
        }
        let entry = rootPath.flatMap { archive[$0] } ?? archive.first {
            $0.type == .file && !$0.path.hasPrefix("META-INF") && ($0.path.hasSuffix(".xml") || $0.path.hasSuffix(".musicxml"))
        }
        guard let entry else { throw ReadFailure(reason: "the archive holds no MusicXML document") }
        return try contents(of: entry, in: archive, limit: limit)
    }

    /// The inflated bytes of `entry`, checked against its CRC-32 and stopped at `limit` bytes.
    private static func contents(of entry: Entry, in archive: Archive, limit: Int) throws -> Data {
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw ReadFailure(reason: "\(entry.path) in the archive is larger than \(limit) bytes")
        }
        var bytes = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                guard bytes.count + chunk.count <= limit else { throw ReadFailure(reason: "too large") }
                bytes.append(chunk)
            }
        } catch let failure as ReadFailure {
            throw ReadFailure(reason: "\(entry.path) in the archive inflates to more than \(limit) bytes (\(failure.reason))")
        } catch {
            throw ReadFailure(reason: "\(entry.path) in the archive is damaged (\(error))")
        }
        return bytes
    }
}
