import Foundation
import TestSupport
import Testing

/// The CI-facing commands of `aasa-lint`, run as processes: expectations, diff, machine formats,
/// several files, Android grants, signed files and completions.
@Suite("aasa-lint workflows end to end")
struct LintWorkflowTests {
  static let site = LintCommandTests.site
  static let photoApp = LintCommandTests.photoApp
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  @Test func expectationsPassAndFailWithTheDecidingRule() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy(Self.site, as: "aasa.json")
    let good = try dir.write("good.tsv", "# pinned\n/albums/1\t\(Self.photoApp)\n/nope\tnone\n")
    let passing = try await LintProcess.run([file, "--expect", good])
    #expect(passing.status == 0)
    #expect(passing.stdout.contains("2 of 2 expectations met"))

    let bad = try dir.write("bad.tsv", "/albums/1\t\(Self.photoApp)\n/account/x\tnone\n")
    let failing = try await LintProcess.run([file, "--expect", bad])
    #expect(failing.status == 1)
    #expect(
      failing.stdout.contains(
        "bad.tsv:2: /account/x: expected none, got blocked by details[0].components[0]"))

    let malformed = try dir.write("malformed.tsv", "/albums/1 without a tab\n")
    let usage = try await LintProcess.run([file, "--expect", malformed])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("malformed.tsv:1:"))
  }

  @Test func diffReportsBehaviourChangesAndHonoursExitCode() async throws {
    let dir = try TemporaryDirectory()
    let old = try dir.copy(Self.site, as: "old.json")
    let original = try String(contentsOfFile: old, encoding: .utf8)
    let new = try dir.write(
      "new.json",
      original.replacingOccurrences(
        of: #"{ "/": "/albums/*", "comment": "Every album" }"#,
        with: #"{ "/": "/albums/*", "caseSensitive": true, "comment": "Every album" }"#))
    let reformatted = try dir.write(
      "reformatted.json", original.replacingOccurrences(of: "\n", with: " "))
    let urls = try dir.write("urls.txt", "/Albums/1\n/albums/1\n")

    let unchanged = try await LintProcess.run(["diff", old, reformatted, "--exit-code"])
    #expect(unchanged.status == 0)
    #expect(unchanged.stdout.contains("no change in behaviour"))

    let changed = try await LintProcess.run(["diff", old, new, "--urls", urls, "--exit-code"])
    #expect(changed.status == 1)
    #expect(changed.stdout.contains("caseSensitive: false → true"))
    #expect(changed.stdout.contains("/Albums/1  \(Self.photoApp) → none"))
    #expect(changed.stdout.contains("1 of 2 URLs route differently"))

    let withoutExitCode = try await LintProcess.run(["diff", old, new])
    #expect(withoutExitCode.status == 0)

    let json = try await LintProcess.run(["diff", old, new, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["changed"] as? Bool == true)
  }

  @Test func sarifAndGitHubFormatsLocateFindings() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/trailing-comma.json", as: "aasa.json")
    let sarif = try await LintProcess.run([file, "--format", "sarif"])
    #expect(sarif.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    #expect(JSONText.contains(sarif.stdout, object: ["startLine": "8", "startColumn": "26"]))

    let github = try await LintProcess.run([file, "--format", "github"])
    #expect(github.status == 1)
    #expect(
      github.lines.first?.hasPrefix("::error file=\(file),line=8,col=26,title=AASA002") == true)
  }

  @Test func filesLintsEachAndExitsWithTheWorst() async throws {
    let dir = try TemporaryDirectory()
    let good = try dir.copy(Self.site, as: "apple-app-site-association")
    let links = try dir.copy("examples/site/.well-known/assetlinks.json", as: "assetlinks.json")
    let bad = try dir.copy("examples/broken/truncated.json", as: "broken.json")
    let clean = try await LintProcess.run(["files", good, links])
    #expect(clean.status == 0)
    let mixed = try await LintProcess.run(["files", good, bad, links])
    #expect(mixed.status == 1)
    #expect(mixed.stdout.contains("broken.json:8:1: error"))
  }

  @Test func domainChecksAnAssetLinksFileAgainstItsOwnSite() async throws {
    let dir = try TemporaryDirectory()
    let links = try dir.write(
      "assetlinks.json", #"[{"include": "https://example.com/.well-known/assetlinks.json"}]"#)
    let own = try await LintProcess.run([links, "--domain", "applinks:example.com", "--strict"])
    #expect(own.status == 1)
    #expect(own.stdout.contains("assetlinks.json:1:14: warning: the include URL"))
    #expect(own.stdout.contains("[ASL027]"))
    let other = try await LintProcess.run([links, "--domain", "shop.example.com", "--strict"])
    #expect(other.status == 0, "\(other.stdout)")
  }

  @Test func grantsAnswersForAnAndroidApp() async throws {
    let dir = try TemporaryDirectory()
    let links = try dir.copy("examples/site/.well-known/assetlinks.json", as: "assetlinks.json")
    let granted = try await LintProcess.run([
      links, "--grants", "com.example.photoapp:\(Self.fingerprint)",
    ])
    #expect(granted.status == 0)
    #expect(granted.stdout.contains("yes: granted by statement [0]"))
    let refused = try await LintProcess.run([
      links, "--grants", "com.example.other:\(Self.fingerprint)",
    ])
    #expect(refused.status == 1)
    #expect(refused.stdout.contains("no statement names the package com.example.other"))
    let malformed = try await LintProcess.run([links, "--grants", "com.example.photoapp"])
    #expect(malformed.status == 2)
  }

  @Test func grantsAsksAboutAnotherRelationWithRelation() async throws {
    let dir = try TemporaryDirectory()
    let links = try dir.copy("examples/site/.well-known/assetlinks.json", as: "assetlinks.json")
    let query = "com.example.photoapp:\(Self.fingerprint)"
    let credentials = "delegate_permission/common.get_login_creds"
    let refused = try await LintProcess.run([links, "--grants", query, "--relation", credentials])
    #expect(refused.status == 1)
    #expect(refused.stdout.contains("get_login_creds? no"), "\(refused.stdout)")
    let json = try await LintProcess.run([
      links, "--grants", query, "--relation", credentials, "--format", "json",
    ])
    #expect(JSONText.contains(json.stdout, object: ["relation": credentials, "granted": "false"]))
    let granted = try await LintProcess.run([
      links, "--grants", query, "--relation", "delegate_permission/common.handle_all_urls",
    ])
    #expect(granted.status == 0)
    let malformed = try await LintProcess.run([
      links, "--grants", query, "--relation", "Handle_All",
    ])
    #expect(malformed.status == 2)
    #expect(
      malformed.stderr.contains("--relation \"Handle_All\" has no `/`"), "\(malformed.stderr)")
  }

  @Test func signedFilesAreUnwrappedAndTheirSignerNamed() async throws {
    let dir = try TemporaryDirectory()
    let content = try dir.copy(Self.site, as: "aasa.json")
    let signer = try TestCertificate.selfSigned(
      in: dir, name: "cert", commonName: "example.com", organization: "Example Inc",
      alternativeNames: [], days: 2, keyType: .rsa)
    let signed = try dir.write(
      "signed.aasa",
      try await signer.sign(String(contentsOfFile: content, encoding: .utf8), in: dir))
    let output = try await LintProcess.run([signed, "/albums/1"])
    #expect(output.status == 0)
    #expect(
      output.stdout.contains("CMS-signed by CN=example.com,O=Example Inc; the signature verifies"))
    #expect(output.stdout.contains("/albums/1  →  \(Self.photoApp)"))

    var tampered = try Data(contentsOf: URL(fileURLWithPath: signed))
    let marker = Data("Every album".utf8)
    let range = try #require(tampered.range(of: marker))
    tampered.replaceSubrange(range, with: Data("Every albun".utf8))
    let tamperedPath = try dir.write("tampered.aasa", "")
    try tampered.write(to: URL(fileURLWithPath: tamperedPath))
    let rejected = try await LintProcess.run([tamperedPath])
    #expect(rejected.status == 1)
    #expect(rejected.stdout.contains("the signature does not verify"))
    // The summary says why the status is 1, not only "no problems".
    #expect(
      rejected.stdout.contains("\(tamperedPath): no problems; the signature does not verify"),
      "\(rejected.stdout)")
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) async throws {
    let output = try await LintProcess.run(["--generate-completion-script", shell])
    #expect(output.status == 0)
    #expect(output.stdout.contains("aasa-lint"))
    #expect(output.stdout.contains("diff"))
  }

  @Test func preCommitHooksRunTheFilesSubcommand() throws {
    let hooks = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
      encoding: .utf8)
    #expect(hooks.contains("- id: aasa-lint"))
    #expect(hooks.contains("entry: aasa-lint files"))
  }
}
