import Foundation

/// PDFs written by hand for the tests: objects numbered in order (object 1 the catalog), with their
/// cross-reference table computed.
enum TestPDF {
    /// A PDF holding `objects` as objects 1, 2, …, with its cross-reference table and trailer.
    static func document(_ objects: [String]) -> Data {
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (n, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(n + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }

    /// A stream object with the `dictionary` entries and `data`, its `/Length` computed.
    static func stream(_ dictionary: String, _ data: String) -> String {
        "<< \(dictionary) /Length \(data.utf8.count) >>\nstream\n\(data)\nendstream"
    }
}
