import AASAExporter
import TestSupport
import Testing

/// The configuration file: modules read with their places, and each mistake reported where it is,
/// in words (the exporter refuses the file whole, at start-up or on reload).
@Suite struct ExporterConfigurationTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  func parse(_ text: String, folder: String = "/nonexistent") throws(ExporterConfiguration.Invalid)
    -> ExporterConfiguration
  {
    try ExporterConfiguration.parse(Array(text.utf8), file: "exporter.json", folder: folder)
  }

  func mistake(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func readsAModuleWithEveryKey() throws {
    let directory = try TemporaryDirectory(label: "exporter-config")
    _ = try directory.write("routes.tsv", "/albums/1 9JA89QQLNQ.com.example.app\n")
    let configuration = try parse(
      """
      {"modules": {"shop": {"app": "9JA89QQLNQ.com.example.app", "paths": ["/albums/1"],
        "expect": "routes.tsv", "cdn": false, "google": true, "timeout_seconds": 12.5,
        "android": [{"package": "com.example.app", "fingerprints": ["\(Self.fingerprint)"]}]}},
       "apple_cdn_base": "https://127.0.0.1:9/a/v1"}
      """, folder: directory.path)
    let module = try #require(configuration.modules["shop"])
    #expect(module.app == "9JA89QQLNQ.com.example.app")
    #expect(module.paths == ["/albums/1"])
    #expect(module.expect == directory.path + "/routes.tsv")
    #expect(module.cdn == false && module.google == true)
    #expect(module.timeoutSeconds == 12.5)
    #expect(module.androidApps.map(\.package) == ["com.example.app"])
    #expect(module.androidApps.first?.fingerprints.first?.canonicalText == Self.fingerprint)
    #expect(configuration.appleCDNBase == "https://127.0.0.1:9/a/v1")
    #expect(configuration.modules.count == 1)
  }

  @Test func mistakesAreReportedAtTheirPlace() {
    #expect(
      mistake("{\"modules\": {\"a\": {\"pahts\": []}}}")
        == "exporter.json:1:20: \"pahts\" is not a key of a module; did you mean \"paths\"?")
    #expect(
      mistake("{\"modules\": {\"a\": {\n  \"paths\": [\"albums\"]}}}")
        == "exporter.json:2:13: \"albums\" is not a path: write it from its /")
    #expect(
      mistake("{\"modules\": {\"a\": {\"timeout_seconds\": 0}}}")
        == "exporter.json:1:39: \"timeout_seconds\" must be a number of seconds, over 0 and at most 600"
    )
    #expect(
      mistake(
        "{\"modules\": {\"a\": {\"android\": [{\"package\": \"com.example.app\", \"fingerprints\": [\"AB:CD\"]}]}}}"
      ) == "exporter.json:1:80: the fingerprint has 2 bytes; a SHA-256 fingerprint has 32")
    #expect(
      mistake("{\"modules\": {}}")
        == "exporter.json:1:13: \"modules\" must be an object of one module or more, by name")
    #expect(mistake("{\"modules\": {\"a b\": {}}}")?.contains("is not a module name") == true)
    #expect(
      mistake("{\"modules\": {\"a\": {\"expect\": \"missing.tsv\"}}}")?.contains("cannot be read")
        == true)
    #expect(mistake("[1, 2") != nil)
    #expect(mistake("{\"modles\": {}}")?.contains("did you mean \"modules\"?") == true)
  }

  @Test func aMissingFileIsSaidInWords() throws {
    #expect(throws: ExporterConfiguration.Invalid.self) {
      try ExporterConfiguration.load(path: "/nonexistent/exporter.json")
    }
    do {
      _ = try ExporterConfiguration.load(path: "/nonexistent/exporter.json")
    } catch {
      #expect(error.description == "/nonexistent/exporter.json: cannot be read (no such file)")
    }
  }
}

extension ExporterConfigurationTests {
  /// The example docs/exporter.md shows is a configuration the exporter takes.
  @Test func theShippedExampleLoads() throws {
    let path = BuiltProducts.packageRoot.appendingPathComponent("examples/monitoring/exporter.json")
      .path
    let configuration = try ExporterConfiguration.load(path: path)
    #expect(configuration.modules.keys.sorted() == ["android", "default"])
    #expect(configuration.modules["default"]?.expect?.hasSuffix("/routes.tsv") == true)
    #expect(configuration.modules["android"]?.androidApps.first?.package == "com.example.photoapp")
  }
}
