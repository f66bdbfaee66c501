import Foundation

/// Replaces one benchmark's section of docs/benchmarks.md (between `<!-- BEGIN: name -->` and
/// `<!-- END: name -->`), keeping the others; the same convention as Benchmarks/report_section.py.
enum ReportSection {
    static func write(name: String, body: String, to path: String) throws {
        let header = "# Benchmarks\n\nEach section is written by its benchmark script; do not edit by hand.\n"
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? header
        if !text.hasPrefix("# Benchmarks") { text = header }
        let begin = "<!-- BEGIN: \(name) -->", end = "<!-- END: \(name) -->"
        let block = "\(begin)\n\(body)\n\(end)"
        if let b = text.range(of: begin), let e = text.range(of: end), b.lowerBound < e.lowerBound {
            text.replaceSubrange(b.lowerBound..<e.upperBound, with: block)
        } else {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n" + block + "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
