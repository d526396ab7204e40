import AASAHosting
import Foundation
import Logging
import TestSupport

@testable import AASAValidator

/// A validator on an in-process listener on 127.0.0.1 (a free port), and a raw HTTP/1.1 client
/// for it: requests as written, so that a wrong Host or Origin is sent exactly.
final class ValidatorHarness: Sendable {
  let listener: HostedListener
  let port: Int

  init(_ configuration: ValidatorConfiguration = ValidatorConfiguration(listenHost: "127.0.0.1"))
    async throws
  {
    // The whole suite runs at once on few cores: the server's own deadlines are not what these
    // tests measure, so they are long enough that a starved loop does not close a connection.
    let limits = HostingLimits(idleTimeout: .seconds(120), headerTimeout: .seconds(120))
    listener = try await HostedListener.bind(
      host: "127.0.0.1", port: 0, flag: "--listen", limits: limits,
      handler: ValidatorHandler(
        configuration: configuration,
        logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
    port = listener.localAddress?.port ?? 0
  }

  func close() async { await listener.close() }

  struct Response: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
    /// The error document's code, when it is one.
    var errorCode: String? {
      guard let object = JSONText.parse(text) as? [String: Any],
        let error = object["error"] as? [String: Any]
      else { return nil }
      return error["code"] as? String
    }
  }

  /// Sends one request (`Connection: close`) and reads the answer, on a thread of its own so that
  /// no task thread blocks on the socket.
  func send(
    _ method: String, _ path: String, body: String? = nil,
    contentType: String? = "application/json",
    headers: [(String, String)] = [], host: String? = nil
  ) async throws -> Response {
    var request = "\(method) \(path) HTTP/1.1\r\n"
    request += "Host: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    if let body {
      if let contentType { request += "Content-Type: \(contentType)\r\n" }
      request += "Content-Length: \(body.utf8.count)\r\n"
    }
    request += "Connection: close\r\n\r\n"
    request += body ?? ""
    let bytes = Array(request.utf8)
    let port = self.port
    let received: [UInt8] = try await withCheckedThrowingContinuation { continuation in
      Thread {
        do {
          let descriptor = try System.connectToLoopback(port: port)
          defer { System.close(descriptor) }
          System.send(descriptor, bytes)
          continuation.resume(returning: System.receiveUntilClosed(descriptor, timeout: 60))
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
    return Self.parse(received)
  }

  static func parse(_ bytes: [UInt8]) -> Response {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var split = bytes.count
    if bytes.count >= 4 {
      for index in 0...(bytes.count - 4) where Array(bytes[index..<index + 4]) == separator {
        split = index
        break
      }
    }
    let head = String(decoding: bytes[..<split], as: UTF8.self).components(separatedBy: "\r\n")
    let status =
      head.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    let headers = head.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    let body = split + 4 <= bytes.count ? Array(bytes[(split + 4)...]) : []
    return Response(status: status, headers: headers, body: body)
  }

  /// A JSON body for `object`.
  static func json(_ object: [String: Any]) -> String {
    String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
  }
}
