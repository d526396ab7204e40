import AASACore
import Foundation
import Testing

@Suite("Control characters are shown, never acted on")
struct ControlCharacterEscapingTests {
  @Test("C0, DEL, C1 and bidirectional controls are escaped; other text is unchanged")
  func escapes() {
    #expect("a\u{1B}[31mb".escapingControlCharacters == #"a\u{1B}[31mb"#)
    #expect(
      "\u{07}\r\n\t\u{00}\u{7F}".escapingControlCharacters == #"\u{7}\u{D}\u{A}\u{9}\u{0}\u{7F}"#)
    #expect("\u{9B}x".escapingControlCharacters == #"\u{9B}x"#)
    for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
      let text = String(Unicode.Scalar(UInt32(scalar))!)
      #expect(
        text.escapingControlCharacters == "\\u{\(String(scalar, radix: 16, uppercase: true))}")
    }
    for plain in ["café/ü", "日本語", "emoji 🎉", "→ — …", ""] {
      #expect(plain.escapingControlCharacters == plain)
    }
  }

  /// Some log viewers and JavaScript break lines at U+2028 and U+2029: a path or User-Agent
  /// holding one must not start a line of its own there.
  @Test("the line and paragraph separators are escaped, in text and in JSON")
  func lineSeparators() {
    #expect("a\u{2028}b\u{2029}c".escapingControlCharacters == #"a\u{2028}b\u{2029}c"#)
    #expect(JSONOutput.encode(["k": "a\u{2028}b"], layout: .line) == #"{"k":"a\u2028b"}"#)
    #expect(JSONValue.quoted("\u{2029}") == #""\u2029""#)
  }

  @Test("a message of several lines keeps its line feeds and escapes the rest")
  func byLine() {
    #expect(
      "error: x\u{1B}[31m\r\nusage: a\tb\n".escapingControlCharactersByLine
        == "error: x\\u{1B}[31m\\u{D}\nusage: a\\u{9}b\n")
    #expect("one\n\ntwo".escapingControlCharactersByLine == "one\n\ntwo")
    #expect("\u{202E}".escapingControlCharactersByLine == #"\u{202E}"#)
  }

  @Test("JSON output escapes what the encoder would write raw")
  func json() throws {
    let text = JSONOutput.encode(["k": "a\u{1B}b\u{7F}c\u{9B}d\u{202E}e"], layout: .line)
    #expect(text == #"{"k":"a\u001bb\u007fc\u009bd\u202ee"}"#)
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded?["k"] == "a\u{1B}b\u{7F}c\u{9B}d\u{202E}e")
    #expect(JSONValue.quoted("x\u{202E}") == #""x\u202e""#)
  }
}
