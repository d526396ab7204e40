import AASACore
import Foundation
import Testing

@Suite("The one JSON writer")
struct JSONOutputTests {
  struct Sample: Encodable {
    var zeta = "last"
    var alpha = "first"
    var empty: [Int] = []
    var nothing: [String: Int] = [:]
    var text: String
  }

  @Test("keys are sorted and empty containers stay on one line")
  func layout() {
    let text = JSONOutput.encode(Sample(text: "x"))
    #expect(text.contains(#""empty" : [],"#))
    #expect(text.contains(#""nothing" : {},"#))
    let alpha = text.range(of: "alpha")!.lowerBound
    let zeta = text.range(of: "zeta")!.lowerBound
    #expect(alpha < zeta)
  }

  @Test("brackets inside strings are text, never folded")
  func bracketsInStrings() throws {
    for value in ["[ ]", "{ }", "[\n]", "a[  ]b"] {
      let text = JSONOutput.encode(Sample(text: value))
      let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(decoded?["text"] as? String == value)
    }
  }

  @Test("control characters, DEL and bidi overrides never reach the output raw")
  func controlCharacters() throws {
    let hostile = "a\u{1B}[31mred\u{07}\u{00}\r\u{7F}\u{202E}"
    for layout in [JSONOutput.Layout.document, .line] {
      let text = JSONOutput.encode(Sample(text: hostile), layout: layout)
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(!text.unicodeScalars.contains { $0.value == 0x7F })
      let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(decoded?["text"] as? String == hostile)
    }
    #expect(!JSONOutput.encode(Sample(text: hostile), layout: .line).contains("\n"))
  }

  @Test("a value read from a file is written back as the same JSON")
  func jsonValueRoundTrip() throws {
    let source = #"{"/": "/albums/*", "n": 3, "f": 1.5, "b": true, "z": null, "a": [1, "two"]}"#
    let value = try #require(JSONReader.read(source).value)
    let text = JSONOutput.encode(value, layout: .line)
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
    let expected = try JSONSerialization.jsonObject(with: Data(source.utf8)) as? NSDictionary
    #expect(decoded == expected)
  }
}
