import Fretboard
import TheoryCore
import Testing

@Suite("Diagrams")
struct DiagramTests {
    let guitar = try! Neck(try! Tuning.named("guitar-standard"))

    func count(_ needle: String, in text: String) -> Int { text.split(separator: "\n").filter { $0.contains(needle) }.count }

    @Test func chordBoxASCII() throws {
        let c = try #require(try VoicingFinder.voicings(for: try Chord("C"), on: guitar).first)
        #expect(ChordBox(c, on: guitar).ascii() == """
            C  x32010
              x           o       o
              =====================
              |   |   |   |   1   |
              |   |   2   |   |   |
              |   3   |   |   |   |
              |   |   |   |   |   |
                  C   E   G   C   E
                  1   3   5   1   3

            """)
    }

    @Test func chordBoxSVGMarksRootsMutesAndOpens() throws {
        let c = try #require(try VoicingFinder.voicings(for: try Chord("C"), on: guitar).first)
        let svg = ChordBox(c, on: guitar).svg()
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        // Three fretted dots, two of them roots (C3 on string 2, C4 on string 5); two open-string rings.
        #expect(count("r=\"11\" fill=\"#c0392b\"", in: svg) == 2)
        #expect(count("r=\"11\" fill=\"#1a1a1a\"", in: svg) == 1)
        #expect(count("fill=\"none\"", in: svg) == 2)
        let f = try #require(try VoicingFinder.voicings(for: try Chord("F"), on: guitar).first { $0.shape == "133211" })
        #expect(ChordBox(f, on: guitar).svg().contains("rx=\"11\""))   // the barre
    }

    @Test func leftHandedDiagramsAreMirrored() throws {
        let c = try #require(try VoicingFinder.voicings(for: try Chord("C"), on: guitar).first)
        let right = ChordBox(c, on: guitar).ascii().split(separator: "\n")
        let lefty = try Neck(try Tuning.named("guitar-standard"), handedness: .left)
        let left = ChordBox(c, on: lefty).ascii().split(separator: "\n")
        #expect(right[1].trimmingCharacters() == "x           o       o")
        #expect(left[1].trimmingCharacters() == "o       o           x")
        let pattern = FretPattern.scale(Scale(try PitchClass("C"), .major), on: guitar, frets: 0...3)
        #expect(NeckDiagram(pattern, on: lefty).ascii().split(separator: "\n")[1].hasSuffix("|| 3"))
        #expect(NeckDiagram(pattern, on: guitar).svg() != NeckDiagram(pattern, on: lefty).svg())
    }

    @Test func neckSVGHasOneCirclePerCellAndRootsInRed() throws {
        let pattern = FretPattern.arpeggio(try Chord("Cdim7"), on: guitar, frets: 0...12)
        let svg = NeckDiagram(pattern, on: guitar).svg()
        let roots = pattern.cells.filter(\.isRoot).count
        #expect(count("r=\"11.5\" fill=\"#c0392b\"", in: svg) == roots)
        #expect(count("r=\"11.5\" fill=\"#ffffff\"", in: svg) == pattern.cells.count - roots)
        #expect(svg.contains(">bb7</text>"))
        #expect(count(">6</text>", in: svg) == 1)   // the fret number only: no cell is labelled 6
        let notes = NeckDiagram(pattern, on: guitar, labels: .notes).svg()
        #expect(notes.contains(">Bbb</text>"))
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
