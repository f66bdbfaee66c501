import Foundation
import Testing
@testable import RecordingProtocol

/// A session document cut off mid-write keeps every complete take and mark before the break, and says where it broke.
@Suite("Damaged documents")
struct DamagedDocumentTests {
    static let whole: Data = try! Data(contentsOf: MessyDocumentTests.folder.appendingPathComponent("messy-4.json"))

    @Test("cut anywhere inside the marks: every mark complete before the cut is kept, with the line and column", arguments: [0.55, 0.7, 0.85, 0.97])
    func truncatedInsideMarks(fraction: Double) throws {
        let full = try Session.read(json: Self.whole).session
        let cut = Self.whole.prefix(Int(Double(Self.whole.count) * fraction))
        let reading = try Session.read(json: Data(cut))
        let damage = try #require(reading.damage)
        let text = String(decoding: cut, as: UTF8.self)
        #expect(damage.line == cut.filter { $0 == 0x0A }.count + 1)
        // The kept marks are exactly the complete ones before the cut, in order.
        let kept = reading.session.marks
        #expect(kept == Array(full.marks.prefix(kept.count)) || kept.count == 0)
        let completeMarks = full.marks.filter { mark in text.contains("\"id\": \(mark.id),") }.count
        #expect(kept.count >= completeMarks - 1 && kept.count <= completeMarks)
        #expect(reading.session.takes.count == full.takes.count)
        #expect(reading.warnings.first?.kind == .damaged)
        #expect(damage.description.contains("line \(damage.line), column \(damage.column)"))
    }

    @Test("--strict and text that was never JSON are still refused")
    func refused() {
        #expect(throws: ProtocolError.self) { try Session.read(json: Self.whole.prefix(5000), mode: .strict) }
        #expect(throws: ProtocolError.self) { try Session.read(json: Data("not json at all".utf8)) }
        #expect(throws: ProtocolError.self) { try Session.read(json: Data("{\"format\":\"tonmeister-session/1\",".utf8)) }
    }
}
