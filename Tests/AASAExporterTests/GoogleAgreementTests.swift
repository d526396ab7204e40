import Foundation
import TestSupport
import Testing

@testable import AASAExporter

/// `aasa_google_agrees`: a module with `"google": true` probed in process against a site over TLS
/// on 127.0.0.1 and a stub of Google's Digital Asset Links API on loopback
/// (`google_api_base`), which reads the same grants as the file, or others; and Google's answer
/// kept for the `maxAge` it says, so that a second probe neither asks again nor sees a changed
/// answer.
@Suite(.serialized) struct GoogleAgreementTests {
  static let apiPath = "/google/v1/statements:list"

  /// What Google's `statements:list` answers for a site whose assetlinks.json grants
  /// `com.example.app` the certificate `fingerprint`, kept for `maxAge`.
  static func googleAnswer(_ fingerprint: String, maxAge: String = "600s") -> String {
    """
    {"statements": [{"source": {"web": {"site": "https://127.0.0.1."}},
      "relation": "delegate_permission/common.handle_all_urls",
      "target": {"androidApp": {"packageName": "com.example.app",
        "certificate": {"sha256Fingerprint": "\(fingerprint)"}}}}],
     "maxAge": "\(maxAge)", "debugString": ""}
    """
  }

  /// The value of the first sample of `name` (with no labels) in an exposition.
  static func value(_ name: String, in body: String) -> String? {
    body.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map {
      String($0.dropFirst(name.count + 1))
    }
  }

  /// A site granting com.example.app, Google's API answering `google`, and a handler whose
  /// module asks Google (not Apple's CDN).
  static func setUp(google: String, in directory: TemporaryDirectory) async throws -> (
    site: StubHTTPS, api: StubHTTPS, handler: ExporterHandler
  ) {
    let certificate = try LoopbackCertificate(in: directory)
    let site = try await StubHTTPS.start(
      certificate: certificate,
      answers: [
        "/.well-known/apple-app-site-association": .json(ExporterHandlerTests.association),
        "/.well-known/assetlinks.json": .json(ExporterHandlerTests.assetLinks),
      ])
    let api = try await StubHTTPS.start(
      certificate: certificate, answers: [apiPath: .json(google)])
    let (handler, _) = try ExporterHandlerTests.handler(
      """
      {"modules": {"default": {"cdn": false, "google": true, "android": [
        {"package": "com.example.app", "fingerprints": ["\(ExporterHandlerTests.fingerprint)"]}]}},
       "google_api_base": "https://127.0.0.1:\(api.port)/google"}
      """, in: directory, certificate: certificate)
    return (site, api, handler)
  }

  @Test func googleReadingTheSameGrantsAgreesAndIsAskedOncePerMaxAge() async throws {
    let directory = try TemporaryDirectory(label: "exporter-google-agrees")
    let (site, api, handler) = try await Self.setUp(
      google: Self.googleAnswer(ExporterHandlerTests.fingerprint), in: directory)
    let target = "/probe?target=127.0.0.1:\(site.port)"
    let first = await ExporterHandlerTests.get(handler, target, timeout: "20")
    #expect(first.status == 200)
    #expect(first.body.contains("aasa_google_agrees 1.0"), "\(first.body)")
    #expect(
      first.body.contains(
        #"aasa_requirement_status{file="assetlinks.json",requirement="google",status="pass"} 1.0"#))
    #expect(first.body.contains(#"aasa_android_grant{package="com.example.app"} 1.0"#))
    #expect(api.requests(Self.apiPath) == 1)
    let askedAt = try #require(Self.value("aasa_google_fetched_timestamp_seconds", in: first.body))

    // Google now reads other grants, but said its answer holds for 600 s: the second probe uses
    // the kept answer, and says when it was really asked.
    api.set(Self.apiPath, .json(Self.googleAnswer(ExporterHandlerTests.otherFingerprint)))
    let second = await ExporterHandlerTests.get(handler, target, timeout: "20")
    #expect(second.body.contains("aasa_google_agrees 1.0"), "\(second.body)")
    #expect(api.requests(Self.apiPath) == 1)
    #expect(Self.value("aasa_google_fetched_timestamp_seconds", in: second.body) == askedAt)
    let own = await ExporterHandlerTests.get(handler, "/metrics")
    #expect(
      own.body.contains(
        #"aasa_exporter_third_party_answers_total{party="google_api",source="asked"} 1"#),
      "\(own.body)")
    #expect(
      own.body.contains(
        #"aasa_exporter_third_party_answers_total{party="google_api",source="cache"} 1"#))
    await site.stop()
    await api.stop()
    #expect(try await ExporterPrometheusTests.lint(first.body) == nil)
  }

  @Test func googleReadingOtherGrantsDisagreesAndFailsTheProbe() async throws {
    let directory = try TemporaryDirectory(label: "exporter-google-disagrees")
    let (site, api, handler) = try await Self.setUp(
      google: Self.googleAnswer(ExporterHandlerTests.otherFingerprint), in: directory)
    let answer = await ExporterHandlerTests.get(
      handler, "/probe?target=127.0.0.1:\(site.port)", timeout: "20")
    await site.stop()
    await api.stop()
    #expect(answer.status == 200)
    #expect(answer.body.contains("aasa_google_agrees 0.0"), "\(answer.body)")
    #expect(
      answer.body.contains(
        #"aasa_requirement_status{file="assetlinks.json",requirement="google",status="fail"} 1.0"#))
    // The file itself still grants the app: only Google's reading differs.
    #expect(answer.body.contains(#"aasa_android_grant{package="com.example.app"} 1.0"#))
    #expect(answer.body.contains("aasa_probe_success 0.0"))
    #expect(api.requests(Self.apiPath) == 1)
    #expect(try await ExporterPrometheusTests.lint(answer.body) == nil)
  }
}
