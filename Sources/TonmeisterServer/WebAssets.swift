import Foundation

/// The web page's files (HTML, CSS, JavaScript, icons), read once from the package's resources.
///
/// Files are served by name from this fixed table only, never by looking a request's path up on
/// disk, so no request can reach a file outside the page's own.
struct WebAssets: Sendable {
    /// One file: its bytes and content type.
    struct Asset: Sendable {
        var data: Data
        var contentType: String
    }

    /// The files by name (`index.html`, `app.js`, …).
    let files: [String: Asset]

    /// Reads every file of the bundled `Web` folder.
    static func bundled() throws -> WebAssets {
        guard let folder = Bundle.module.url(forResource: "Web", withExtension: nil) else {
            throw ServerError.webPageMissing
        }
        var files: [String: Asset] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            files[name] = Asset(data: data, contentType: contentType(of: name))
        }
        return WebAssets(files: files)
    }

    /// The content type for a file name's extension.
    static func contentType(of name: String) -> String {
        switch URL(fileURLWithPath: name).pathExtension {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json", "webmanifest": return "application/json"
        default: return "application/octet-stream"
        }
    }
}
