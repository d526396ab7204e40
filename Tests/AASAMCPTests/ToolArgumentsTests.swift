import MCP
import Testing

@testable import AASAMCP

/// The checks a call's arguments meet before anything runs, the conversion of documents into the
/// SDK's values, and the bound on calls at once: each with the case that must pass beside the
/// one that must be refused.
@Suite("aasa-lint mcp: arguments, documents, the call gate")
struct ToolArgumentsTests {
  func refusal(_ tool: String, _ arguments: [String: Value]) -> String? {
    do {
      try ArgumentCheck(tool: ToolCatalog.named(tool)!).check(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("every shape: the right value passes, the wrong one is named with what it must be")
  func shapes() {
    #expect(refusal("lint_file", ["text": "{}", "urls": ["/a"], "kind": "aasa"]) == nil)
    #expect(refusal("lint_file", [:]) == "text is missing: The file's text.")
    #expect(
      refusal("lint_file", ["text": "{}", "urls": ["/a", 3]])
        == "urls[1] must be a string, not a number")
    #expect(refusal("lint_file", ["text": .bool(true)]) == "text must be a string, not a boolean")
    #expect(
      refusal("check_site", ["site": "example.com", "cdn": "yes"])
        == "cdn must be true or false, not a string")
    #expect(
      refusal("lint_file", ["text": "{}", "kind": "plist"])
        == "kind must be one of aasa, assetlinks, applinks, routes, manifest, links, not 'plist'")
    #expect(
      refusal("check_site", ["site": "example.com", "google": "yes"])
        == "google must be true or false, not a string")
    #expect(refusal("check_site", ["site": "example.com", "google": true]) == nil)
    #expect(
      refusal("check_manifest", ["manifest": ["text": "<manifest/>"], "grants": ["AB:CD"]]) == nil)
    #expect(
      refusal("check_manifest", ["strings": "<resources/>"])?.hasPrefix("manifest is missing")
        == true)
    #expect(
      refusal("check_manifest", ["manifest": ["path": "AndroidManifest.xml"]])
        == "manifest has an unknown member 'path': it takes text, base64, name")
    #expect(
      refusal("route_urls", ["urls": ["/a"], "aasa": "{}", "assetlinks": ["base64": "e30="]]) == nil
    )
    #expect(
      refusal("route_urls", ["urls": ["/a"], "aasa": ["path": "/etc/passwd"]])
        == "aasa has an unknown member 'path': it takes text, base64, name")
    #expect(
      refusal("diff_files", ["old": ["cdn": "example.com"], "new": ["site": "example.com"]]) == nil)
    #expect(
      refusal("diff_files", ["old": "{}", "new": ["text": "{}"]])?.hasPrefix(
        "old must be an object") == true)
    // A name sent back is quoted, cut short and escaped.
    let unknown = refusal(
      "lint_file", ["text": "{}", "a\u{1b}[31m" + String(repeating: "x", count: 100): 1])
    #expect(unknown?.hasPrefix("unknown argument 'a\\u{1b}[31mxxx") == true)
    #expect(unknown?.contains("…'") == true)
  }

  @Test("every tool's schema lists exactly the arguments the check takes")
  func schemasMatchTheCheck() throws {
    for tool in ToolCatalog.tools {
      let properties = try #require(tool.inputSchema.objectValue?["properties"]?.objectValue)
      #expect(Set(properties.keys) == Set(tool.arguments.map(\.name)), "\(tool.name)")
      let required = tool.inputSchema.objectValue?["required"]?.arrayValue?.compactMap(
        \.stringValue)
      #expect(Set(required ?? []) == Set(tool.arguments.filter(\.required).map(\.name)))
      #expect(refusal(tool.name, ["surplus": "x"])?.hasPrefix("unknown argument 'surplus'") == true)
    }
  }

  @Test("a document keeps its strings as written, data: URLs included, and its integers")
  func documents() {
    let value = JSONValues.value(
      ofDocument: Array(
        #"{"url": "data:text/plain,hi", "line": 3, "ratio": 0.5, "ok": true, "none": null}"#.utf8))
    #expect(
      value
        == .object([
          "url": .string("data:text/plain,hi"), "line": .int(3), "ratio": .double(0.5),
          "ok": .bool(true), "none": .null,
        ]))
    #expect(JSONValues.value(ofDocument: Array("{".utf8)) == nil)
    let body = String(decoding: JSONValues.body(["urls": ["/a"], "cdn": true]), as: UTF8.self)
    #expect(body.contains(#""urls" : ["#) && body.contains(#""cdn" : true"#))
  }

  @Test("the gate runs 4 at once, queues 64, and refuses the next at once")
  func gate() async throws {
    let gate = CallGate()
    let release = Latch()
    let started = AsyncStream<Void>.makeStream()
    let held = CallGate.running + CallGate.waiting
    let holders = (0..<held).map { _ in
      Task {
        try await gate.run { () async -> Void in
          started.continuation.yield()
          await release.wait()
        }
      }
    }
    var running = 0
    for await _ in started.stream {
      running += 1
      if running == CallGate.running { break }
    }
    // Give the waiting calls time to queue; the refusal does not depend on how long.
    var refused = false
    for _ in 0..<200 where !refused {
      try await Task.sleep(nanoseconds: 10_000_000)
      do {
        try await gate.run { () async -> Void in }
        // A place was free: the holders are not all queued yet; it ran and left.
      } catch {
        refused = true
      }
    }
    #expect(refused)
    await release.open()
    for holder in holders { try await holder.value }
    await gate.drain()
  }
}

/// Holds callers until opened.
private actor Latch {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}
