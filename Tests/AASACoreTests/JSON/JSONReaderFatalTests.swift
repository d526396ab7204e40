import AASACore
import TestSupport
import Testing

/// Mistakes the reader cannot read past: one AASA001 at the offending character, with a hint, and
/// no value.
@Suite("JSON reader: fatal errors")
struct JSONReaderFatalTests {
  struct FatalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    /// `line:column` of the offending character.
    var at: String
    /// Words the message must contain.
    var message: String
    /// Words the help must contain; nil when the generic help is expected.
    var help: String?
    /// Dotted path of the container the error is in.
    var path: String

    var testDescription: String { name }
  }

  static let cases: [FatalCase] = [
    FatalCase(
      name: "truncated array", text: #"{"applinks": {"details": ["#, at: "1:27",
      message: "the array opened at 1:26 is not closed", help: "add the missing `]`",
      path: "applinks.details"),
    FatalCase(
      name: "truncated object", text: "{\n  \"applinks\": {\n", at: "3:1",
      message: "the object opened at 2:15 is not closed", help: "add the missing `}`",
      path: "applinks"),
    FatalCase(
      name: "truncated string", text: #"{"appID": "D3KQX"#, at: "1:17",
      message: "the string opened at 1:11 is not closed", help: "closing", path: "appID"),
    FatalCase(
      name: "string broken by a line end", text: "[\"/a/*\n\"]", at: "1:7",
      message: "not closed before the end of the line", help: "\\n", path: "[0]"),
    FatalCase(
      name: "truncated after a colon", text: #"{"a": "#, at: "1:7",
      message: "unexpected end of file: a value was expected", help: "complete the JSON value",
      path: "a"),
    FatalCase(
      name: "unclosed block comment", text: "{} /* never closed", at: "1:19",
      message: "the comment opened at 1:4 is not closed", help: "`*/`", path: ""),
    FatalCase(
      name: "garbage where a value belongs", text: #"{"a": @}"#, at: "1:7",
      message: "unexpected `@` where a value was expected", help: nil, path: "a"),
    FatalCase(
      name: "garbage after the value", text: "{}\n  x", at: "2:3",
      message: "unexpected `x` after the end of the JSON value", help: "exactly one JSON value",
      path: ""),
    FatalCase(
      name: "a second value", text: "{} {}", at: "1:4",
      message: "after the end of the JSON value", help: "exactly one JSON value", path: ""),
    FatalCase(
      name: "unquoted key", text: "{\n  applinks: {}\n}", at: "2:3",
      message: "object keys must be quoted strings, found `a`",
      help: "put the key in double quotes",
      path: ""),
    FatalCase(
      name: "True", text: #"{"exclude": True}"#, at: "1:13",
      message: "unexpected word `True`", help: "JSON literals are lower case: true",
      path: "exclude"),
    FatalCase(
      name: "NULL", text: #"[NULL]"#, at: "1:2", message: "unexpected word `NULL`",
      help: "JSON literals are lower case: null", path: "[0]"),
    FatalCase(
      name: "a bare word", text: #"{"/": yes}"#, at: "1:7", message: "unexpected word `yes`",
      help: #"put text in double quotes: "yes""#, path: "/"),
    FatalCase(
      name: "missing colon", text: #"{"a" 1}"#, at: "1:6",
      message: #"expected `:` after the key "a", found `1`"#, help: nil, path: ""),
    FatalCase(
      name: "a number where a key belongs", text: #"{1: 2}"#, at: "1:2",
      message: "expected a quoted key or `}`, found `1`", help: nil, path: ""),
    FatalCase(
      name: "two members without a comma, the second unquoted", text: #"{"a": 1 b: 2}"#,
      at: "1:9", message: "expected `,` or `}` after the member, found `b`", help: nil, path: ""),
    FatalCase(
      name: "a stray colon in an array", text: #"["a": 1]"#, at: "1:5",
      message: "expected `,` or `]` after the element, found `:`", help: nil, path: ""),
    FatalCase(
      name: "a closing bracket of the wrong kind", text: #"{"a": [1}"#, at: "1:9",
      message: "expected `,` or `]` after the element, found `}`", help: nil, path: "a"),
  ]

  @Test("a fatal error is reported once, at the offending character, with a hint", arguments: cases)
  func fatal(_ fatal: FatalCase) throws {
    let result = readJSONText(fatal.text)
    #expect(result.value == nil)
    let errors = result.findings(.JSON.invalidJSON)
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    #expect(position(error.location) == fatal.at)
    #expect(error.severity == .error)
    #expect(error.message.contains(fatal.message), "\(error.message)")
    #expect(
      error.help.contains(fatal.help ?? DiagnosticCode.JSON.invalidJSON.help), "\(error.help)")
    #expect(error.path == fatal.path)
  }

  @Test("recoveries found before a fatal error are kept")
  func recoveriesBeforeFatal() {
    let result = readJSONText("{'a': [1,],\n \"b\": tru")
    #expect(result.codes == ["AASA010", "AASA002", "AASA001"])
    #expect(result.diagnostics.map { position($0.location) } == ["1:2", "1:9", "2:7"])
    #expect(result.value == nil)
  }

  @Test("a truncated file from the examples is reported at its end")
  func truncatedExample() throws {
    let bytes = try readPackageFile("examples/broken/truncated.json")
    let result = readJSONBytes(bytes)
    #expect(result.value == nil)
    let error = try #require(result.findings(.JSON.invalidJSON).first)
    #expect(error.message.contains("unexpected end of file"))
    // The end of the text: one line more than it has line feeds, at the end of the bytes.
    #expect(error.location.line == bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1)
    #expect(error.location.offset == bytes.count)
  }
}
