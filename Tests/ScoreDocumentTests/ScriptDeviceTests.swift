import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// The same page drawn into cairo's script surface again and again gives the same drawing (`RetiredScriptDevices`).
@Suite struct ScriptDeviceTests {
    @Test("A LilyPond page drawn ten times through one document keeps every glyph's box each time")
    func repeatedDrawings() throws {
        let pdf = DetectionCorpusTests.corpus.appendingPathComponent("form/lilypond-minuet-dc.pdf")
        let document = try ScoreDocument(path: pdf.path)
        let size = document.pageSizes[0]
        var seen: [String] = []
        for _ in 0..<10 {
            let script = try PageDrawing.script(handle: document.handle, index: 0, size: size)
            let drawing = CairoScriptReader.read(script, width: size.width, height: size.height)
            seen.append("\(drawing.boxes.count) boxes, \(drawing.glyphs) glyphs, \(drawing.segments.count) segments")
        }
        // Before the devices were kept, a device allocated where the last one lived left out the definitions of the
        // glyphs the last one had written (cairo marks them with the device's address): 148 boxes, then fewer.
        #expect(Set(seen).count == 1, "\(seen)")
        #expect(seen.first?.hasPrefix("148 boxes") == true, "\(seen)")
    }

    @Test("The form reading draws each page once per document, however often it is asked for")
    func formDrawsOnce() throws {
        let pdf = DetectionCorpusTests.corpus.appendingPathComponent("form/lilypond-minuet-dc.pdf")
        let document = try ScoreDocument(path: pdf.path)
        let layout = try ScoreLayout(detected: try document.detectLayout())
        let first = try document.drawnForm(layout: layout)
        #expect(document.drawnPages.count == document.pageCount)
        for _ in 0..<3 { #expect(try document.drawnForm(layout: layout) == first) }
    }
}
