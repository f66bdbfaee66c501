import Foundation

/// Plain `Codable` structs of a session document's shape, for timing Foundation's `JSONDecoder` on the same bytes
/// (the reference the issue names: "JSONDecoder alone decodes a session of this shape at about 30 MB/s").
/// Nothing is validated or repaired; unknown members are skipped.
struct DecoderReference: Decodable {
    struct Point: Decodable { var page: Int; var x: Double; var y: Double }
    struct Take: Decodable {
        var number: Int
        var label: String?
        var start: Point
        var end: Point?
        var source: String?
        var recordStart: String?
        var fps: Double?
        var note: String?
    }
    struct Mark: Decodable {
        var id: Int?
        var take: Int
        var kind: String
        var value: Int?
        var problem: String?
        var text: String?
        var at: Point
        var to: Point?
        var time: Double?
    }
    struct Bar: Decodable { var number: String?; var left: Double; var right: Double }
    struct Staff: Decodable { var top: Double; var bottom: Double }
    struct System: Decodable { var top: Double; var bottom: Double; var staves: [Staff]?; var bars: [Bar]? }
    struct Page: Decodable { var page: Int; var systems: [System] }
    struct Layout: Decodable { var pages: [Page] }
    struct Score: Decodable { var file: String; var sha256: String? }

    var format: String
    var title: String
    var score: Score
    var layout: Layout?
    var takes: [Take]
    var marks: [Mark]
}
