import Foundation
import TestSupport
import Testing

/// Every `$ aasa-lint …` and `$ aasa-serve …` example in README.md and docs/*.md runs, and its
/// output must read as the doc shows it, so that a doc that drifts from the tools fails CI.
///
/// How a doc is read:
/// - In a fenced block, a line starting with `$ ` is a command (a line ending with `\` goes on to
///   the next); the lines up to the next command or the fence are what it prints (standard output
///   and standard error, as a terminal shows them).
/// - The commands of one doc run in order, with `bash`, in a scratch folder holding a copy of
///   `examples/` and with the built tools first on `PATH`, so files one example writes (a
///   `routes.tsv`, a certificate) serve the next.
/// - A line `...` in the output stands for any number of lines; `...` inside a line for any text.
///   Times, dates, day counts and the port of `localhost`/`127.0.0.1` are compared as
///   placeholders.
/// - A command with a comment `# not run by the doc test: REASON` is shown, not run, and neither
///   is the rest of its block: for the few that need a server the test cannot make.
/// - Commands for `https://localhost:8443` are run against the doc's own `aasa-serve` example,
///   started on a free port with the certificate the doc makes (the port is substituted).
@Suite("The docs' examples run as shown")
struct DocExampleTests {
  static let skipMarker = "# not run by the doc test"

  struct Example {
    var command: String
    var expected: [String]
    var line: Int
  }

  /// The examples of one markdown file, in order; a skipped one has `nil` output.
  static func examples(in text: String) -> [Example] {
    var examples: [Example] = []
    var inBlock = false
    var skipping = false
    /// Whether the last example was started in the block being read: output lines belong to it.
    var collecting = false
    let lines = text.components(separatedBy: "\n")
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("```") {
        inBlock.toggle()
        skipping = false
        collecting = false
        index += 1
        continue
      }
      guard inBlock, line.hasPrefix("$ "), !skipping else {
        if inBlock, !skipping, collecting, var last = examples.popLast() {
          last.expected.append(line)
          examples.append(last)
        }
        index += 1
        continue
      }
      let start = index + 1
      var command = String(line.dropFirst(2))
      while command.hasSuffix("\\"), index + 1 < lines.count {
        index += 1
        command =
          String(command.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
      }
      if command.contains(skipMarker) {
        skipping = true
      } else {
        examples.append(Example(command: command, expected: [], line: start))
        collecting = true
      }
      index += 1
    }
    return examples
  }

  /// Times, dates, day counts and loopback ports as placeholders; no trailing spaces.
  static func normalized(_ line: String) -> String {
    var text = line
    let rules: [(Regex<AnyRegexOutput>, String)] = [
      (try! Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#), "<time>"),
      (try! Regex(#"\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d \+0000)?"#), "<date>"),
      (try! Regex(#"\d+ days"#), "<n> days"),
      (try! Regex(#"(localhost|127\.0\.0\.1):\d{2,5}"#), "LOOPBACK:<port>"),
    ]
    for (pattern, replacement) in rules { text = text.replacing(pattern, with: replacement) }
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  /// Whether `actual` reads as `expected`, with `...` lines and in-line `...` as wildcards.
  static func matches(_ expected: [String], _ actual: [String]) -> Bool {
    func lineMatches(_ pattern: String, _ line: String) -> Bool {
      let parts = pattern.components(separatedBy: "...")
      guard parts.count > 1 else { return pattern == line }
      guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]),
        line.count >= parts[0].count + parts[parts.count - 1].count
      else { return false }
      var rest = line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
      for part in parts.dropFirst().dropLast() where !part.isEmpty {
        guard let found = rest.range(of: part) else { return false }
        rest = rest[found.upperBound...]
      }
      return true
    }
    // Backtracking over `...` lines; docs' outputs are short.
    func match(_ e: Int, _ a: Int) -> Bool {
      if e == expected.count { return a == actual.count }
      if expected[e].trimmingCharacters(in: .whitespaces).hasPrefix("...")
        && !expected[e].contains("...", after: 3)
      {
        for next in a...actual.count where match(e + 1, next) { return true }
        return false
      }
      guard a < actual.count, lineMatches(expected[e], actual[a]) else { return false }
      return match(e + 1, a + 1)
    }
    return match(0, 0)
  }

  static var documents: [String] {
    let root = BuiltProducts.packageRoot
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path))
      ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  @Test("every example of the docs prints what the doc shows", arguments: documents)
  func document(_ name: String) async throws {
    let text = String(decoding: try readPackageFile(name), as: UTF8.self)
    let examples = Self.examples(in: text)
    guard !examples.isEmpty else { return }
    let scratch = try TemporaryDirectory(label: "doc-examples")
    try FileManager.default.copyItem(
      at: BuiltProducts.packageRoot.appendingPathComponent("examples"),
      to: scratch.url.appendingPathComponent("examples"))
    let tools = URL(fileURLWithPath: BuiltProducts.executable("aasa-lint"))
      .deletingLastPathComponent().path
    let path = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    var server: (process: SpawnedProcess, port: Int, report: [String])?
    // Killed on the way out; SpawnedProcess reaps it as it goes away.
    defer { server?.process.kill() }
    let serverCommand = examples.first { $0.command.hasPrefix("aasa-serve ") }?.command
    for example in examples {
      var command = example.command
      if command.hasPrefix("aasa-serve ") || command.contains("localhost:8443"), server == nil {
        let serve = try #require(
          serverCommand, "\(name):\(example.line): no aasa-serve example to run it against")
        server = try await Self.startServer(serve, in: scratch, path: path)
      }
      if command.hasPrefix("aasa-serve "), let server {
        // A server runs until stopped: its start-up report is what the doc shows.
        #expect(
          Self.matches(
            example.expected.map(Self.normalized), server.report.map(Self.normalized)),
          "\(name):\(example.line): \(command)\nshown:\n\(example.expected.joined(separator: "\n"))\nprinted:\n\(server.report.joined(separator: "\n"))"
        )
        continue
      }
      if let server {
        command = command.replacing("localhost:8443", with: "localhost:\(server.port)")
      }
      let result = try await ChildProcess.run(
        // Both streams, as a terminal shows them; the command's own redirections apply first.
        "/bin/bash", ["-c", "{ " + command + "\n} 2>&1"],
        environment: ["PATH": path, "NO_COLOR": "1", "COLUMNS": "100"], in: scratch.url)
      var printed = result.stdout.components(separatedBy: "\n")
      if printed.last == "" { printed.removeLast() }
      var shown = example.expected
      while shown.last?.isEmpty == true { shown.removeLast() }
      #expect(
        Self.matches(shown.map(Self.normalized), printed.map(Self.normalized)),
        "\(name):\(example.line): \(command)\nshown:\n\(shown.joined(separator: "\n"))\nprinted:\n\(printed.joined(separator: "\n"))"
      )
    }
  }

  /// The guide moved out of the README is checked as strictly as the README itself.
  @Test("the README and the aasa-lint guide are among the docs whose examples run")
  func guideIsChecked() throws {
    #expect(Self.documents.contains("README.md"))
    #expect(Self.documents.contains("docs/aasa-lint.md"))
    let guide = String(decoding: try readPackageFile("docs/aasa-lint.md"), as: UTF8.self)
    #expect(Self.examples(in: guide).count >= 20)
  }

  @Test("the guide's Firebase recipe runs from a fresh clone: the doc test runs its commands")
  func firebaseRecipe() throws {
    let text = String(decoding: try readPackageFile("docs/aasa-lint.md"), as: UTF8.self)
    let start = try #require(text.range(of: "**Leaving Firebase Dynamic Links.**"))
    let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound
    let recipe = String(text[start.lowerBound..<(end ?? text.endIndex)])
    // Its steps are examples `document(_:)` runs and compares, not prose no one runs.
    let commands = Self.examples(in: recipe).map(\.command)
    #expect(commands.count >= 4, "\(commands)")
    // Every file a step reads (`--urls`, `--expect`, in a command or in the prose) is in the clone
    // or written by a step before it (`> FILE`, `-o FILE`).
    var written: Set<String> = []
    let word = /(>|-o|--urls|--expect) +([^\s`'"]+)/
    for match in recipe.matches(of: word) {
      let (flag, file) = (String(match.1), String(match.2))
      if flag == ">" || flag == "-o" {
        written.insert(file)
      } else {
        #expect(
          written.contains(file) || file.hasPrefix("examples/") || file == "-",
          "\(flag) \(file): no step writes it")
      }
    }
  }

  /// Starts the doc's `aasa-serve` command on a free port; its start-up report, up to the
  /// `try:` line, and the port.
  static func startServer(_ command: String, in scratch: TemporaryDirectory, path: String)
    async throws -> (process: SpawnedProcess, port: Int, report: [String])
  {
    let onFreePort = command.replacing(/--port \d+/, with: "--port 0")
    let log = scratch.file("aasa-serve.log")
    let process = try SpawnedProcess(
      "/bin/bash", ["-c", "exec " + onFreePort + " > \(log) 2>&1"],
      environment: ["PATH": path], in: scratch.url)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if let match = text.firstMatch(of: /listening on https?:\/\/[^:]+:(\d+)/),
        text.contains("try: curl")
      {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (process, Int(match.1)!, lines)
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    process.kill()
    await process.wait(timeout: .seconds(10))
    throw ChildProcess.Failure(
      description: "aasa-serve did not start: "
        + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
  }

  @Test("the doc examples' reader: commands, continuations, skips and wildcards")
  func reader() {
    let doc = """
      ```
      $ aasa-lint a \\
          b
      one
      $ aasa-lint c # not run by the doc test: needs a server
      two
      ```
      ```
      not output
      ```
      """
    let found = Self.examples(in: doc)
    #expect(found.count == 1)
    #expect(found.first?.command == "aasa-lint a  b")
    #expect(found.first?.expected == ["one"])
    #expect(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
    #expect(Self.matches(["a ... d"], ["a b c d"]))
    #expect(!Self.matches(["a", "d"], ["a", "b", "d"]))
    #expect(
      Self.normalized("at 2026-11-22T07:28:22.509Z on localhost:54321")
        == "at <time> on LOOPBACK:<port>")
  }
}

extension String {
  /// Whether `needle` occurs at or after the character offset `offset`.
  fileprivate func contains(_ needle: String, after offset: Int) -> Bool {
    guard offset < count else { return false }
    return self[index(startIndex, offsetBy: offset)...].contains(needle)
  }
}
