import AASACore
import TestSupport
import Testing

/// Values read from valid JSON, and the line:column each one starts at.
@Suite("JSON reader: values and positions")
struct JSONReaderValueTests {
  @Test("every kind of value is read, with its 1-based line and column")
  func valuesAndLocations() throws {
    let text = """
      {
        "name": "photos",
        "list": [1, -2.5e3, true, false, null],
        "nested": {"k": "v"}
      }
      """
    let result = readJSONText(text)
    #expect(result.diagnostics.isEmpty)
    let root = try #require(result.value)
    #expect(position(root.location) == "1:1")
    #expect(root.location.offset == 0)
    let members = try #require(root.members)
    #expect(members.map(\.key) == ["name", "list", "nested"])
    #expect(members.map { position($0.keyLocation) } == ["2:3", "3:3", "4:3"])

    let name = try #require(root["name"])
    #expect(name.string == "photos")
    #expect(position(name.location) == "2:11")

    let list = try #require(root["list"])
    #expect(position(list.location) == "3:11")
    let elements = try #require(list.elements)
    #expect(elements.count == 5)
    #expect(elements[0].numberText == "1")
    #expect(elements[1].numberText == "-2.5e3")
    #expect(elements[2].bool == true)
    #expect(elements[3].bool == false)
    #expect(elements[4].isNull)
    #expect(elements.map { position($0.location) } == ["3:12", "3:15", "3:23", "3:29", "3:36"])

    let nested = try #require(root["nested"])
    #expect(position(nested.location) == "4:13")
    #expect(nested["k"]?.string == "v")
    #expect(position(try #require(nested["k"]).location) == "4:19")
  }

  @Test("columns count Unicode scalars, not bytes; offsets count bytes")
  func columnsCountScalars() throws {
    // é and ü are two bytes each, 💡 four: the `1` is column 27 but byte offset 31.
    let result = readJSONText(#"{"é": "ü", "k": "💡", "z": 1}"#)
    #expect(result.diagnostics.isEmpty)
    let root = try #require(result.value)
    let members = try #require(root.members)
    #expect(members.map { position($0.keyLocation) } == ["1:2", "1:12", "1:22"])
    #expect(root["é"]?.string == "ü")
    #expect(position(try #require(root["k"]).location) == "1:17")
    let z = try #require(root["z"])
    #expect(position(z.location) == "1:27")
    #expect(z.location.offset == 31)
  }

  @Test("a combining accent is a scalar of its own")
  func combiningScalar() throws {
    // "e\u{301}" is one character but two scalars, so the value after it starts one column later.
    let result = readJSONText("[\"e\u{301}\", 2]")
    let value = try #require(result.value)
    #expect(value[0]?.string == "e\u{301}")
    #expect(position(try #require(value[1]).location) == "1:8")
  }

  @Test("lines are counted across LF and CRLF line ends")
  func lineEnds() throws {
    let result = readJSONText("{\r\n  \"a\": 1,\r\n\r\n  \"b\": [\n    true\n  ]\r\n}\r\n")
    #expect(result.diagnostics.isEmpty)
    let root = try #require(result.value)
    #expect(position(try #require(root["a"]).location) == "2:8")
    #expect(position(try #require(root.members?[1]).keyLocation) == "4:3")
    #expect(position(try #require(root["b"]?[0]).location) == "5:5")
  }

  @Test("every escape decodes, surrogate pairs included")
  func escapes() throws {
    let result = readJSONText(#"["a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\udca1\u0041"]"#)
    #expect(result.diagnostics.isEmpty)
    let string = try #require(result.value?[0]?.string)
    #expect(string == "a\"b\\c/d\u{08}\u{0C}\n\r\t\u{E9}\u{1F4A1}A")
  }

  @Test("numbers are kept as written")
  func numbersAsWritten() throws {
    let result = readJSONText("[1.0, 0, -0, 1E+2, 0.5e-3, 12345678901234567890]")
    #expect(result.diagnostics.isEmpty)
    let elements = try #require(result.value?.elements)
    #expect(
      elements.compactMap(\.numberText) == [
        "1.0", "0", "-0", "1E+2", "0.5e-3", "12345678901234567890",
      ])
  }

  @Test("a duplicate key is kept in order, the last one wins, and it is reported at the second key")
  func duplicateKeys() throws {
    let text = """
      {"applinks": {"details": [], "details": [1]}}
      """
    let result = readJSONText(text)
    let duplicates = result.findings(.JSON.duplicateKey)
    #expect(duplicates.count == 1)
    #expect(position(try #require(duplicates.first).location) == "1:30")
    #expect(duplicates.first?.path == "applinks.details")
    #expect(duplicates.first?.severity == .warning)
    let appLinks = try #require(result.value?["applinks"])
    #expect(appLinks.members?.count == 2)
    #expect(appLinks["details"]?.elements?.count == 1)
  }

  @Test("empty containers and top-level scalars")
  func emptyContainersAndScalars() throws {
    #expect(readJSONText("{}").value?.members?.isEmpty == true)
    #expect(readJSONText("[]").value?.elements?.isEmpty == true)
    #expect(readJSONText("\"x\"").value?.string == "x")
    #expect(readJSONText("  42  ").value?.numberText == "42")
    #expect(position(try #require(readJSONText("\n\n   null").value).location) == "3:4")
    for text in ["{}", "[]", "\"x\"", "42", "true", "null"] {
      #expect(readJSONText(text).diagnostics.isEmpty, "\(text)")
    }
  }

  @Test("compact text reproduces the value in file order")
  func compactText() throws {
    let result = readJSONText(
      """
      { "/" : "/a/*",
        "?": {"q": "\\u0001\\"x"},  "exclude" : true, "n": 1.50, "z": null, "l": [ ] }
      """)
    #expect(result.diagnostics.isEmpty)
    let value = try #require(result.value)
    #expect(
      value.compactText
        == #"{"/":"/a/*","?":{"q":"\u0001\"x"},"exclude":true,"n":1.50,"z":null,"l":[]}"#)
  }

  @Test("reading bytes and reading a string agree")
  func bytesAndString() {
    let text = #"{"a": ["é", 1]}"#
    #expect(readJSONBytes(Array(text.utf8)).value == readJSONText(text).value)
  }

  /// Fuzz finding F6 (target `response-judge`, whose slow-input list had a 128 KB body of such a
  /// string): each escape appended the text before it with
  /// `String.UnicodeScalarView.append(contentsOf:)`, which copies the whole string, so a valid
  /// string of escapes was quadratic: 128 KB took 0.29 s, 512 KB 5.5 s and 2 MiB 128 s in the
  /// `json-lint` target's optimized build. Now its bytes are gathered and decoded once.
  @Test func aLongStringOfEscapesIsReadInLinearTime() throws {
    let count = 250_000
    let text = "[\"" + String(repeating: "ab\\n", count: count) + "\"]"
    var result: JSONReader.Result?
    let elapsed = ContinuousClock().measure { result = readJSONText(text) }
    #expect(result?.diagnostics.isEmpty == true)
    let string = try #require(result?.value?[0]?.string)
    #expect(string.utf8.count == 3 * count)
    #expect(string.hasPrefix("ab\nab\n"))
    // Only against a blow-up: 750 KB of escapes, quadratic, took tens of seconds optimized (512
    // KB took 5.5 s) and far longer in a debug build; linear, milliseconds.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test func escapesAndTextKeepTheirOrder() throws {
    let result = readJSONText(#"["é\u00e9\n\"x\\y\u0041\/z😀\ud83d\ude00"]"#)
    #expect(result.diagnostics.isEmpty)
    #expect(result.value?[0]?.string == "éé\n\"x\\yA/z😀😀")
  }
}
