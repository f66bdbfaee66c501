import Foundation
import Testing
@testable import ScoreLayout

@Suite("Layout JSON")
struct LayoutJSONTests {
    static let designExample = #"""
    { "pages": [ { "page": 1, "systems": [
          { "top": 60.0, "bottom": 210.5, "bars": [ { "number": "1", "left": 72.0, "right": 190.0 } ] } ] } ] }
    """#

    @Test func decodesTheDesignExample() throws {
        let layout = try ScoreLayout(json: Data(Self.designExample.utf8))
        #expect(layout.pages.count == 1)
        let system = try #require(layout.pages.first?.systems.first)
        #expect(layout.pages[0].page == 1)
        #expect(system.top == 60 && system.bottom == 210.5)
        #expect(system.staves == nil)
        #expect(system.bars == [BarLayout(number: BarNumber(1), left: 72, right: 190)])
    }

    @Test func encodesWithStableKeyOrder() throws {
        let layout = try ScoreLayout(json: Data(Self.designExample.utf8))
        let text = String(decoding: layout.jsonData(), as: UTF8.self)
        #expect(text == #"{"pages":[{"page":1,"systems":[{"top":60.0,"bottom":210.5,"bars":[{"number":"1","left":72.0,"right":190.0}]}]}]}"#)
    }

    @Test func stavesComeBeforeBars() throws {
        var layout = Fixtures.score
        layout.pages[0].systems[0].staves = [StaffLayout(top: 60, bottom: 100), StaffLayout(top: 170.25, bottom: 210.5)]
        let text = String(decoding: layout.jsonData(), as: UTF8.self)
        #expect(text.contains(#"{"top":60.0,"bottom":210.5,"staves":[{"top":60.0,"bottom":100.0},{"top":170.25,"bottom":210.5}],"bars":[{"number":"1","#))
        #expect(try ScoreLayout(json: layout.jsonData()) == layout)
    }

    @Test(arguments: [false, true])
    func roundTripIsByteStable(pretty: Bool) throws {
        var layout = Fixtures.score
        layout.pages[2].systems[0].staves = [StaffLayout(top: 50.125, bottom: 90), StaffLayout(top: 150, bottom: 200)]
        layout.pages[0].systems[1].bars![1].number = Fixtures.n("6a")
        let first = layout.jsonData(pretty: pretty)
        let decoded = try ScoreLayout(json: first)
        #expect(decoded == layout)
        #expect(decoded.jsonData(pretty: pretty) == first)
    }

    @Test func missingBarsStaysMissing() throws {
        let json = #"{"pages":[{"page":2,"systems":[{"top":10.0,"bottom":20.0}]},{"page":3,"systems":[]}]}"#
        let layout = try ScoreLayout(json: Data(json.utf8))
        #expect(layout.pages[0].systems[0].bars == nil)
        #expect(layout.pages[1].systems.isEmpty)
        #expect(String(decoding: layout.jsonData(), as: UTF8.self) == json)
    }

    @Test func emptyBarsArrayIsKept() throws {
        let json = #"{"pages":[{"page":1,"systems":[{"top":10.5,"bottom":20.25,"bars":[]}]}]}"#
        let layout = try ScoreLayout(json: Data(json.utf8))
        #expect(layout.pages[0].systems[0].bars == [])
        #expect(String(decoding: layout.jsonData(), as: UTF8.self) == json)
    }

    @Test func unknownKeysAreIgnoredAndMissingSystemsIsEmpty() throws {
        let json = #"{"pages":[{"page":1,"size":[595,842]}],"detector":"v1"}"#
        let layout = try ScoreLayout(json: Data(json.utf8))
        #expect(layout.pages == [PageLayout(page: 1, systems: [])])
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "expected an object"),
        (#"{}"#, "pages: missing required key 'pages'"),
        (#"{"pages":{}}"#, "pages: expected an array"),
        (#"{"pages":[{"systems":[]}]}"#, "pages[0].page: missing required key 'page'"),
        (#"{"pages":[{"page":"1","systems":[]}]}"#, "pages[0].page: expected an integer"),
        (#"{"pages":[{"page":1,"systems":[{"top":1}]}]}"#, "pages[0].systems[0].bottom: missing required key 'bottom'"),
        (#"{"pages":[{"page":1,"systems":[{"top":null,"bottom":2}]}]}"#, "pages[0].systems[0].top: expected a number, found null"),
        (#"{"pages":[{"page":1,"systems":[{"top":1,"bottom":2,"bars":[{"number":"x","left":1,"right":2}]}]}]}"#,
         "pages[0].systems[0].bars[0].number: invalid bar number 'x'"),
    ])
    func invalidJSONGivesAClearError(json: String, expected: String) {
        #expect {
            _ = try ScoreLayout(json: Data(json.utf8))
        } throws: { error in
            guard let error = error as? LayoutError, case .invalidJSON = error else { return false }
            return error.description.contains(expected)
        }
    }

    @Test func invalidLayoutIsRejectedUnlessAsked() throws {
        let json = #"{"pages":[{"page":1,"systems":[{"top":200,"bottom":100}]}]}"#
        #expect(throws: LayoutError.invalidSystem(page: 1, system: 0, reason: "top 200 must be less than bottom 100")) {
            try ScoreLayout(json: Data(json.utf8))
        }
        let raw = try ScoreLayout(json: Data(json.utf8), validate: false)
        #expect(!raw.isValid)
    }

    @Test func nonFiniteValuesEncodeWithoutCrashingAndFailValidation() throws {
        let layout = ScoreLayout(pages: [PageLayout(page: 1, systems: [SystemLayout(top: .nan, bottom: .infinity)])])
        let data = layout.jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains(#""nan""#))
        #expect(throws: LayoutError.self) { try ScoreLayout(json: data) }
    }

    @Test func prettyOutputIsIndented() throws {
        let layout = try ScoreLayout(json: Data(Self.designExample.utf8))
        let expected = """
        {
          "pages": [
            {
              "page": 1,
              "systems": [
                {
                  "top": 60.0,
                  "bottom": 210.5,
                  "bars": [
                    {
                      "number": "1",
                      "left": 72.0,
                      "right": 190.0
                    }
                  ]
                }
              ]
            }
          ]
        }
        """
        #expect(layout.jsonText(pretty: true) == expected)
    }

    @Test func codableMatchesTheWriter() throws {
        // Other modules embed the layout through Codable; key order may differ, content may not.
        let layout = Fixtures.score
        let viaCodable = try JSONDecoder().decode(ScoreLayout.self, from: JSONEncoder().encode(layout))
        #expect(viaCodable == layout)
        #expect(try JSONDecoder().decode(ScoreLayout.self, from: layout.jsonData()) == layout)
    }

    @Test func positionJSON() throws {
        let position = ScorePosition(page: 1, x: 80, y: 120.5)
        #expect(position.jsonText == #"{"page":1,"x":80.0,"y":120.5}"#)
        let back = try JSONDecoder().decode(ScorePosition.self, from: Data(#"{"page":1,"x":80.0,"y":120.5}"#.utf8))
        #expect(back == position)
        #expect(try JSONDecoder().decode(ScorePosition.self, from: JSONEncoder().encode(position)) == position)
    }
}
