import Foundation
import TestSupport
import Testing

/// The single-URL box's own matcher (Page/matcher.js running the program of POST
/// /api/v1/matcher) against the API's routes, in headless Chromium: for the bundled examples, a
/// fixture that uses every feature of the pattern language, and the association files of the
/// shared corpus when it is on this machine (`AASA_CORPUS`, else ../shared/corpus beside the package; read at run
/// time, never copied here), every verdict, app and deciding rule must be the same; for the
/// assetlinks.json examples, a fixture of Android's dynamic rules and the corpus's assetlinks.json
/// files, every route must equal the API's whole. Then typing, in both kinds of file: no request,
/// and 1,000 typed URLs answered within a bound. The cases are in
/// Resources/matcher_agreement_test.py.
@Suite(.serialized) struct ValidatorMatcherAgreementTests {
  @Test(.timeLimit(.minutes(5))) func pageMatcherAgreesWithTheAPI() async throws {
    guard let browser = try await BrowserScript.find(for: "ValidatorMatcherAgreementTests") else {
      return
    }
    let directory = try TemporaryDirectory(label: "validator-matcher")
    let validator = try RunningProgram(
      "aasa-lint", ["web", "--listen", "127.0.0.1:0"], in: directory)
    let url = try await validator.validatorURL(timeout: .seconds(30))
    let root = BuiltProducts.packageRoot
    let examples = [
      "examples/site/.well-known/apple-app-site-association", "examples/old.json",
      "examples/new.json", "examples/broken/common-mistakes.json",
      "examples/broken/trailing-comma.json", "examples/broken/truncated.json",
      "examples/broken/typographic-quotes.json",
      "Tests/AASAValidatorTests/Resources/matcher-agreement-aasa.json",
    ]
    var files = examples.map { ["label": $0, "path": root.appendingPathComponent($0).path] }
    let corpus = Self.corpusAssociations()
    files += corpus.map { ["label": $0, "path": $0] }
    let androidExamples = [
      "examples/android/assetlinks.json", "examples/site/.well-known/assetlinks.json",
      "examples/broken/assetlinks-mistakes.json",
      "Tests/AASAValidatorTests/Resources/matcher-agreement-assetlinks.json",
    ]
    var androidFiles = androidExamples.map {
      ["label": $0, "path": root.appendingPathComponent($0).path]
    }
    androidFiles += Self.corpusAssetLinks().map { ["label": $0, "path": $0] }
    let configuration: [String: Any] = [
      "validator": url, "screenshots": directory.path, "files": files, "androidFiles": androidFiles,
      "assetlinks": root.appendingPathComponent("examples/android/assetlinks.json").path,
      "routes": root.appendingPathComponent("examples/routes/MobileDeepLinkingConfig.json").path,
    ]
    let result = try await browser.run("matcher_agreement_test.py", configuration)
    print(result.stdout)
    #expect(
      result.status == 0,
      "\(result.stdout)\n\(result.stderr)\nvalidator log: \(validator.errors)")
    // Every file was compared: one line each, and the count of routes.
    for file in files {
      #expect(
        result.stdout.contains("ok   the page's matcher agrees with the API on \(file["label"]!) "))
    }
    #expect(result.stdout.contains("compared \(files.count) files"))
    for file in androidFiles {
      #expect(
        result.stdout.contains(
          "ok   the page's Android rules agree with the API on \(file["label"]!) "))
    }
    #expect(result.stdout.contains("compared \(androidFiles.count) assetlinks.json files"))
  }

  /// The association files of the shared corpus (JSON with an `applinks` key), when it is here.
  static func corpusAssociations() -> [String] {
    corpusFiles { ($0 as? [String: Any])?["applinks"] != nil }
  }

  /// The assetlinks.json files of the shared corpus (a JSON list of statements, each with a
  /// `target`), when it is here.
  static func corpusAssetLinks() -> [String] {
    corpusFiles { object in
      guard let statements = object as? [Any], !statements.isEmpty else { return false }
      return statements.contains { ($0 as? [String: Any])?["target"] != nil }
    }
  }

  /// The corpus's JSON files under 1 MB whose content `isWanted`, sorted.
  static func corpusFiles(_ isWanted: (Any) -> Bool) -> [String] {
    // Beside the package, as CI places it (the other corpus tests read it there too).
    let folder =
      ProcessInfo.processInfo.environment["AASA_CORPUS"]
      ?? BuiltProducts.packageRoot.appendingPathComponent("../shared/corpus").standardized.path
    guard
      let walker = FileManager.default.enumerator(
        at: URL(fileURLWithPath: folder), includingPropertiesForKeys: nil)
    else { return [] }
    var found: [String] = []
    for case let file as URL in walker where file.pathExtension == "json" {
      guard let data = try? Data(contentsOf: file), data.count < 1_000_000,
        let object = try? JSONSerialization.jsonObject(with: data), isWanted(object)
      else { continue }
      found.append(file.path)
    }
    return found.sorted()
  }
}
