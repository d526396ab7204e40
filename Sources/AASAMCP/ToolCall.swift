import AASALint
import AASAValidator
import MCP

/// One `tools/call`, answered as the command line would: the arguments are checked against the
/// tool's, handed to the validator's API as the body its endpoint reads (``AgentAnswers``), and
/// the document it returns is the structured content, with a line saying how it ended and the
/// document again as text (for clients that show only text).
///
/// How each outcome is answered (MCP 2025-11-25, "Error Handling"):
/// - a report, passed or failed: `isError` false, the document as structured content; a failed
///   check is an answer, not an error;
/// - arguments that are wrong, a refused fetch, a site that cannot be reached before a report
///   exists: `isError` true, the words and the fix as text, `{"error": {code, message, help}}`
///   as structured content (what the validator's API answers);
/// - an unknown tool: a JSON-RPC error (invalid params), from ``AgentServer``.
struct ToolCall {
  let tool: AgentTool
  let answers: AgentAnswers

  func result(_ arguments: [String: Value]) async -> CallTool.Result {
    do {
      try ArgumentCheck(tool: tool).check(arguments)
    } catch {
      return Self.refusal(code: "bad-argument", message: error.message, help: help)
    }
    guard let endpoint = tool.endpoint else { return generated(arguments) }
    var arguments = arguments
    // `aasa-lint check` reads Apple's CDN copy unless --no-cdn; the API only when asked.
    if tool.arguments.contains(where: { $0.name == "cdn" }), arguments["cdn"] == nil {
      arguments["cdn"] = true
    }
    switch await answers.answer(endpoint, body: JSONValues.body(arguments)) {
    case .document(let json, let exitStatus):
      return Self.document(json, exitStatus: exitStatus, tool: tool)
    case .refused(let code, let message, let help):
      return Self.refusal(code: code, message: message, help: Self.worded(help))
    }
  }

  private var help: String {
    "\(tool.name) takes \(tool.arguments.map { $0.required ? "\($0.name) (required)" : $0.name }.joined(separator: ", ")); tools/list gives each one's schema"
  }

  /// The API's help names its own page where it means the inputs.
  private static func worded(_ help: String) -> String {
    [
      ("see GET /api/v1/about for the inputs", "see the tool's input schema"),
      ("GET /api/v1/about lists the limits", "docs/mcp.md lists the limits"),
      (
        "docs/validator.md lists each endpoint's fields",
        "the tool's input schema lists its arguments"
      ),
    ].reduce(help) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
  }

  /// `aasa-lint new KIND …`: the file is the output, as the command line prints it.
  private func generated(_ arguments: [String: Value]) -> CallTool.Result {
    guard let kindText = arguments["kind"]?.stringValue, let kind = NewRun.Kind(rawValue: kindText)
    else {
      return Self.refusal(code: "bad-argument", message: "kind is missing", help: help)
    }
    func strings(_ name: String) -> [String] {
      arguments[name]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
    var run = NewRun(kind: kind)
    run.app = arguments["app"]?.stringValue
    run.paths = strings("paths")
    run.excludes = strings("excludes")
    run.package = arguments["package"]?.stringValue
    run.fingerprints = strings("fingerprints")
    run.host = arguments["host"]?.stringValue
    run.domains = strings("domains")
    run.developerMode = arguments["developer"]?.boolValue ?? false
    do {
      let text = try run.generate()
      return CallTool.Result(
        content: [.text(text: text, annotations: nil, _meta: nil)],
        structuredContent: ["kind": .string(kind.rawValue), "text": .string(text)],
        isError: false)
    } catch {
      return Self.refusal(code: "not-generated", message: "\(error)", help: help)
    }
  }

  static func document(_ json: [UInt8], exitStatus: Int, tool: AgentTool) -> CallTool.Result {
    let text = String(decoding: json, as: UTF8.self)
    let outcome =
      switch exitStatus {
      case 0: "passed (the command line would exit 0)"
      case 1: "failed (the command line would exit 1): the document says what failed"
      default: "could not be judged (the command line would exit \(exitStatus))"
      }
    return CallTool.Result(
      content: [
        .text(text: "\(tool.name): \(outcome).", annotations: nil, _meta: nil),
        .text(text: text, annotations: nil, _meta: nil),
      ],
      structuredContent: JSONValues.value(ofDocument: json), isError: false)
  }

  static func refusal(code: String, message: String, help: String) -> CallTool.Result {
    CallTool.Result(
      content: [
        .text(
          text: help.isEmpty ? message : "\(message) (\(help))", annotations: nil, _meta: nil)
      ],
      structuredContent: [
        "error": ["code": .string(code), "message": .string(message), "help": .string(help)]
      ], isError: true)
  }
}
