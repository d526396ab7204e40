import AASACore
import AASADevice
import Foundation
import TestSupport
import Testing

/// Pasted device output, read as people paste it: every file of the corpus's device-output/ (real
/// pastes from issues, pull requests and forums) and the traps they hold.
@Suite struct DeviceOutputReaderTests {
  static let corpus = BuiltProducts.packageRoot.appendingPathComponent(
    "../shared/corpus/real-turn3/device-output")

  static var corpusFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
      .filter { $0.hasSuffix(".txt") }.sorted()
  }

  /// What each corpus file must yield: the platform, and `app domain state` for every domain.
  static let expected: [String: (Platform, [String])] = [
    "android-001.txt": (
      .android,
      ["signal.group", "signal.art", "signal.tube", "signal.me"].map {
        "org.thoughtcrime.securesms \($0) legacy_failure"
      }
    ),
    "android-002.txt": (
      .android,
      [
        "com.next.space.cflow app-config.flowus.cn verified",
        "com.next.space.cflow test.allflow.cn legacy_failure",
        "com.next.space.cflow www.flowus.cn legacy_failure",
      ]
    ),
    "android-003.txt": (.android, ["app.passculture.staging app.staging.passculture.team 1024"]),
    "android-004.txt": (.android, ["app.organicmaps.debug omaps.app verified"]),
    "android-005.txt": (
      .android,
      ["co.openvine.app login.divine.video 1024", "co.openvine.app divine.video verified"]
    ),
    "android-006.txt": (
      .android,
      ["co.openvine.app login.divine.video verified", "co.openvine.app divine.video verified"]
    ),
    "android-007.txt": (
      .android,
      [
        "au.com.shiftyjelly.pocketcasts.debug lists.pocketcasts.com legacy_failure",
        "au.com.shiftyjelly.pocketcasts.debug pocket-casts-main-development.mystagingwebsite.com verified",
        "au.com.shiftyjelly.pocketcasts.debug pocketcasts.com verified",
      ]
    ),
    "android-008.txt": (.android, []),
    "android-009.txt": (.android, []),
    "android-010.txt": (.android, []),
    "android-011.txt": (
      .android,
      [
        "com.example.package example.com verified",
        "com.example.package sub.example.com legacy_failure",
        "com.example.package example.net verified", "com.example.package example.org 1026",
      ]
    ),
    "apple-001.txt": (.ios, ["- xx….xx downloading", "(redacted) (redacted) approved"]),
    "apple-002.txt": (.ios, ["(redacted) (redacted) approved"]),
    "apple-003.txt": (
      .ios,
      [
        "- <redacted> trust-rejected", "- <redacted> redirect-denied",
        "- <redacted> trust-rejected",
      ]
    ),
    "apple-004.txt": (.ios, []),
    "apple-005.txt": (.ios, []),
    "apple-006.txt": (
      .ios,
      [
        "HOGE.com.example.app www.example.com matched",
        "FUGA.com.example.app www.example.com matched",
        "FOO.com.example.app www.example.com blocked",
        "BAR.com.example.app www.example.com blocked",
      ]
    ),
    "apple-007.txt": (.ios, []),
  ]

  static func states(_ report: DeviceReport) -> [String] {
    report.apps.flatMap { app in
      app.domains.map { "\(app.app ?? "-") \($0.domain) \($0.state)" }
    }
  }

  @Test func theCorpusIsThere() {
    // Only where the shared corpus is checked out; the tests below iterate whatever is there.
    guard FileManager.default.fileExists(atPath: Self.corpus.path) else { return }
    #expect(Self.corpusFiles.count >= 19)
  }

  @Test(arguments: corpusFiles)
  func everyCorpusFileIsReadAndItsStatesReported(file: String) throws {
    let text = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
    let report = try DeviceOutputReader.read(text)
    for domain in report.apps.flatMap(\.domains) {
      #expect(!domain.meaning.isEmpty)
      #expect(domain.opensApp || !domain.next.isEmpty, "\(file): \(domain.domain)")
    }
    if let (platform, states) = Self.expected[file] {
      #expect(report.platform == platform, "\(file)")
      #expect(Self.states(report) == states, "\(file)")
    } else {
      // A file added to the corpus later: read without error, with something to say.
      #expect(!report.apps.isEmpty || !report.notes.isEmpty, "\(file)")
    }
    if Self.states(report).isEmpty {
      #expect(!report.notes.isEmpty, "\(file): no state and no note")
    }
  }

  @Test func aSwcutilShowRecordKeepsItsDates() throws {
    let text = """
      Service:              applinks
      App ID:               D3KQX62K1A.com.example.app
      Domain:               example.com
      User Approval:        unspecified
      Site/Fmwk Approval:   denied
      Flags:
      Last Checked:         2021-07-13 18:45:00 +0000
      Next Check:           2021-07-18 18:36:18 +0000

      Service:              applinks
      App ID:               D3KQX62K1A.com.example.app
      Domain:               www.example.com
      User Approval:        denied
      Site/Fmwk Approval:   approved
      """
    let report = try DeviceOutputReader.read(text)
    #expect(report.platform == .ios)
    #expect(
      Self.states(report) == [
        "D3KQX62K1A.com.example.app example.com denied",
        "D3KQX62K1A.com.example.app www.example.com user-denied",
      ])
    let denied = try #require(report.apps.first?.domains.first)
    #expect(denied.meaning.contains("last checked 2021-07-13 18:45:00 +0000"))
    #expect(denied.meaning.contains("next check 2021-07-18 18:36:18 +0000"))
    #expect(
      denied.next.first == "aasa-lint check https://example.com --app D3KQX62K1A.com.example.app")
    #expect(denied.causes.first?.contains("Team ID") == true)
    #expect(report.failing.count == 2)
  }

  @Test func aLegacyFailureNamesTheLikelyCausesAndTheCommands() throws {
    let report = try DeviceOutputReader.read(
      "  com.example.app:\n    Domain verification state:\n      example.com: legacy_failure # this one\n"
    )
    let domain = try #require(report.apps.first?.domains.first)
    #expect(domain.state == "legacy_failure")
    #expect(domain.causes.first?.contains("assetlinks.json does not list com.example.app") == true)
    #expect(
      domain.next == [
        "aasa-lint check https://example.com",
        "adb shell pm verify-app-links --re-verify com.example.app",
        "adb shell pm get-app-links com.example.app",
      ])
    #expect(!domain.opensApp)
  }

  @Test func diffMarkersQuotesAndFencesAreTolerated() throws {
    let text = """
      > ```
      -  com.example.app:
      -    Domain verification state:
      -      example.com: none
      +  com.example.app:
      +    Domain verification state:
      +      example.com: verified
      > ```
      """
    let report = try DeviceOutputReader.read(text)
    #expect(
      Self.states(report) == [
        "com.example.app example.com none", "com.example.app example.com verified",
      ])
  }

  @Test func somethingElseIsNotDeviceOutput() {
    #expect(throws: DeviceOutputReader.Unrecognised.self) {
      try DeviceOutputReader.read("hello\nworld: 42 apples\n")
    }
    #expect(throws: DeviceOutputReader.Unrecognised.self) { try DeviceOutputReader.read("") }
  }

  @Test func hugePastesAreBounded() throws {
    let line = "      host\(0).example.com: legacy_failure\n"
    let text = "  com.example.app:\n" + String(repeating: line, count: 50_000)
    let report = try DeviceOutputReader.read(text)
    #expect(report.apps.first?.domains.count == DeviceOutputReader.maximumEntries)
    let long = String(repeating: "a", count: 1_000_000) + ": verified"
    #expect(throws: DeviceOutputReader.Unrecognised.self) { try DeviceOutputReader.read(long) }
  }
}

extension DeviceOutputReaderTests {
  @Test func userSelectionsOfTheUserFormAreRead() throws {
    let text = """
        com.example.app:
          ID: 01234567-89ab-cdef-0123-456789abcdef
          Signatures: [14:6D:E9:83]
          Domain verification state:
            example.com: verified
            shop.example.com: legacy_failure
          User 0:
            Verification link handling allowed: false
            Selection state:
              Enabled:
                shop.example.com
              Disabled:
                example.com
      """
    let report = try DeviceOutputReader.read(text)
    #expect(
      Self.states(report) == [
        "com.example.app example.com verified", "com.example.app shop.example.com legacy_failure",
        "com.example.app shop.example.com user-enabled",
        "com.example.app example.com user-disabled",
      ])
    #expect(
      report.notes.contains { $0.text.hasPrefix("the user turned off opening supported links") })
  }
}

extension DeviceOutputReaderTests {
  /// Fuzz finding D1: an approval field pasted empty, the next record on the same line, made a
  /// domain whose state was empty.
  @Test func anEmptyFieldIsNotAState() throws {
    let text = """
      Service: applinks
      App ID: D3KQX62K1A.com.example.app
      Domain: example.com
      Site/Fmwk Approval:   Service: applinks
      App ID: D3KQX62K1A.com.example.app
      Domain:
      """
    let report = try DeviceOutputReader.read(text)
    #expect(
      Self.states(report) == [
        "D3KQX62K1A.com.example.app example.com unspecified",
        "D3KQX62K1A.com.example.app (not in the paste) unspecified",
      ])
  }
}
