import Foundation
import TestSupport
import Testing

/// `aasa-lint https://…/page`: fetched over HTTPS as a resolver fetches it, through redirects,
/// from a loopback server with a certificate made for the test.
@Suite("Fetching a page over HTTPS")
struct AppLinksFetchTests {
  /// A Python HTTPS server: /start redirects twice to /docs, which answers only requests that
  /// ask for `Prefer-Html-Meta-Tags: al`; /loop redirects to itself. It prints its port.
  static let server = #"""
    import http.server, ssl, sys
    PAGE = b'<html><head><meta property="al:ios:url" content="bolts://docs"></head></html>'
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            hops = {"/start": "/middle", "/middle": "/docs", "/loop": "/loop"}
            if self.path in hops:
                self.send_response(302); self.send_header("Location", hops[self.path])
                self.send_header("Content-Length", "0"); self.end_headers(); return
            if self.path == "/docs" and "al" in self.headers.get("Prefer-Html-Meta-Tags", "").split(","):
                self.send_response(200); self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(PAGE))); self.end_headers()
                self.wfile.write(PAGE); return
            self.send_response(406); self.send_header("Content-Length", "0"); self.end_headers()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  @Test(
    "redirects are followed, Prefer-Html-Meta-Tags: al is sent, the URL asked for is the source")
  func fetchThroughRedirects() async throws {
    let directory = try TemporaryDirectory(label: "applinks-fetch")
    let key = directory.file("key.pem")
    let certificate = directory.file("cert.pem")
    let made = try await ChildProcess.run(
      ExecutableLookup.require("openssl"),
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
        "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
      ])
    try #require(made.status == 0, "\(made.stderr)")
    let script = try directory.write("server.py", Self.server)

    let process = try SpawnedProcess(
      ExecutableLookup.require("python3"), [script, certificate, key], stdout: .pipe,
      stderr: .inherit)
    // A server left running holds the runner's output pipe open, so `swift test` never ends:
    // SIGKILL it here (it is reaped as `process` goes away), which also keeps `process` alive
    // until the test's end.
    defer { process.kill() }
    let portLine = await process.firstLineOfOutput() ?? ""
    let port = try #require(Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)))

    let start = "https://localhost:\(port)/start"
    let output = try await LintProcess.run([
      start, "--ca-file", certificate, "--platform", "iphone", "--installed", "bolts",
      "--format", "json", "--timeout", "10",
    ])
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect((report["appLink"] as? [String: Any])?["sourceURL"] as? String == start)
    let navigation = try #require(report["navigation"] as? [String: Any])
    #expect(navigation["type"] as? String == "app")
    #expect(
      (navigation["appLinkData"] as? [String: Any])?["target_url"] as? String == start)

    let loop = try await LintProcess.run([
      "https://localhost:\(port)/loop", "--ca-file", certificate, "--timeout", "10",
    ])
    expectCleanFailure(loop)
    #expect(loop.stderr.contains("cycle") || loop.stderr.contains("redirects"))

    let untrusted = try await LintProcess.run([
      "https://localhost:\(port)/start", "--timeout", "10",
    ])
    expectCleanFailure(untrusted)
  }
}
