import AASACore
import Testing

/// Mistakes the reader reports and reads past: each finding names the offending character, and
/// the value is still read.
@Suite("JSON reader: recoveries")
struct JSONReaderRecoveryTests {
  @Test("a trailing comma in an array is reported at the comma")
  func trailingCommaInArray() throws {
    let result = readJSONText(#"{"applinks": {"details": [1, 2,]}}"#)
    #expect(result.codes == ["AASA002"])
    let finding = try #require(result.diagnostics.first)
    #expect(position(finding.location) == "1:31")
    #expect(finding.location.offset == 30)
    #expect(finding.path == "applinks.details")
    #expect(finding.severity == .error)
    #expect(
      result.value?["applinks"]?["details"]?.elements?.compactMap(\.numberText) == ["1", "2"])
  }

  @Test("a trailing comma in an object, on its own line, is reported at the comma")
  func trailingCommaInObject() throws {
    let text = """
      {
        "applinks": {
          "apps": [],
        },
        "webcredentials": {"apps": []}
      }
      """
    let result = readJSONText(text)
    #expect(result.codes == ["AASA002"])
    #expect(position(result.diagnostics[0].location) == "3:15")
    #expect(result.diagnostics[0].path == "applinks")
    #expect(result.value?["webcredentials"]?["apps"]?.elements?.isEmpty == true)
  }

  @Test("a missing comma between array elements is reported right after the first element")
  func missingCommaInArray() throws {
    let result = readJSONText(#"["/a/*" "/b/*", "/c/*"]"#)
    #expect(result.codes == ["AASA003"])
    #expect(position(result.diagnostics[0].location) == "1:8")
    #expect(result.value?.elements?.compactMap(\.string) == ["/a/*", "/b/*", "/c/*"])
  }

  @Test("a missing comma between members on separate lines points at the end of the first")
  func missingCommaInObject() throws {
    let text = """
      {
        "appID": "D3KQX62K1A.com.example.app"
        "paths": ["/a/*"]
      }
      """
    let result = readJSONText(text)
    #expect(result.codes == ["AASA003"])
    #expect(position(result.diagnostics[0].location) == "2:40")
    #expect(result.diagnostics[0].path == "")
    #expect(result.value?["paths"]?[0]?.string == "/a/*")
    #expect(result.value?["appID"]?.string == "D3KQX62K1A.com.example.app")
  }

  @Test("typographic quotes delimit strings, once reported per string at the opening quote")
  func typographicQuotes() throws {
    let result = readJSONText("{\u{201C}applinks\u{201D}: {\"apps\": [\u{2018}x\u{2019}]}}")
    #expect(result.codes == ["AASA004", "AASA004"])
    #expect(result.diagnostics.map { position($0.location) } == ["1:2", "1:24"])
    #expect(result.diagnostics[1].path == "applinks.apps[0]")
    let apps = try #require(result.value?["applinks"]?["apps"])
    #expect(apps[0]?.string == "x")
    // Columns count the three-byte quotes as one: the array starts at column 23.
    #expect(position(apps.location) == "1:23")
  }

  @Test("single-quoted keys and values are reported and read")
  func singleQuotes() throws {
    let result = readJSONText("{'appID': 'A.b', \"x\": \"it's\"}")
    #expect(result.codes == ["AASA010", "AASA010"])
    #expect(result.diagnostics.map { position($0.location) } == ["1:2", "1:11"])
    #expect(result.value?["appID"]?.string == "A.b")
    #expect(result.value?["x"]?.string == "it's")
  }

  @Test("line and block comments are reported where they start and skipped")
  func comments() throws {
    let text = """
      {
        // the apps
        "applinks": /* none yet */ {},
        "a": 1 /* multi
        line */
      }
      """
    let result = readJSONText(text)
    #expect(result.codes == ["AASA009", "AASA009", "AASA009"])
    #expect(result.diagnostics.map { position($0.location) } == ["2:3", "3:15", "4:10"])
    #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    #expect(result.value?["applinks"]?.members?.isEmpty == true)
    #expect(result.value?["a"]?.numberText == "1")
  }

  @Test("a byte order mark is reported at 1:1 and the content after it is column 1")
  func byteOrderMark() throws {
    let result = readJSONBytes([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
    #expect(result.codes == ["AASA005"])
    #expect(position(result.diagnostics[0].location) == "1:1")
    let value = try #require(result.value)
    #expect(value["a"]?.numberText == "1")
    #expect(value.location.offset == 3)
    #expect(position(value.location) == "1:1")
  }

  @Test("a raw control character in a string is reported at the character and kept")
  func rawControlCharacter() throws {
    let result = readJSONText("{\"comment\": \"a\tb\u{01}\"}")
    #expect(result.codes == ["AASA006", "AASA006"])
    #expect(result.diagnostics.map { position($0.location) } == ["1:15", "1:17"])
    #expect(result.diagnostics[0].path == "comment")
    #expect(result.diagnostics[0].message.contains("U+0009"))
    #expect(result.value?["comment"]?.string == "a\tb\u{01}")
  }

  @Test("a non-breaking space between tokens is reported with a hint")
  func nonBreakingSpace() throws {
    let result = readJSONText("{\"a\":\u{A0}1}")
    #expect(result.codes == ["AASA006"])
    #expect(position(result.diagnostics[0].location) == "1:6")
    #expect(result.diagnostics[0].help.contains("plain space"))
    #expect(result.value?["a"]?.numberText == "1")
  }

  @Test(
    "an invalid escape is reported at its backslash",
    arguments: [
      (#"["a\qb"]"#, "1:4", "aqb"),
      (#"["\x41"]"#, "1:3", "x41"),
      (#"["ab\u12"]"#, "1:5", "ab12"),
      (#"["\uZZZZ!"]"#, "1:3", "ZZZZ!"),
    ])
  func invalidEscape(text: String, at expected: String, decoded: String) throws {
    let result = readJSONText(text)
    #expect(result.codes == ["AASA013"])
    #expect(position(try #require(result.diagnostics.first).location) == expected)
    #expect(result.value?[0]?.string == decoded)
  }

  @Test(
    "half a surrogate pair is reported at its escape and becomes U+FFFD",
    arguments: [
      (#"["x\ud83d"]"#, "1:4", "x\u{FFFD}"),
      (#"["\udca1y"]"#, "1:3", "\u{FFFD}y"),
      (#"["\ud83d\u0041"]"#, "1:3", "\u{FFFD}A"),
      (#"["\ud83d\ud83d\udca1"]"#, "1:3", "\u{FFFD}\u{1F4A1}"),
    ])
  func loneSurrogate(text: String, at expected: String, decoded: String) throws {
    let result = readJSONText(text)
    #expect(result.codes == ["AASA013"])
    #expect(position(try #require(result.diagnostics.first).location) == expected)
    #expect(result.value?[0]?.string == decoded)
  }

  @Test(
    "an invalid number is reported where it starts and kept as written",
    arguments: ["01", "1.", ".5", "+1", "-", "1e", "1e+", "--1", "1.2.3", "-01"])
  func invalidNumber(number: String) throws {
    let result = readJSONText("[true, \(number)]")
    #expect(result.codes == ["AASA014"], "\(number)")
    #expect(position(try #require(result.diagnostics.first).location) == "1:8")
    #expect(result.value?[1]?.numberText == number)
  }

  @Test("invalid UTF-8 is reported at the offending byte")
  func invalidUTF8() throws {
    // `{"é": "` is 7 scalars (8 bytes); the stray 0xFF is the eighth scalar position.
    let bytes = Array(#"{"é": ""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    let result = readJSONBytes(bytes)
    #expect(result.codes == ["AASA012"])
    let finding = try #require(result.diagnostics.first)
    #expect(position(finding.location) == "1:8")
    #expect(finding.location.offset == 8)
    #expect(finding.message.contains("0xFF"))
    #expect(result.value == nil)
  }

  @Test("a multi-byte sequence cut short on a later line is found at its first byte")
  func truncatedSequence() throws {
    let bytes = Array("{\n  \"a\": \"".utf8) + [0xE2, 0x80] + Array("\"}".utf8)
    let result = readJSONBytes(bytes)
    #expect(result.codes == ["AASA012"])
    #expect(position(try #require(result.diagnostics.first).location) == "2:9")
  }

  @Test(
    "an empty file is reported where the text ends",
    arguments: [("", "1:1"), ("  \n  ", "2:3"), ("\n\n", "3:1")])
  func emptyFile(text: String, at expected: String) throws {
    let result = readJSONText(text)
    #expect(result.codes == ["AASA011"])
    #expect(position(try #require(result.diagnostics.first).location) == expected)
    #expect(result.value == nil)
  }

  @Test("a file holding only a comment is a comment and an empty file")
  func onlyComment() {
    let result = readJSONText("// nothing here\n")
    #expect(result.codes == ["AASA009", "AASA011"])
    #expect(result.diagnostics.map { position($0.location) } == ["1:1", "2:1"])
  }

  @Test("one slip never hides the next: several recoveries in one file are all reported")
  func severalRecoveries() throws {
    let text = """
      {
        'applinks': {
          "details": [
            {"appID": “D3KQX62K1A.com.example.app” "paths": ["/a/*",]},
          ],
        }
      }
      """
    let result = readJSONText(text)
    #expect(result.codes == ["AASA010", "AASA004", "AASA003", "AASA002", "AASA002", "AASA002"])
    #expect(
      result.diagnostics.map { position($0.location) }
        == ["2:3", "4:17", "4:45", "4:62", "4:65", "5:6"])
    let detail = try #require(result.value?["applinks"]?["details"]?[0])
    #expect(detail["appID"]?.string == "D3KQX62K1A.com.example.app")
    #expect(detail["paths"]?[0]?.string == "/a/*")
  }
}
