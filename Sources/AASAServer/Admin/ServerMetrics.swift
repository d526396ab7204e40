import Metrics
import NIOConcurrencyHelpers
import NIOCore
import Prometheus

/// What `/metrics` exports, recorded through swift-metrics into a Prometheus registry:
/// - `aasa_requests_total{status,protocol}` (and `site` under `--sites`), `aasa_response_body_bytes_total{protocol}` and the
///   `aasa_request_duration_seconds` histogram (the read that completes the head to the response
///   handed to the socket);
/// - `aasa_open_connections`;
/// - `aasa_tls_handshakes_total` and `aasa_tls_handshake_failures_total{reason}`;
/// - `aasa_reloads_total` and `aasa_reload_failures_total`;
/// - `aasa_certificate_reloads_total` and `aasa_certificate_reload_failures_total` (`--tls-dir`:
///   certificates taken, and bad ones refused, the previous one kept);
/// - `aasa_association_file_valid{path}` (1 or 0) and `aasa_association_file_age_seconds{path}`;
/// - `aasa_log_lines_dropped_total`;
/// - `aasa_sites_without_certificate` (`--sites` with `--tls-dir`);
/// - `aasa_link_answers_total{answer}` (and `site` under `--sites`): the answers of `links.json`
///   rules, by which (`ios`, `android`, `web`, `in_app`, `preview`).
///
/// Until `bootstrap` runs (unit tests), everything is recorded nowhere.
public final class ServerMetrics: @unchecked Sendable {
  // @unchecked: swift-metrics types are thread-safe; the tables are only touched under
  // `tables`' lock.

  /// Set by `bootstrap`; the server records into it from every event loop.
  nonisolated(unsafe) public private(set) static var shared = ServerMetrics(registry: nil)

  private let registry: PrometheusCollectorRegistry?
  /// The metrics made on first use, by their dimensions, and the dropped log lines counted so far.
  private struct Tables {
    var requestCounters: [String: Metrics.Counter] = [:]
    var byteCounters: [String: Metrics.Counter] = [:]
    var handshakeFailures: [String: Metrics.Counter] = [:]
    var linkAnswers: [String: Metrics.Counter] = [:]
    var fileGauges: [String: (valid: Metrics.Gauge, age: Metrics.Gauge)] = [:]
    var droppedReported = 0
  }
  private let tables = NIOLockedValueBox(Tables())
  private let duration: Metrics.Timer
  private let handshakes: Metrics.Counter
  private let reloads: Metrics.Counter
  private let reloadFailures: Metrics.Counter
  private let certificateReloads: Metrics.Counter
  private let certificateReloadFailures: Metrics.Counter
  private let openConnections: Metrics.Gauge
  private let droppedLogLines: Metrics.Counter
  private let sitesWithoutCertificate: Metrics.Gauge

  private init(registry: PrometheusCollectorRegistry?) {
    self.registry = registry
    duration = Metrics.Timer(label: "aasa_request_duration_seconds")
    handshakes = Metrics.Counter(label: "aasa_tls_handshakes_total")
    reloads = Metrics.Counter(label: "aasa_reloads_total")
    reloadFailures = Metrics.Counter(label: "aasa_reload_failures_total")
    certificateReloads = Metrics.Counter(label: "aasa_certificate_reloads_total")
    certificateReloadFailures = Metrics.Counter(label: "aasa_certificate_reload_failures_total")
    openConnections = Metrics.Gauge(label: "aasa_open_connections")
    droppedLogLines = Metrics.Counter(label: "aasa_log_lines_dropped_total")
    sitesWithoutCertificate = Metrics.Gauge(label: "aasa_sites_without_certificate")
  }

  /// Makes swift-metrics record into a Prometheus registry. Once per process, before serving.
  public static func bootstrap() {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    // Responses are answered from memory: most take well under a millisecond.
    factory.defaultDurationHistogramBuckets = [
      .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
      .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
      .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
      .seconds(5),
    ]
    MetricsSystem.bootstrap(factory)
    shared = ServerMetrics(registry: registry)
  }

  /// The two counters a request adds to, for one status, protocol and site.
  struct RequestCounters {
    let status: UInt
    let protocolName: String
    let site: String?
    let requests: Metrics.Counter
    let bodyBytes: Metrics.Counter
  }

  /// The counters for a status, protocol and site, made on first use. Looked up under the lock:
  /// callers keep the last ones (`RequestCounterCache`) instead of asking for every request.
  func requestCounters(status: UInt, protocolName: String, site: String?) -> RequestCounters {
    tables.withLockedValue { tables in
      let key = "\(status) \(protocolName) \(site ?? "")"
      let requests =
        tables.requestCounters[key]
        ?? {
          var dimensions = [("status", String(status)), ("protocol", protocolName)]
          if let site { dimensions.append(("site", site)) }
          let counter = Metrics.Counter(label: "aasa_requests_total", dimensions: dimensions)
          tables.requestCounters[key] = counter
          return counter
        }()
      let bytes =
        tables.byteCounters[protocolName]
        ?? {
          let counter = Metrics.Counter(
            label: "aasa_response_body_bytes_total", dimensions: [("protocol", protocolName)])
          tables.byteCounters[protocolName] = counter
          return counter
        }()
      return RequestCounters(
        status: status, protocolName: protocolName, site: site, requests: requests,
        bodyBytes: bytes)
    }
  }

  /// Counts a request and its body bytes, and records its duration up to now.
  func recordRequest(_ counters: RequestCounters, bodyBytes: Int, started: NIODeadline) {
    counters.requests.increment()
    counters.bodyBytes.increment(by: bodyBytes)
    duration.recordNanoseconds((NIODeadline.now() - started).nanoseconds)
  }

  func recordHandshake() { handshakes.increment() }

  /// Counts a `links.json` answer. Both labels are the server's words: the answer's name from
  /// `LinkClient.answerName`, the site from the host table, so a client cannot make up labels.
  func recordLinkAnswer(_ answer: String, site: String?) {
    tables.withLockedValue { tables in
      let key = answer + " " + (site ?? "")
      return tables.linkAnswers[key]
        ?? {
          var dimensions = [("answer", answer)]
          if let site { dimensions.append(("site", site)) }
          let counter = Metrics.Counter(label: "aasa_link_answers_total", dimensions: dimensions)
          tables.linkAnswers[key] = counter
          return counter
        }()
    }.increment()
  }

  func recordHandshakeFailure(reason: String) {
    tables.withLockedValue { tables in
      tables.handshakeFailures[reason]
        ?? {
          let counter = Metrics.Counter(
            label: "aasa_tls_handshake_failures_total", dimensions: [("reason", reason)])
          tables.handshakeFailures[reason] = counter
          return counter
        }()
    }.increment()
  }

  /// `--sites` with `--tls-dir`: how many sites no certificate names (they get the default one,
  /// which Apple's and Google's fetchers refuse for them).
  func recordSitesWithoutCertificate(_ count: Int) { sitesWithoutCertificate.record(count) }

  func recordReload() { reloads.increment() }
  func recordReloadFailure() { reloadFailures.increment() }
  func recordCertificateReload() { certificateReloads.increment() }
  func recordCertificateReloadFailure() { certificateReloadFailures.increment() }

  /// The Prometheus text exposition, with the values that are read rather than counted brought
  /// up to date first.
  func exposition(
    openConnections count: Int, associationFiles: [(path: String, valid: Bool, age: Double)]
  ) -> [UInt8] {
    openConnections.record(count)
    tables.withLockedValue { tables in
      for file in associationFiles {
        let gauges =
          tables.fileGauges[file.path]
          ?? (
            Metrics.Gauge(label: "aasa_association_file_valid", dimensions: [("path", file.path)]),
            Metrics.Gauge(
              label: "aasa_association_file_age_seconds", dimensions: [("path", file.path)])
          )
        tables.fileGauges[file.path] = gauges
        gauges.valid.record(file.valid ? 1 : 0)
        gauges.age.record(file.age)
      }
      let dropped = LogWriter.standardOutput.droppedLines
      if dropped > tables.droppedReported {
        droppedLogLines.increment(by: dropped - tables.droppedReported)
        tables.droppedReported = dropped
      }
    }
    return registry?.emitToBuffer() ?? []
  }
}
