import AASACore
import AASALiveCheck
import Foundation
import TestSupport

/// Files the test sites serve.
enum Fixtures {
  static let app = "D3KQX62K1A.com.example.photoapp"

  static let association = """
    {
      "applinks": {
        "details": [
          {
            "appIDs": ["D3KQX62K1A.com.example.photoapp"],
            "components": [
              { "/": "/account/*", "exclude": true },
              { "/": "/albums/*" }
            ]
          }
        ]
      }
    }
    """

  static let assetLinks = """
    [{
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {
        "namespace": "android_app",
        "package_name": "com.example.photoapp",
        "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
      }
    }]
    """

  /// An association file with one lint error (a string for a boolean) and nothing else wrong.
  static let associationWithALintError = """
    {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.photoapp"], \
    "components": [{"/": "/albums/*", "caseSensitive": "no"}]}]}}
    """

  /// A body sent with `Content-Encoding: encoding`.
  static func encoded(_ body: [UInt8], as encoding: String) -> StubHTTPS.Answer {
    StubHTTPS.Answer(
      headers: [("Content-Type", "application/json"), ("Content-Encoding", encoding)], body: body)
  }

  /// A correctly served site: the association file at both locations, and assetlinks.json.
  static func correctSite(_ path: String) -> StubHTTPS.Answer {
    switch path {
    case "/.well-known/apple-app-site-association", "/apple-app-site-association":
      .json(association)
    case "/.well-known/assetlinks.json": .json(assetLinks)
    default: .notFound
    }
  }

  /// A correct site except that the well-known association file answers with `response`.
  static func site(serving response: StubHTTPS.Answer) -> StubHTTPS.PathRoutes {
    { path in
      path == "/.well-known/apple-app-site-association" ? response : correctSite(path)
    }
  }

  /// The options of a check of `server`, trusting `certificate` unless told otherwise. The
  /// timeout is the blow-up bound, so that only a hang reaches it: the whole suite runs at once on
  /// a small machine, where a loopback answer can wait seconds for a core (beside a release build,
  /// two levels of includes once used up a shared 30 s); the tests of timeouts give their own.
  static let timeout = BlowUpBound.limit.timeInterval

  static func options(
    _ server: StubHTTPS, trusting certificate: TestCertificate?, paths: [String] = [],
    app: String? = nil, timeout: Double = Fixtures.timeout
  ) throws -> LiveCheckOptions {
    let trust = try certificate.map { try TrustRoots.caFile($0.certificatePath) } ?? .system
    return LiveCheckOptions(
      site: SiteAddress(host: "127.0.0.1", port: server.port), paths: paths, app: app,
      trust: trust, timeoutSeconds: timeout)
  }
}

/// Starts a server that answers by more than the path for the length of `body`.
func withServer<T>(
  certificate: TestCertificate, requestRoutes: @escaping StubHTTPS.RequestRoutes,
  _ body: (StubHTTPS) async throws -> T
) async throws -> T {
  let server = try await StubHTTPS.start(
    certificate: certificate, requestRoutes: requestRoutes)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// Starts a server for the length of `body`, and stops it afterwards whatever happens.
func withServer<T>(
  certificate: TestCertificate, routes: @escaping StubHTTPS.PathRoutes,
  _ body: (StubHTTPS) async throws -> T
) async throws -> T {
  let server = try await StubHTTPS.start(certificate: certificate, routes: routes)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}
