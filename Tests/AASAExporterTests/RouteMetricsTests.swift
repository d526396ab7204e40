import Foundation
import TestSupport
import Testing

@testable import AASAExporter

/// `aasa_route_paths_failed`, `aasa_route_expectations` and `aasa_route_expectations_failed` of
/// a module with paths and an expect table, probed in process against a site over TLS on
/// 127.0.0.1 where some pass and some fail; then against the same site with no association file,
/// where every path and every row of the table fails (not the one `route` line that says so).
@Suite(.serialized) struct RouteMetricsTests {
  static let associationPath = "/.well-known/apple-app-site-association"

  @Test func failingPathsAndRowsAreCountedAndAllOfThemWithoutAFile() async throws {
    let directory = try TemporaryDirectory(label: "exporter-routes")
    let certificate = try LoopbackCertificate(in: directory)
    let site = try await StubHTTPS.start(
      certificate: certificate,
      answers: [Self.associationPath: .json(ExporterHandlerTests.association)])
    // The file opens /albums/* in the app and nothing else.
    _ = try directory.write(
      "routes.tsv",
      """
      # url\texpected
      /albums/1\t9JA89QQLNQ.com.example.app
      /help\tnone
      /settings\t9JA89QQLNQ.com.example.app
      /albums/7\tnone
      /about\tnone

      """)
    let (handler, _) = try ExporterHandlerTests.handler(
      """
      {"modules": {"default": {"cdn": false, "app": "9JA89QQLNQ.com.example.app",
        "paths": ["/albums/1", "/albums/2", "/help", "/settings"], "expect": "routes.tsv"}}}
      """, in: directory, certificate: certificate)
    let target = "/probe?target=127.0.0.1:\(site.port)"

    let routed = await ExporterHandlerTests.get(handler, target, timeout: "20")
    #expect(routed.status == 200)
    // /help and /settings open no app.
    #expect(routed.body.contains("aasa_route_paths_failed 2.0"), "\(routed.body)")
    #expect(routed.body.contains("aasa_route_expectations 5.0"))
    // /settings opens no app; /albums/7 opens the app where the table says none.
    #expect(routed.body.contains("aasa_route_expectations_failed 2.0"))
    #expect(
      routed.body.contains(
        #"aasa_requirement_status{file="routes",requirement="expect",status="fail"} 1.0"#))

    site.set(Self.associationPath, nil)
    let unrouted = await ExporterHandlerTests.get(handler, target, timeout: "20")
    await site.stop()
    #expect(unrouted.status == 200)
    #expect(unrouted.body.contains("aasa_route_paths_failed 4.0"), "\(unrouted.body)")
    #expect(unrouted.body.contains("aasa_route_expectations 5.0"))
    #expect(unrouted.body.contains("aasa_route_expectations_failed 5.0"))
    #expect(
      unrouted.body.contains(
        #"aasa_requirement_status{file="routes",requirement="route",status="fail"} 1.0"#))
    #expect(try await ExporterPrometheusTests.lint(routed.body) == nil)
    #expect(try await ExporterPrometheusTests.lint(unrouted.body) == nil)
  }
}
