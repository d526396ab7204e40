import Logging
import NIOCore

/// One log line per fetch the validator makes for someone (docs/validator.md, "What it logs"):
/// who asked, what was asked, the address it was vetted to (or the rule that refused it), the
/// outcome and the time. Written through swift-log, so `aasa-serve` writes it in its own format.
struct FetchLog: Sendable {
  var logger: Logger

  func record(
    endpoint: String, client: String?, host: String, port: Int, address: String?,
    outcome: String, started: NIODeadline
  ) {
    let micros = (NIODeadline.now() - started).nanoseconds / 1000
    logger.info(
      "fetch",
      metadata: [
        "endpoint": .string(endpoint),
        "client": .string(client ?? "-"),
        "host": .string(String(host.prefix(255))),
        "port": .stringConvertible(port),
        "address": .string(address ?? "-"),
        "outcome": .string(outcome),
        "duration_ms": .stringConvertible(Double(micros) / 1000),
      ])
  }
}
