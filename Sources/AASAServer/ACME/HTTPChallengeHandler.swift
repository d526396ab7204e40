import AASAACME
import AASAHosting
import NIOPosix

/// `--acme-http-port N`: answers HTTP-01 (RFC 8555 §8.3) and nothing else, on a plain listener
/// with the site listener's limits (``HostedListener``). `GET /.well-known/acme-challenge/TOKEN`
/// for a Host with that pending challenge gets its key authorization; every other request 404,
/// never a redirect. One request, one answer, then the connection closes: a validator makes one
/// request.
struct HTTPChallengeHandler: HostedHandler {
  static let prefix = "/.well-known/acme-challenge/"
  let responder: ACMEChallengeResponder

  /// A validator sends no body; a request with one is not a validation.
  var maximumBodySize: Int { 0 }
  var answersOneRequestPerConnection: Bool { true }

  func respond(to request: HostedRequest) async -> HostedResponse {
    guard request.method == "GET" || request.method == "HEAD",
      request.target.hasPrefix(Self.prefix),
      let host = request.header("Host"), let name = HostName.key(forAuthority: host)
    else { return Self.notFound }
    let token = String(request.target.dropFirst(Self.prefix.count))
    let responder = self.responder
    // The folder is read on NIO's thread pool, not a cooperative thread: another replica's
    // challenge is there.
    let pending = try? await NIOThreadPool.singleton.runIfActive {
      responder.pendingChallenge(for: name, type: .http01)
    }
    guard let pending = pending ?? nil, pending.token == token else { return Self.notFound }
    CertificateMetrics.recordChallengeServed(type: .http01)
    return Self.text(200, pending.keyAuthorization.text)
  }

  func tooLarge() -> HostedResponse { Self.notFound }

  static let notFound = text(404, "not found\n")

  private static func text(_ status: Int, _ body: String) -> HostedResponse {
    HostedResponse(
      status: status, headers: [("content-type", "text/plain")], body: Array(body.utf8))
  }
}
