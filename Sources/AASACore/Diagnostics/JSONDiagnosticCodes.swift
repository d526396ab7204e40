// The findings of the JSON reader, shared by every JSON format (association files, assetlinks
// lists, route configs). They keep the `AASA0xx` numbers they were published with; append new
// codes, never renumber or reuse.
extension DiagnosticCode {
  /// The findings of the JSON reader, which every JSON format shares.
  public enum JSON {
    // MARK: The file and its JSON (AASA0xx)

    public static let invalidJSON = DiagnosticCode(
      "AASA001", .error, "invalid JSON", help: "fix the JSON syntax at the position shown")
    public static let trailingComma = DiagnosticCode(
      "AASA002", .error, "trailing comma",
      help: "remove the comma: JSON allows no comma before `]` or `}`")
    public static let missingComma = DiagnosticCode(
      "AASA003", .error, "missing comma", help: "add a `,` between the two values")
    public static let typographicQuote = DiagnosticCode(
      "AASA004", .error, "typographic quote",
      help: "replace curly quotes (“ ” ‘ ’) with straight double quotes (\")")
    public static let byteOrderMark = DiagnosticCode(
      "AASA005", .error, "byte order mark",
      help: "save the file as UTF-8 without a byte order mark")
    public static let controlCharacter = DiagnosticCode(
      "AASA006", .error, "control character in string",
      help: "escape it (`\\n`, `\\t`, `\\u0000`) or remove it")
    public static let duplicateKey = DiagnosticCode(
      "AASA008", .warning, "duplicate key",
      help: "remove one of them: only the last is used")
    public static let comment = DiagnosticCode(
      "AASA009", .error, "comment in JSON",
      help: "JSON has no comments: remove it, or use a component's \"comment\" key")
    public static let singleQuotedString = DiagnosticCode(
      "AASA010", .error, "single-quoted string", help: "use double quotes")
    public static let emptyFile = DiagnosticCode(
      "AASA011", .error, "empty file", help: "the file must hold a JSON object")
    public static let invalidUTF8 = DiagnosticCode(
      "AASA012", .error, "invalid UTF-8", help: "save the file as UTF-8")
    public static let invalidEscape = DiagnosticCode(
      "AASA013", .error, "invalid escape in string",
      help: "use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    public static let invalidNumber = DiagnosticCode(
      "AASA014", .error, "invalid number", help: "write the number as plain JSON")
    public static let nestingTooDeep = DiagnosticCode(
      "AASA015", .error, "nesting too deep",
      help: "these files need a few levels of nesting: remove the extra brackets")
    public static let tooManySlips = DiagnosticCode(
      "AASA016", .error, "too many findings to list",
      help: "fix the findings listed first (they often share one cause), then lint again")

    public static let fileTooLarge = DiagnosticCode(
      "AASA007", .error, "file over 128 KB",
      help: "Apple reads at most 131,072 bytes: merge rules with wildcards or `defaults`")
  }

  /// The reader's codes and the size limit every well-known file shares, in number order.
  public static let jsonCatalog: [DiagnosticCode] = [
    JSON.invalidJSON, JSON.trailingComma, JSON.missingComma, JSON.typographicQuote,
    JSON.byteOrderMark, JSON.controlCharacter,
    JSON.fileTooLarge, JSON.duplicateKey, JSON.comment, JSON.singleQuotedString, JSON.emptyFile,
    JSON.invalidUTF8, JSON.invalidEscape,
    JSON.invalidNumber, JSON.nestingTooDeep, JSON.tooManySlips,
  ]
}
