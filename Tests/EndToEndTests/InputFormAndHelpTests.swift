import Foundation
import TestSupport
import Testing

/// What the user typed is read as meant, and the help teaches what the commands accept.
@Suite("Input forms and help")
struct InputFormAndHelpTests {
  static let site = StructuredOutputTests.path(
    "examples/site/.well-known/apple-app-site-association")

  @Test("an http:// association file URL gets the fetcher's answer, as in check")
  func httpAssociationURL() async throws {
    let url = "http://example.com/.well-known/apple-app-site-association"
    let output = try await LintProcess.run([url, "/x"])
    expectCleanFailure(output)
    #expect(output.stderr.contains("only over https"), "\(output.stderr)")
    #expect(!output.stderr.contains("No such file"))
    let check = try await LintProcess.run(["check", "http://example.com"])
    #expect(check.stderr.contains("only over https"), "\(check.stderr)")
  }

  @Test("host/path naming the --domain is the https URL; another host is a path, with a note")
  func hostWithoutScheme() async throws {
    let asURL = try await LintProcess.run([
      Self.site, "example.com/albums/1", "--domain", "example.com",
    ])
    #expect(asURL.status == 0)
    #expect(asURL.stdout.contains("D3KQX62K1A.com.example.photoapp"), "\(asURL.stdout)")
    #expect(
      asURL.stderr.contains("read as the URL https://example.com/albums/1"), "\(asURL.stderr)")

    let other = try await LintProcess.run([
      Self.site, "other.org/albums/1", "--domain", "example.com",
    ])
    #expect(other.stdout.contains("no app"), "\(other.stdout)")
    #expect(other.stderr.contains("routed as the path /other.org/albums/1"), "\(other.stderr)")
    #expect(other.stderr.contains("https://other.org/albums/1"))

    let noDomain = try await LintProcess.run([Self.site, "example.com/albums/1"])
    #expect(noDomain.stderr.contains("routed as the path /example.com/albums/1"))
  }

  @Test("page options on an association file are a usage error, like --platform")
  func pageOptionOnAssociation() async throws {
    let output = try await LintProcess.run([Self.site, "--page-url", "https://example.com/docs"])
    expectCleanFailure(output)
    #expect(output.stderr.contains("--page-url is for App Links pages"), "\(output.stderr)")
  }

  /// An option of one kind given to another is refused, not ignored: `--site` was taken by every
  /// kind once links.json brought it, and `--platform` by a links.json and a manifest.
  @Test(
    "an option of another kind is a usage error, not ignored",
    arguments: [
      (["examples/old.json", "--site", "examples/site"], "--site is for a links.json"),
      (["examples/photoapp/AndroidManifest.xml", "--site", "x"], "--site is for a links.json"),
      (["examples/routes/MobileDeepLinkingConfig.json", "--site", "x"], "--site is for"),
      (["examples/links/links.json", "--platform", "ios"], "--platform is for App Links pages"),
      (["examples/photoapp/AndroidManifest.xml", "--platform", "ios"], "--platform is for"),
      (
        ["examples/photoapp/AndroidManifest.xml", "--page-url", "https://a.example/"],
        "is for App Links pages"
      ),
    ])
  func optionOfAnotherKind(arguments: [String], words: String) async throws {
    let output = try await LintProcess.run(
      [StructuredOutputTests.path(arguments[0])] + arguments.dropFirst())
    expectCleanFailure(output)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains(words), "\(output.stderr)")
  }

  /// A refusal of the servers' set-up is said in words with status 2, without the usage of
  /// another command (ArgumentParser gave the root's, `aasa-lint <subcommand>`).
  @Test(
    arguments: [
      (["exporter", "--config", "x"], "--allow is needed"),
      (["web", "--listen", "nowhere"], "nowhere is not HOST:PORT"),
    ])
  func aServerSetUpRefusalIsInWords(arguments: [String], words: String) async throws {
    let output = try await LintProcess.run(arguments)
    expectCleanFailure(output)
    #expect(output.stderr.hasPrefix("aasa-lint: error: "), "\(output.stderr)")
    #expect(output.stderr.contains(words), "\(output.stderr)")
    #expect(!output.stderr.contains("<subcommand>"), "\(output.stderr)")
  }

  /// ArgumentParser's own `--help-hidden` is taken wherever `--help` is.
  @Test(arguments: [[], ["route"], ["check"]])
  func helpHiddenIsHelp(subcommand: [String]) async throws {
    let output = try await LintProcess.run(subcommand + ["--help-hidden"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("USAGE:"))
  }

  @Test("help for an unknown subcommand is a usage error; the root help shows lint's options")
  func help() async throws {
    let unknown = try await LintProcess.run(["help", "nosuch"])
    expectCleanFailure(unknown)
    #expect(unknown.stderr.contains("nosuch is not a subcommand"), "\(unknown.stderr)")
    let root = try await LintProcess.run(["--help"])
    #expect(root.status == 0)
    #expect(root.stdout.contains("SUBCOMMANDS:"))
    for option in ["--domain", "--expect", "--format", "--page-url", "--grants"] {
      #expect(root.stdout.contains(option), "\(option) missing from --help")
    }
  }

  @Test("each subcommand's --format lists and accepts only its own values")
  func formatsPerSubcommand() async throws {
    let expected: [String: [String]] = [
      "files": ["text", "json", "sarif", "github"], "inbound": ["text", "json"],
      "diff": ["text", "json"], "check": ["text", "json", "sarif", "github"],
      "lint": ["text", "json", "tsv", "sarif", "github"],
    ]
    for (subcommand, values) in expected {
      let help = try await LintProcess.run(["help", subcommand], environment: ["COLUMNS": "1000"])
      let line = try #require(
        help.stdout.split(separator: "\n").first { $0.hasPrefix("  --format <") },
        "\(subcommand): \(help.stdout)")
      let listed = line.firstMatch(of: /values: ([a-z, ]+)[;)]/).map {
        $0.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      #expect(listed == values, "\(subcommand): \(line)")
    }
    let refused = try await LintProcess.run(["files", Self.site, "--format", "tsv"])
    expectCleanFailure(refused)
  }

  @Test("help examples copy as shown: no swallowed continuation, no line wider than 80")
  func helpExamples() async throws {
    for subcommand in ["lint", "diff", "files", "check", "inbound"] {
      let help = try await LintProcess.run(["help", subcommand], environment: ["COLUMNS": "80"])
      let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() where line.hasSuffix("\\") {
        // A continued command goes on, indented, on the next line.
        let next = index + 1 < lines.count ? lines[index + 1] : ""
        #expect(next.hasPrefix("      "), "\(subcommand): \(line) / \(next)")
      }
      for line in lines where line.trimmingCharacters(in: .whitespaces).hasPrefix("aasa-lint ") {
        #expect(line.count <= 80, "\(subcommand): \(line)")
      }
    }
  }

  @Test("diff of a file that is not an apple-app-site-association names its kind, exit 2")
  func diffOtherKind() async throws {
    let assetLinks = StructuredOutputTests.path("examples/site/.well-known/assetlinks.json")
    let output = try await LintProcess.run(["diff", Self.site, assetLinks])
    expectCleanFailure(output)
    #expect(output.stderr.contains("is an assetlinks.json statement list"), "\(output.stderr)")
  }

  @Test("ASL026 comes after the errors it sums up")
  func listIgnoredLast() async throws {
    let file = StructuredOutputTests.path("examples/broken/assetlinks-mistakes.json")
    let output = try await LintProcess.run([file])
    let codes = output.stdout.matches(of: /\[(ASL\d+)\]/).map { String($0.1) }
    #expect(codes.last == "ASL026", "\(codes)")
  }

  /// An empty dictionary as a binary property list: header, object, offset table, trailer.
  static let binaryPlist: [UInt8] =
    Array("bplist00".utf8) + [0xD0, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
    + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]

  @Test("an app's entitlements (XML or binary plist) are refused, naming check --entitlements")
  func entitlementsAreNoPage() async throws {
    let directory = try TemporaryDirectory(label: "entitlements")
    let xml = try directory.write(
      "App.entitlements",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      	<key>com.apple.developer.associated-domains</key>
      	<array>
      		<string>applinks:shop.example.com</string>
      	</array>
      </dict>
      </plist>
      """)
    let binary = try directory.write("signed-entitlements.plist", Self.binaryPlist)
    for file in [xml, binary] {
      let output = try await LintProcess.run([file])
      expectCleanFailure(output)
      #expect(output.stdout.isEmpty, "\(output.stdout)")
      #expect(
        output.stderr.contains("is an app's entitlements")
          && output.stderr.contains("aasa-lint check --entitlements \(file)"),
        "\(output.stderr)")
      #expect(!output.stderr.contains("al:"), "\(output.stderr)")
    }
    // Among other files: reported as a file it cannot lint, the others linted.
    let files = try await LintProcess.run(["files", xml, Self.site, "--format", "json"])
    #expect(files.status == 2, "\(files.stderr)")
    let report = try StructuredOutputTests.document(files)
    #expect((report["files"] as? [Any])?.count == 1)
    let unreadable = try #require(report["unreadable"] as? [[String: Any]])
    #expect(unreadable.first?["file"] as? String == xml)
    #expect(
      (unreadable.first?["problem"] as? String)?.contains("check --entitlements") == true,
      "\(unreadable)")
  }

  @Test(
    "a mistyped subcommand that names no file asks 'did you mean', exit 2",
    arguments: [
      (["chekc"], "check"), (["chekc", "https://example.com", "--no-cdn"], "check"),
      (["dif", "old.json", "new.json"], "diff"), (["devcie"], "device"), (["Files"], "files"),
    ])
  func mistypedSubcommand(arguments: [String], meant: String) async throws {
    let output = try await LintProcess.run(arguments)
    expectCleanFailure(output)
    #expect(output.stderr.contains("did you mean '\(meant)'?"), "\(output.stderr)")
    #expect(!output.stderr.contains("cannot read"), "\(output.stderr)")
  }

  @Test("a file named like a mistyped subcommand is linted; a file far from any still unread")
  func fileNamedLikeASubcommand() async throws {
    let directory = try TemporaryDirectory(label: "typo")
    _ = try directory.write(
      "dif",
      #"{"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#
    )
    let linted = try await LintProcess.run(["dif", "/buy/1"], in: directory.url)
    #expect(linted.status == 0, "\(linted.stderr)")
    #expect(linted.stdout.contains("D3KQX62K1A.com.example.app"), "\(linted.stdout)")
    let missing = try await LintProcess.run(["no-such-site.json"])
    expectCleanFailure(missing)
    #expect(missing.stderr.contains("cannot read no-such-site.json"), "\(missing.stderr)")
    #expect(!missing.stderr.contains("did you mean"), "\(missing.stderr)")
    let help = try await LintProcess.run(["help", "chekc"])
    expectCleanFailure(help)
    #expect(help.stderr.contains("(did you mean 'check'?)"), "\(help.stderr)")
  }

  @Test("inbound with something that is not a URL is a usage error")
  func inboundNotAURL() async throws {
    let output = try await LintProcess.run(["inbound", "not a url"])
    #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
  }
}
