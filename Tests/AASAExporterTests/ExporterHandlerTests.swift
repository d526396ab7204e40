import AASAHosting
import AASALiveCheck
import Foundation
import Logging
import NIOCore
import NIOPosix
import TestSupport
import Testing

@testable import AASAExporter

/// The exporter's answers in process, against sites over TLS on 127.0.0.1: Android's grants and
/// Apple's CDN failure as metrics, a stalled origin answered within the scrape's timeout, and a
/// reload that refuses a broken file and keeps the configuration in force.
@Suite(.serialized) struct ExporterHandlerTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let otherFingerprint =
    "AA:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  static let assetLinks = """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.app",
                 "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
    """

  static let association =
    #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], "components": [{"/": "/albums/*"}]}]}}"#

  /// A handler whose configuration is `json`, trusting `certificate`'s authority, allowing
  /// 127.0.0.1.
  static func handler(
    _ json: String, in directory: TemporaryDirectory, certificate: LoopbackCertificate
  ) throws -> (ExporterHandler, String) {
    let path = try directory.write("exporter.json", json)
    let state = try ExporterState(
      configurationPath: path, policy: FetchPolicyRules.loopback(),
      caFile: certificate.authorityFile, concurrency: 4, logger: Logger(label: "test"))
    return (ExporterHandler(state: state, logger: Logger(label: "test")), path)
  }

  static func get(_ handler: ExporterHandler, _ target: String, timeout: String? = nil) async
    -> (status: Int, body: String)
  {
    let response = await handler.respond(
      to: HostedRequest(
        method: "GET", target: target,
        headers: timeout.map { [("X-Prometheus-Scrape-Timeout-Seconds", $0)] } ?? [], body: [],
        remoteAddress: "127.0.0.1"))
    return (response.status, String(decoding: response.body, as: UTF8.self))
  }

  @Test func androidGrantsAndApplesFailureReasonBecomeMetrics() async throws {
    let directory = try TemporaryDirectory(label: "exporter-handler")
    let certificate = try LoopbackCertificate(in: directory)
    let site = try await StubHTTPS.start(
      certificate: certificate,
      answers: [
        "/.well-known/apple-app-site-association": .json(Self.association),
        "/.well-known/assetlinks.json": .json(Self.assetLinks),
      ])
    let cdn = try await StubHTTPS.start(
      certificate: certificate,
      answers: ["/a/v1/127.0.0.1": .appleCDNFailure("SWCERR00301 Timeout", maxAge: 3600)])
    let (handler, _) = try Self.handler(
      """
      {"modules": {"default": {"android": [
        {"package": "com.example.app", "fingerprints": ["\(Self.fingerprint)"]},
        {"package": "com.example.other", "fingerprints": ["\(Self.otherFingerprint)"]}]}},
       "apple_cdn_base": "https://127.0.0.1:\(cdn.port)/a/v1"}
      """, in: directory, certificate: certificate)
    let answer = await Self.get(handler, "/probe?target=127.0.0.1:\(site.port)", timeout: "20")
    await site.stop()
    await cdn.stop()
    #expect(answer.status == 200)
    #expect(
      answer.body.contains(#"aasa_android_grant{package="com.example.app"} 1.0"#), "\(answer.body)")
    #expect(answer.body.contains(#"aasa_android_grant{package="com.example.other"} 0.0"#))
    #expect(answer.body.contains(#"aasa_cdn_failure{cause="timeout",code="SWCERR00301"} 1.0"#))
    #expect(answer.body.contains("aasa_cdn_matches_origin 0.0"))
    #expect(answer.body.contains("aasa_cdn_max_age_seconds 3600.0"))
    #expect(
      answer.body.contains(
        #"aasa_requirement_status{file="cdn",requirement="cdn",status="fail"} 1.0"#))
    // The CDN's failure fails the check, as `check` says.
    #expect(answer.body.contains("aasa_probe_success 0.0"))
    #expect(try await ExporterPrometheusTests.lint(answer.body) == nil)
  }

  @Test func aStalledOriginIsAnsweredWithinTheScrapeTimeout() async throws {
    let directory = try TemporaryDirectory(label: "exporter-stall")
    let certificate = try LoopbackCertificate(in: directory)
    let silent = try await SilentListener.start()
    let port = silent.port
    let (handler, _) = try Self.handler(
      #"{"modules": {"default": {"cdn": false}}}"#, in: directory, certificate: certificate)
    let start = ContinuousClock.now
    let answer = await Self.get(handler, "/probe?target=127.0.0.1:\(port)", timeout: "2")
    let took = ContinuousClock.now - start
    await silent.stop()
    #expect(answer.status == 200)
    #expect(answer.body.contains("aasa_probe_success 0.0"))
    #expect(answer.body.contains("aasa_probe_timeout_seconds 1.5"))
    // Only against a hang: the answer is due at 1.5 s.
    #expect(took < .seconds(60))
  }

  @Test func aReloadRefusesABrokenFileAndKeepsTheOneInForce() async throws {
    let directory = try TemporaryDirectory(label: "exporter-reload")
    let certificate = try LoopbackCertificate(in: directory)
    let (handler, path) = try Self.handler(
      #"{"modules": {"first": {}}}"#, in: directory, certificate: certificate)
    let reload = HostedRequest(
      method: "POST", target: "/-/reload", headers: [], body: [], remoteAddress: nil)

    _ = try directory.write("exporter.json", #"{"modules": {"second": {"pahts": []}}}"#)
    let refused = await handler.respond(to: reload)
    #expect(refused.status == 500)
    #expect(
      String(decoding: refused.body, as: UTF8.self)
        == "failed to reload the configuration: \(path):1:25: \"pahts\" is not a key of a module; did you mean \"paths\"?\n"
    )
    #expect(await handler.state.configuration.modules.keys.sorted() == ["first"])
    let page = await Self.get(handler, "/")
    #expect(page.body.contains("the last reload failed"))

    _ = try directory.write("exporter.json", #"{"modules": {"second": {}}}"#)
    #expect(await handler.respond(to: reload).status == 200)
    #expect(await handler.state.configuration.modules.keys.sorted() == ["second"])
    let own = await Self.get(handler, "/metrics")
    #expect(own.body.contains(#"aasa_exporter_config_reloads_total{result="failure"} 1"#))
    #expect(own.body.contains(#"aasa_exporter_config_reloads_total{result="success"} 2"#))
    #expect(own.body.contains("aasa_exporter_config_last_reload_successful 1.0"))
    // Unknown paths and methods.
    #expect(await Self.get(handler, "/nothing").status == 404)
    let post = await handler.respond(
      to: HostedRequest(method: "POST", target: "/probe", headers: [], body: [], remoteAddress: nil)
    )
    #expect(post.status == 405)
  }
}

/// An allowlist of 127.0.0.1 (any port).
enum FetchPolicyRules {
  static func loopback() throws -> AASALiveCheck.FetchPolicy {
    AASALiveCheck.FetchPolicy(rules: [try AASALiveCheck.AllowRule(parsing: "127.0.0.1")])
  }
}
