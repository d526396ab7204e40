import Foundation
import TestSupport
import Testing

/// The Python MCP SDK (PyPI's `mcp`, 2.x) driving the built `aasa-lint mcp` over stdio, as an
/// agent's client does: `.ci/setup` makes its virtual environment, or the first test that needs
/// it does (`AASA_MCP_VENV` names another).
enum MCPClient {
  /// Where the client's virtual environment lives: kept between runs, outside the package.
  static var venv: String {
    ProcessInfo.processInfo.environment["AASA_MCP_VENV"]
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
        ".cache/aasa/mcp-venv"
      ).path
  }

  /// The venv's Python, made (once per test run) when it is not there.
  static func python() async throws -> String {
    try await made.value
  }

  private static let made = Task { () async throws -> String in
    let python = venv + "/bin/python3"
    if FileManager.default.isExecutableFile(atPath: python) {
      let check = try await ChildProcess.run(
        python, ["-c", "import mcp, importlib.metadata as m; print(m.version('mcp'))"])
      if check.status == 0, check.stdout.hasPrefix("2.") { return python }
    }
    let created = try await ChildProcess.run(
      ExecutableLookup.require("python3"), ["-m", "venv", venv], timeout: .seconds(120))
    try #require(created.status == 0, "python3 -m venv: \(created.stderr)")
    let installed = try await ChildProcess.run(
      venv + "/bin/pip", ["install", "--quiet", "mcp>=2,<3"], timeout: .seconds(600))
    try #require(installed.status == 0, "pip install mcp: \(installed.stderr)")
    return python
  }

  /// One session: `initialize`, `tools/list`, then each call in order. Each answer is
  /// `{"isError", "structured", "texts"}`, or `{"error": {"code", "message"}}` for a JSON-RPC
  /// error.
  static let sessionScript = #"""
    import asyncio, json, sys
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError

    plan = json.load(open(sys.argv[1]))

    async def main():
        params = StdioServerParameters(command=plan["command"], args=plan["args"])
        out = {"calls": []}
        async with stdio_client(params, errlog=open(plan["stderr"], "w")) as streams:
            async with ClientSession(*streams) as session:
                init = await session.initialize()
                out["server"] = init.server_info.name
                out["protocol"] = init.protocol_version
                listed = await session.list_tools()
                out["tools"] = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools]
                for call in plan["calls"]:
                    try:
                        result = await session.call_tool(call["tool"], call.get("arguments", {}))
                        out["calls"].append({
                            "isError": bool(result.is_error),
                            "structured": result.structured_content,
                            "texts": [c.text for c in result.content if c.type == "text"],
                        })
                    except MCPError as error:
                        out["calls"].append({"error": {"code": error.error.code, "message": error.error.message}})
        json.dump(out, sys.stdout)

    asyncio.run(main())
    """#

  /// Raw lines written to the server at once (no waiting for answers), its input then closed:
  /// every line it answers, its exit status and its peak resident memory (KiB).
  static let rawScript = #"""
    import json, resource, subprocess, sys
    plan = json.load(open(sys.argv[1]))
    with open(plan["input"], "rb") as source:
        process = subprocess.Popen([plan["command"]] + plan["args"], stdin=source,
                                   stdout=subprocess.PIPE, stderr=open(plan["stderr"], "wb"))
        out, _ = process.communicate(timeout=600)
    lines = out.decode("utf-8").splitlines()
    print(json.dumps({"status": process.returncode, "lines": lines,
                      "maxrss": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
    """#

  struct Session {
    var tools: [[String: Any]]
    var calls: [[String: Any]]
    var protocolVersion: String
    var stderr: String
  }

  /// Runs `aasa-lint mcp arguments` under the Python client through `calls` (tool, arguments).
  static func session(
    _ arguments: [String] = [], calls: [(tool: String, arguments: [String: Any])]
  ) async throws -> Session {
    let python = try await python()
    let directory = try TemporaryDirectory(label: "mcp-client")
    let script = try directory.write("session.py", sessionScript)
    let plan: [String: Any] = [
      "command": LintProcess.executable, "args": ["mcp"] + arguments,
      "stderr": directory.file("server.stderr"),
      "calls": calls.map { ["tool": $0.tool, "arguments": $0.arguments] },
    ]
    let planFile = try directory.write(
      "plan.json", try JSONSerialization.data(withJSONObject: plan))
    let run = try await ChildProcess.run(python, [script, planFile], timeout: .seconds(300))
    let stderr =
      (try? String(contentsOfFile: directory.file("server.stderr"), encoding: .utf8)) ?? ""
    try #require(run.status == 0, "the client failed: \(run.stderr)\nserver: \(stderr)")
    let out = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return Session(
      tools: out["tools"] as? [[String: Any]] ?? [], calls: out["calls"] as? [[String: Any]] ?? [],
      protocolVersion: out["protocol"] as? String ?? "", stderr: stderr)
  }

  struct Raw {
    var status: Int
    var lines: [String]
    var maximumResidentKiB: Int
    var stderr: String

    /// Each answered line as JSON.
    var messages: [[String: Any]] {
      lines.compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }
  }

  /// Writes `input` to `aasa-lint mcp` at once and closes it.
  static func raw(_ input: [UInt8], arguments: [String] = []) async throws -> Raw {
    let python = try await python()
    let directory = try TemporaryDirectory(label: "mcp-raw")
    let script = try directory.write("raw.py", rawScript)
    let inputFile = try directory.write("input", input)
    let plan: [String: Any] = [
      "command": LintProcess.executable, "args": ["mcp"] + arguments, "input": inputFile,
      "stderr": directory.file("server.stderr"),
    ]
    let planFile = try directory.write(
      "plan.json", try JSONSerialization.data(withJSONObject: plan))
    let run = try await ChildProcess.run(python, [script, planFile], timeout: .seconds(600))
    try #require(run.status == 0, "the raw client failed: \(run.stderr)")
    let out = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return Raw(
      status: out["status"] as? Int ?? -1, lines: out["lines"] as? [String] ?? [],
      maximumResidentKiB: out["maxrss"] as? Int ?? 0,
      stderr: (try? String(contentsOfFile: directory.file("server.stderr"), encoding: .utf8)) ?? "")
  }

  /// The JSON-RPC lines that open a session by hand: `initialize` and `initialized`.
  static let handshake = """
    {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}
    {"jsonrpc":"2.0","method":"notifications/initialized"}

    """

  /// A `tools/call` line.
  static func callLine(id: Int, tool: String, arguments: [String: Any]) throws -> String {
    let message: [String: Any] = [
      "jsonrpc": "2.0", "id": id, "method": "tools/call",
      "params": ["name": tool, "arguments": arguments],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
      + "\n"
  }

  /// JSON text parsed, for comparing documents whatever their key order or spacing.
  static func parsed(_ text: String) throws -> NSObject {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        as? NSObject)
  }

  /// A value of the client's answer as a comparable object.
  static func object(_ value: Any?) throws -> NSObject {
    let value = try #require(value)
    let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    return try parsed(String(decoding: data, as: UTF8.self))
  }
}
