import Foundation
import TestSupport
import Testing

/// Issue 40: what the command line says is the whole truth. A site that cannot be read is a
/// failure, not agreement; a flag mistyped is named first, with the flag meant; inputs that are
/// not what an option takes are refused in words with status 2; `diff` takes URLs as the default
/// subcommand does; `new entitlements -o` writes a file `route` and `check` read.
@Suite struct CommandLineTruthTests {
  static let app = "D3KQX62K1A.com.example.photoapp"

  @Test("route on a site nothing answers for fails in words; unknown is no agreement")
  func unreachableSite() async throws {
    for format in ["text", "json"] {
      let result = try await LintProcess.run([
        "route", "--site", "https://127.0.0.1:1", "/x", "--format", format,
      ])
      #expect(result.status == 1, "\(format): \(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("the site cannot be read"), "\(result.stdout)")
      #expect(result.stdout.contains("refused"), "the connection's reason: \(result.stdout)")
      #expect(!result.stdout.contains("1 of 1"), "\(result.stdout)")
      if format == "json" {
        let document = try #require(
          try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let routes = try #require(document["routes"] as? [[String: Any]])
        #expect(routes.first?["agree"] as? Bool == false)
        #expect((document["error"] as? String)?.contains("refused") == true)
      } else {
        #expect(result.stdout.contains("0 of 1 URL answered alike"), "\(result.stdout)")
      }
    }
  }

  @Test("route keeps the port of --site for a path")
  func routeKeepsThePort() async throws {
    let association = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent(
        "examples/site/.well-known/apple-app-site-association"), encoding: .utf8)
    let server = try await LoopbackHTTPS(routes: [
      "/.well-known/apple-app-site-association": ("application/json", Array(association.utf8))
    ])
    let result = try await LintProcess.run([
      "route", "--site", "https://localhost:\(server.port)", "/albums/1", "--app", Self.app,
      "--ca-file", server.certificate,
    ])
    #expect(result.stdout.contains("https://localhost:\(server.port)/albums/1"), "\(result.stdout)")
    #expect(result.stdout.contains("iOS      opens"), "\(result.stdout)")
  }

  @Test("route with the site's files on both sides suggests no fix where both keep the URL out")
  func noFixWhereBothAgree() async throws {
    let manifest = try TemporaryDirectory(label: "route-agree")
    let path = try manifest.write(
      "AndroidManifest.xml",
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.photoapp">
        <application><activity android:name=".AlbumActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" android:pathPrefix="/albums" />
          </intent-filter>
        </activity></application>
      </manifest>
      """)
    let result = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "/account/x", "--app",
        Self.app, "--manifest", path, "--format", "json",
      ], in: BuiltProducts.packageRoot)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let route = try #require((document["routes"] as? [[String: Any]])?.first)
    #expect((route["ios"] as? [String: Any])?["verdict"] as? String == "blocked")
    #expect((route["android"] as? [String: Any])?["verdict"] as? String == "browser")
    #expect(route["agree"] as? Bool == true)
    #expect((route["fixes"] as? [String]) == [], "\(route)")
  }

  @Test("route --manifest refuses a file that is no manifest, and a package it does not declare")
  func manifestAndPackageRefused() async throws {
    let notManifest = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "/albums/1", "--manifest",
        "examples/site/.well-known/assetlinks.json",
      ], in: BuiltProducts.packageRoot)
    expectCleanFailure(notManifest)
    #expect(notManifest.stderr.hasPrefix("aasa-lint: error: --manifest"), "\(notManifest.stderr)")
    #expect(notManifest.stderr.contains("is not an AndroidManifest.xml"))
    let otherPackage = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "/albums/1", "--manifest",
        "examples/android/AndroidManifest.xml", "--package", "com.example.other",
      ], in: BuiltProducts.packageRoot)
    expectCleanFailure(otherPackage)
    #expect(otherPackage.stderr.contains("--package com.example.other"), "\(otherPackage.stderr)")
    #expect(otherPackage.stderr.contains("com.example.shop"), "\(otherPackage.stderr)")
  }

  @Test(
    "a --placeholder without = is a usage error in route and check too",
    arguments: [
      ["route", "--site", "examples/site", "--domain", "example.com", "/albums/1"],
      ["check"],
    ])
  func badPlaceholder(command: [String]) async throws {
    let result = try await LintProcess.run(
      command + [
        "--manifest", "examples/android/AndroidManifest.xml", "--placeholder", "hostName",
      ],
      in: BuiltProducts.packageRoot)
    expectCleanFailure(result)
    #expect(result.stderr.hasPrefix("aasa-lint: error: --placeholder hostName"), "\(result.stderr)")
  }

  @Test(
    "a mistyped flag is named first, with the flag meant",
    arguments: [
      (["route", "--sit", "https://127.0.0.1:1", "/x"], "--sit", "--site"),
      (["new", "aasa", "--paht", "/x"], "--paht", "--path"),
      (["diff", "a.json", "b.json", "--exit-cod"], "--exit-cod", "--exit-code"),
      (["site.json", "--verbos"], "--verbos", "--verbose"),
    ])
  func mistypedFlag(arguments: [String], typo: String, meant: String) async throws {
    let result = try await LintProcess.run(arguments)
    expectCleanFailure(result)
    #expect(
      result.stderr.hasPrefix("aasa-lint: error: "), "one start for every error: \(result.stderr)")
    #expect(result.stderr.contains("unknown option \(typo)"), "\(result.stderr)")
    #expect(result.stderr.contains("did you mean \(meant)?"), "\(result.stderr)")
  }

  @Test("ArgumentParser's errors start as aasa-lint's own do, and --timeout says its real range")
  func oneErrorStart() async throws {
    let timeout = try await LintProcess.run(["check", "https://127.0.0.1:1", "--timeout", "0"])
    expectCleanFailure(timeout)
    #expect(
      timeout.stderr.hasPrefix(
        "aasa-lint: error: --timeout must be more than 0 and at most 600 seconds"),
      "\(timeout.stderr)")
    let missing = try await LintProcess.run(["route", "/x"])
    expectCleanFailure(missing)
    #expect(missing.stderr.hasPrefix("aasa-lint: error: "), "\(missing.stderr)")
  }

  @Test("diff fetches an https:// side as aasa-lint URL does")
  func diffFetchesAURL() async throws {
    let root = BuiltProducts.packageRoot
    let new = try Data(contentsOf: root.appendingPathComponent("examples/new.json"))
    let server = try await LoopbackHTTPS(routes: [
      "/.well-known/apple-app-site-association": ("application/json", Array(new))
    ])
    let url = "https://localhost:\(server.port)/.well-known/apple-app-site-association"
    let fetched = try await LintProcess.run(
      ["diff", "examples/old.json", url, "--ca-file", server.certificate], in: root)
    let local = try await LintProcess.run(
      ["diff", "examples/old.json", "examples/new.json"], in: root)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    #expect(!fetched.stderr.contains("No such file"), "\(fetched.stderr)")
    // The same diff, the new side named by its URL.
    #expect(
      fetched.stdout == local.stdout.replacingOccurrences(of: "examples/new.json", with: url),
      "\(fetched.stdout)")
    let refused = try await LintProcess.run(
      ["diff", "examples/old.json", "https://127.0.0.1:1/x"], in: root)
    expectCleanFailure(refused)
    #expect(refused.stderr.contains("refused"), "\(refused.stderr)")
  }

  @Test("new entitlements -o writes a whole .entitlements that route --entitlements reads")
  func newEntitlementsFileIsRead() async throws {
    let directory = try TemporaryDirectory(label: "new-entitlements")
    let path = directory.file("App.entitlements")
    let written = try await LintProcess.run([
      "new", "entitlements", "--domain", "example.com", "-o", path,
    ])
    #expect(written.status == 0, "\(written.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("<?xml"), "\(text)")
    let route = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "/albums/1", "--app",
        Self.app, "--entitlements", path, "--format", "json",
      ], in: BuiltProducts.packageRoot)
    #expect(route.status == 0, "\(route.stderr)")
    #expect(route.stdout.contains(#""entitlementCoversHost" : true"#), "\(route.stdout)")
    // Standard output keeps the lines to paste into an existing file.
    let pasted = try await LintProcess.run(["new", "entitlements", "--domain", "example.com"])
    #expect(pasted.stdout.hasPrefix("<!--"), "\(pasted.stdout)")
  }
}
