import Foundation
import TestSupport
import Testing

/// `aasa-lint CONFIG [DEEPLINK ...]` on MobileDeepLinking route configs, run as a process.
@Suite("aasa-lint on route configs, end to end")
struct RouteConfigCommandTests {
  static let example = "examples/routes/MobileDeepLinkingConfig.json"

  @Test("a route config is detected by content and its links are routed as the issue shows")
  func textOutput() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "MobileDeepLinkingConfig.json")
    let output = try await LintProcess.run([
      config, "mdldemo://sale/5", "mdldemo://sale/abc/details",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      output.stdout.contains(
        "mdldemo://sale/5  →  sale/:saleId (exact) saleId=5  handlers: logAnalytics  class: SaleViewController"
      ))
    #expect(
      output.stdout.contains("mdldemo://sale/abc/details  →  sale (trimmed to mdldemo://sale)"))
    #expect(
      output.stdout.contains(
        "closest: sale/:saleId, which failed on segment count: the route has 2, the link 3"))
    // Android loses the host on the first trim: the warning names both answers.
    #expect(
      output.stdout.contains(
        "warning: mdldemo://sale/abc/details: iOS opens sale (trimmed to mdldemo://sale), Android opens defaultRoute (default)"
      ))
    #expect(output.stdout.contains("[MDL202]"))
    #expect(output.stdout.contains("MobileDeepLinkingConfig.json:27:26:"))
  }

  @Test("--format json has the issue's shape, one entry per platform that differs")
  func jsonOutput() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "config.json")
    let output = try await LintProcess.run([
      config, "mdldemo://sale/5?utmSource=x", "mdldemo://product/a5b?store=paris", "--format",
      "json",
    ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(json["kind"] as? String == "routes")
    let routes = try #require(json["routes"] as? [[String: Any]])
    #expect(routes.count == 3)
    let sale = routes[0]
    #expect(sale["input"] as? String == "mdldemo://sale/5?utmSource=x")
    #expect(sale["platform"] as? String == "ios")
    #expect(sale["route"] as? String == "sale/:saleId")
    #expect(sale["via"] as? String == "exact")
    #expect(sale["matched"] as? String == "mdldemo://sale/5?utmSource=x")
    #expect(sale["params"] as? [String: String] == ["saleId": "5", "utmSource": "x"])
    #expect(sale["handlers"] as? [String] == ["logAnalytics"])
    #expect(sale["class"] as? String == "SaleViewController")
    #expect(sale["identifier"] as? String == "sale")
    #expect(
      sale["storyboard"] as? [String: String] == ["iPhone": "Main_iPhone", "iPad": "Main_iPad"])
    #expect(sale["closest"] is NSNull)
    #expect(routes[1]["platform"] as? String == "ios")
    #expect(routes[1]["route"] as? String == "product/:sku")
    let android = routes[2]
    #expect(android["platform"] as? String == "android")
    #expect(android["route"] as? String == "defaultRoute")
    #expect(android["via"] as? String == "default")
    #expect(android["matched"] is NSNull)
    #expect(android["params"] as? [String: String] == [:])
    #expect(android["storyboard"] is NSNull)
    let closest = try #require(android["closest"] as? [String: String])
    #expect(closest["route"] == "product/:sku")
    #expect(closest["failed"] == #"regex of sku ([0-9]) on value "a5b""#)
    #expect((json["warnings"] as? [String])?.count == 1)
  }

  @Test("--platform android answers for Android only; another platform is a usage error")
  func platformOption() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "config.json")
    let android = try await LintProcess.run([
      config, "mdldemo://cart/add/7", "--platform", "android", "--format", "tsv",
    ])
    #expect(android.stdout == "mdldemo://cart/add/7\tdefaultRoute\tdefault\n")
    let ios = try await LintProcess.run([
      config, "mdldemo://cart/add/7", "--platform", "ios", "--format", "tsv",
    ])
    #expect(ios.stdout == "mdldemo://cart/add/7\tcart/add/:sku\texact\n")
    expectCleanFailure(try await LintProcess.run([config, "--platform", "iphone"]))
  }

  @Test("--format tsv streams a --urls list in order; differences go to standard error")
  func tsvStreaming() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "config.json")
    var links: [String] = []
    for index in 0..<3_000 {
      links.append(index % 3 == 0 ? "mdldemo://sale/\(index)" : "mdldemo://nothing/\(index)")
    }
    let list = try dir.write("links.txt", Data((links.joined(separator: "\n") + "\n").utf8))
    let output = try await LintProcess.run([config, "--urls", list, "--format", "tsv"])
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 3_000)
    #expect(lines[0] == "mdldemo://sale/0\tsale/:saleId\texact")
    #expect(lines[1] == "mdldemo://nothing/1\tdefaultRoute\tdefault")
    #expect(lines[2_997] == "mdldemo://sale/2997\tsale/:saleId\texact")
    #expect(!output.stderr.contains("warning"))
  }

  @Test("--expect checks a table of route keys, defaultRoute and none; a mismatch exits 1")
  func expectations() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "config.json")
    let good = try dir.write(
      "good.tsv",
      Data(
        "mdldemo://sale/5\tsale/:saleId\n# a comment\nmdldemo://x\tdefaultRoute\nmdldemo://sale/x/y\tsale\n"
          .utf8))
    let met = try await LintProcess.run([config, "--expect", good])
    #expect(met.status == 0, "\(met.stdout)")
    #expect(met.stdout.contains("3 of 3 expectations met"))
    let bad = try dir.write("bad.tsv", Data("mdldemo://product/7\tproduct/:sku\n".utf8))
    let unmet = try await LintProcess.run([config, "--expect", bad])
    #expect(unmet.status == 1)
    #expect(
      unmet.stdout.contains(
        "bad.tsv:1: mdldemo://product/7: expected product/:sku, got defaultRoute (closest: product/:sku, which failed on missing required store)"
      ))
  }

  @Test("errors exit 1 in every format, with line, column and path")
  func errorsAndFormats() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.write(
      "broken.json",
      Data(#"{"defaultRoute": {"class": "H"}, "routes": {"/sale/:id": {"class": "S"}}}"#.utf8))
    let text = try await LintProcess.run([config])
    #expect(text.status == 1)
    #expect(text.stdout.contains("broken.json:1:45: error:"))
    #expect(text.stdout.contains("[MDL101]"))
    let sarif = try await LintProcess.run([config, "--format", "sarif"])
    #expect(sarif.status == 1)
    #expect(JSONText.contains(sarif.stdout, object: ["ruleId": "MDL101"]))
    let github = try await LintProcess.run([config, "--format", "github"])
    #expect(github.stdout.contains("::error file="))
    #expect(github.stdout.contains("MDL101"))
    let strict = try await LintProcess.run([
      try dir.copy(Self.example, as: "example.json"), "--strict",
    ])
    #expect(strict.status == 1)
  }

  @Test("files lints a route config with the route checks, not as an association file")
  func filesSubcommand() async throws {
    let dir = try TemporaryDirectory()
    let config = try dir.copy(Self.example, as: "MobileDeepLinkingConfig.json")
    let output = try await LintProcess.run(["files", config])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("[MDL202]"))
    #expect(!output.stdout.contains("AASA1"))
  }

  @Test("every corpus config lints without a crash")
  func corpus() async throws {
    let directory = BuiltProducts.packageRoot.appendingPathComponent("../shared/corpus/mdl")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }
    #expect(!files.isEmpty)
    for file in files {
      let output = try await LintProcess.run([
        directory.appendingPathComponent(file).path, "mdldemo://data/5", "--format", "json",
      ])
      #expect(output.status == 0 || output.status == 1, "\(file): \(output.stderr)")
      #expect(JSONText.contains(output.stdout, object: ["kind": "routes"]))
    }
  }
}
