import Foundation
import TestSupport
import Testing

/// `aasa-lint APP.apk` and `aasa-lint route --manifest APP.apk`, on APKs aapt builds now: the
/// same answer as for the source manifest, findings at `APP.apk!/AndroidManifest.xml:LINE`, and
/// exit status 2 with words for an archive that is not a readable APK.
@Suite(.enabled(if: AndroidAppBuilder.unavailable == nil, "\(AndroidAppBuilder.unavailable ?? "")"))
struct APKCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory(label: "apk-command") }

  /// `text` without what binary XML does not keep: columns (`12:7` is `12`), and the source
  /// excerpts under findings, which show the source or the XML written back from the APK.
  static func withoutColumns(_ text: String) -> String {
    let columns = try! NSRegularExpression(pattern: "([0-9]+):[0-9]+")
    return text.split(separator: "\n", omittingEmptySubsequences: false).filter {
      $0.range(of: #"^ *[0-9]* \|"#, options: .regularExpression) == nil
    }.map { line in
      let line = String(line)
      return columns.stringByReplacingMatches(
        in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "$1")
    }.joined(separator: "\n")
  }

  func aasaLint(_ arguments: [String]) async throws -> ProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), arguments + ["--color", "never"],
      in: BuiltProducts.packageRoot)
  }

  @Test func lintingAnAPKAnswersAsItsSourceManifest() async throws {
    let apk = try await AndroidAppBuilder.build(
      "shop", manifest: APKTestManifest.source, strings: APKTestManifest.strings, tool: .aapt2,
      in: directory)
    let source = directory.file("shop/AndroidManifest.xml")
    let fromAPK = try await aasaLint([apk] + APKTestManifest.urls)
    let fromSource = try await aasaLint([source] + APKTestManifest.urls)
    #expect(fromAPK.status == fromSource.status, "\(fromAPK.stderr)")
    #expect(fromAPK.stdout.contains("  shop.example.com  line 10"), "\(fromAPK.stdout)")
    #expect(
      fromAPK.stdout.contains("https://shop.example.com/products/42  →  opens .ProductActivity"))
    // The same lines, but for the file's name and the columns.
    #expect(
      Self.withoutColumns(
        fromAPK.stdout.replacingOccurrences(of: "\(apk)!/AndroidManifest.xml", with: source))
        == Self.withoutColumns(fromSource.stdout))
    #expect(fromAPK.stdout.contains("\(apk)!/AndroidManifest.xml:21:"), "\(fromAPK.stdout)")
    let tsv = try await aasaLint([apk, "--format", "tsv"])
    #expect(tsv.lines.first == "shop.example.com\t10", "\(tsv.stdout)\(tsv.stderr)")
  }

  @Test func routeReadsAnAPKAsItsSourceManifest() async throws {
    let apk = try await AndroidAppBuilder.build(
      "shop", manifest: APKTestManifest.source, strings: APKTestManifest.strings, tool: .aapt,
      in: directory)
    let source = directory.file("shop/AndroidManifest.xml")
    let arguments = [
      "route", "--site", "examples/site", "--domain", "shop.example.com", "--format", "json",
    ]
    let urls = APKTestManifest.urls.filter { $0.hasPrefix("https://shop.") }
    let fromAPK = try await aasaLint(arguments + ["--manifest", apk] + urls)
    let fromSource = try await aasaLint(arguments + ["--manifest", source] + urls)
    #expect(fromAPK.status == fromSource.status, "\(fromAPK.stderr)")
    #expect(fromAPK.stderr.isEmpty, "\(fromAPK.stderr)")
    #expect(fromAPK.stdout.contains(".ProductActivity"), "\(fromAPK.stdout)")
    #expect(Self.withoutColumns(fromAPK.stdout) == Self.withoutColumns(fromSource.stdout))
  }

  @Test func anArchiveThatIsNotAnAPKExitsTwoInWords() async throws {
    let bundle = directory.file("app.aab")
    let made = try await ChildProcess.run(
      try ExecutableLookup.require("python3"),
      [
        "-c",
        "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z: z.writestr('base/manifest/AndroidManifest.xml', b'x')",
        bundle,
      ])
    #expect(made.status == 0, "\(made.stderr)")
    for arguments in [
      [bundle],
      [
        "route", "--site", "examples/site", "--domain", "example.com", "--manifest", bundle,
        "https://example.com/a",
      ],
    ] {
      let result = try await aasaLint(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
      #expect(result.stderr.contains("is an Android App Bundle"), "\(result.stderr)")
      #expect(result.stderr.contains("bundletool build-apks --mode=universal"))
    }
  }
}
