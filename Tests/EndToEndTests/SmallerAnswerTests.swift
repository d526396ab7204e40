import Foundation
import TestSupport
import Testing

/// The smaller answers that should say what they mean.
@Suite("Answers that say what is meant")
struct SmallerAnswerTests {
  static let site = StructuredOutputTests.path(
    "examples/site/.well-known/apple-app-site-association")

  @Test("an --expect row naming an app the file does not list gets the --app hint")
  func expectHint() async throws {
    let directory = try TemporaryDirectory(label: "expect-hint")
    let table = try directory.write("routes.tsv", "/albums/1\tD3KQX62K1A.com.example.photapp\n")
    let output = try await LintProcess.run([Self.site, "--expect", table])
    #expect(output.status == 1)
    #expect(
      output.stdout.contains("--expect \(table):1: D3KQX62K1A.com.example.photapp is not listed"))
    #expect(
      output.stdout.contains("did you mean D3KQX62K1A.com.example.photoapp?"), "\(output.stdout)")
  }

  @Test("-v says a rule's settings on the verdict lines, not again in the headline")
  func verboseOnce() async throws {
    let output = try await LintProcess.run([Self.site, "/albums/1", "-v"])
    let lines = output.lines.filter { $0.contains("caseSensitive:") }
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("      ") }, "\(output.stdout)")
  }

  @Test("closest is named only when a rule came close")
  func closestOnlyWhenClose() async throws {
    let output = try await LintProcess.run([Self.site, "/nope", "/albums"])
    #expect(output.stdout.contains("/nope    →  no app\n"), "\(output.stdout)")
  }

  @Test("blocked is not coloured as an error")
  func blockedColour() async throws {
    let output = try await LintProcess.run([Self.site, "/account/x", "--color", "always"])
    #expect(output.stdout.contains("\u{1B}[1;33mblocked\u{1B}[0m"), "\(output.stdout)")
  }

  @Test("a page without --page-url does not claim a fallback it cannot name")
  func fallbackWithoutPageURL() async throws {
    let directory = try TemporaryDirectory(label: "ios-only")
    let onlyIOS = try directory.write("page.html", #"<meta property="al:ios:url" content="x://y">"#)
    let output = try await LintProcess.run([onlyIOS])
    #expect(!output.stdout.contains("no web fallback (should_fallback true)"), "\(output.stdout)")
    #expect(output.stdout.contains("give --page-url"), "\(output.stdout)")
    let android = try await LintProcess.run([onlyIOS, "--platform", "android"])
    #expect(android.stdout.contains("the page has no target for android"), "\(android.stdout)")
    #expect(!android.stdout.contains("(android)"))
  }
}
