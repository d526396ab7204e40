import Foundation
import TestSupport
import Testing

/// A certificate for `localhost` made at test time with `openssl`, and an HTTPS server on
/// loopback (Python's) that answers fixed bodies by path: for tests of fetched files and pages.
final class LoopbackHTTPS {
  /// Answers by path: every other path gets 404.
  static let script = #"""
    import http.server, ssl, sys, json, base64
    ROUTES = json.load(open(sys.argv[3]))
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            path = self.path.split("?")[0]
            if path not in ROUTES:
                self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
            route = ROUTES[path]
            body = base64.b64decode(route["body"])
            self.send_response(200); self.send_header("Content-Type", route["type"])
            self.send_header("Content-Length", str(len(body))); self.end_headers()
            self.wfile.write(body)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  let directory: TemporaryDirectory
  let certificate: String
  let key: String
  let process: SpawnedProcess
  let port: Int

  /// Starts the server answering `routes` (path → content type and body).
  init(routes: [String: (type: String, body: [UInt8])]) async throws {
    directory = try TemporaryDirectory(label: "loopback-https")
    let made = try await Self.makeCertificate(in: directory)
    certificate = made.certificate
    key = made.key
    let table = routes.mapValues { ["type": $0.type, "body": Data($0.body).base64EncodedString()] }
    let routesFile = try directory.write(
      "routes.json", try JSONSerialization.data(withJSONObject: table))
    let script = try directory.write("server.py", Self.script)
    process = try SpawnedProcess(
      ExecutableLookup.require("python3"), [script, certificate, key, routesFile], stdout: .pipe,
      stderr: .inherit)
    let portLine = await process.firstLineOfOutput() ?? ""
    guard let port = Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.kill()
      await process.wait(timeout: .seconds(10))
      throw ChildProcess.Failure(description: "the HTTPS server did not start: \(portLine)")
    }
    self.port = port
  }

  /// `https://localhost:PORT` + `path`.
  func url(_ path: String) -> String { "https://localhost:\(port)\(path)" }

  /// A self-signed certificate for `localhost`, as the docs make one: one `openssl` line.
  static func makeCertificate(in directory: TemporaryDirectory) async throws -> (
    certificate: String, key: String
  ) {
    let key = directory.file("key.pem")
    let certificate = directory.file("cert.pem")
    let made = try await ChildProcess.run(
      ExecutableLookup.require("openssl"),
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
        "-days", "30", "-subj", "/CN=localhost", "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
      ])
    try #require(made.status == 0, "\(made.stderr)")
    return (certificate, key)
  }

  deinit {
    // A server left running holds the runner's output pipe open: kill it (SpawnedProcess reaps
    // it as it goes away, a matter of milliseconds once killed).
    process.kill()
  }
}
