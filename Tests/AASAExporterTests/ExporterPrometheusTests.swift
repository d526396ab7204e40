import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

/// The real thing: the built `aasa-lint exporter` probing an origin and a stub of Apple's CDN over
/// TLS on 127.0.0.1, scraped by Debian's `prometheus` with the blackbox-style relabelling of
/// docs/exporter.md and the shipped rules (examples/monitoring/aasa-rules.yml) loaded as they
/// are. A deploy on the origin shows in Prometheus's query API and fires AASAFileChanged; a
/// broken origin turns aasa_probe_success to 0; the CDN is asked once for many scrapes (its
/// max-age); `promtool check metrics` accepts every exposition. Skipped without prometheus.
@Suite(.serialized) struct ExporterPrometheusTests {
  static let app = "9JA89QQLNQ.com.example.app"

  static func association(paths: [String]) -> String {
    #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": ["#
      + paths.map { #"{"/": "\#($0)"}"# }.joined(separator: ", ") + "]}]}}"
  }

  static var prometheus: String? { ExecutableLookup.path(of: "prometheus") }
  static var promtool: String? { ExecutableLookup.path(of: "promtool") }

  /// `curl` of `url`: the body and the status.
  static func get(_ url: String, headers: [String] = []) async throws -> (body: String, status: Int)
  {
    let result = try await ChildProcess.run(
      ExecutableLookup.require("curl"),
      ["-s", "-S", "--max-time", "30", "-w", "\n%{http_code}"] + headers.flatMap { ["-H", $0] }
        + [url])
    var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let status = Int(lines.popLast() ?? "") ?? 0
    return (lines.joined(separator: "\n"), status)
  }

  /// `promtool check metrics` of an exposition: nil when it has nothing to say.
  static func lint(_ exposition: String) async throws -> String? {
    guard let promtool else { return nil }
    let result = try await ChildProcess.run(promtool, ["check", "metrics"], stdin: exposition)
    let said = (result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    return result.status == 0 && said.isEmpty ? nil : "status \(result.status): \(said)"
  }

  /// Polls Prometheus's instant query API until `accept` takes the result (each sample's
  /// labels and value), for at most `patience`.
  static func waitForQuery(
    _ prometheusURL: String, _ query: String, patience: Duration = .seconds(90),
    _ accept: ([(labels: [String: String], value: String)]) -> Bool
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + patience
    let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
    while ContinuousClock.now < deadline {
      if let answer = try? await get("\(prometheusURL)/api/v1/query?query=\(encoded)"),
        answer.status == 200, let samples = samples(answer.body), accept(samples)
      {
        return true
      }
      try await Task.sleep(for: .milliseconds(500))
    }
    return false
  }

  static func samples(_ body: String) -> [(labels: [String: String], value: String)]? {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      let data = object["data"] as? [String: Any], let result = data["result"] as? [[String: Any]]
    else { return nil }
    return result.map { sample in
      let labels = sample["metric"] as? [String: String] ?? [:]
      let value = (sample["value"] as? [Any])?.last as? String ?? ""
      return (labels, value)
    }
  }

  /// The alerts Prometheus has firing, by name.
  static func firing(_ prometheusURL: String) async throws -> Set<String> {
    let answer = try await get("\(prometheusURL)/api/v1/alerts")
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))
        as? [String: Any],
      let data = object["data"] as? [String: Any], let alerts = data["alerts"] as? [[String: Any]]
    else { return [] }
    return Set(
      alerts.compactMap { alert in
        guard alert["state"] as? String == "firing" else { return nil }
        return (alert["labels"] as? [String: String])?["alertname"]
      })
  }

  @Test(.enabled(if: prometheus != nil && promtool != nil, "Debian's prometheus is not installed"))
  func prometheusSeesADeployAndABrokenOriginAndAShippedRuleFires() async throws {
    let directory = try TemporaryDirectory(label: "exporter-prometheus")
    let certificate = try LoopbackCertificate(in: directory)
    let associationPath = "/.well-known/apple-app-site-association"
    let first = Self.association(paths: ["/albums/*"])
    let origin = try await StubHTTPS.start(
      certificate: certificate, answers: [associationPath: .json(first)])
    let cdnPath = "/a/v1/127.0.0.1"
    // The CDN holds the origin's file, and says it keeps it six hours.
    let cdn = try await StubHTTPS.start(
      certificate: certificate,
      answers: [
        cdnPath: .json(first, headers: [("Cache-Control", "max-age=21600,public"), ("Age", "120")])
      ])
    defer {
      Task {
        await origin.stop()
        await cdn.stop()
      }
    }
    let configuration = try directory.write(
      "exporter.json",
      """
      {"modules": {"default": {"app": "\(Self.app)", "paths": ["/albums/1"]}},
       "apple_cdn_base": "https://127.0.0.1:\(cdn.port)/a/v1"}
      """)
    let exporter = try SpawnedProcess(
      BuiltProducts.executable("aasa-lint"),
      [
        "exporter", "--listen", "127.0.0.1:0", "--allow", "127.0.0.1", "--ca-file",
        certificate.authorityFile, "--config", configuration,
      ], stdout: .file(directory.file("exporter.out")),
      stderr: .file(directory.file("exporter.err")))
    defer { exporter.terminate() }
    let exporterURL = try await waitForLine(directory.file("exporter.out"), exporter)
    let exporterAddress = String(exporterURL.dropFirst("http://".count).dropLast())
    let target = "127.0.0.1:\(origin.port)"

    // One probe by hand: success, and an exposition promtool accepts.
    let probe = try await Self.get(
      "\(exporterURL)probe?target=\(target)", headers: ["X-Prometheus-Scrape-Timeout-Seconds: 20"])
    #expect(probe.status == 200)
    #expect(probe.body.contains("aasa_probe_success 1.0"), "\(probe.body)")
    #expect(probe.body.contains("aasa_cdn_matches_origin 1.0"))
    #expect(probe.body.contains("aasa_fetchers_agree 1.0"))
    #expect(probe.body.contains("aasa_probe_timeout_seconds 19.5"))
    #expect(probe.body.contains(#"aasa_file_content_hash{file="apple-app-site-association"}"#))
    #expect(probe.body.contains("aasa_tls_certificate_expiry_timestamp_seconds"))
    #expect(try await Self.lint(probe.body) == nil)
    // A target off the allowlist (127.0.0.2 is loopback too, but no rule names it): 400, and
    // not even a connection.
    let outsider = try await StubHTTPS.start(
      certificate: certificate, answers: [associationPath: .json(first)], host: "127.0.0.2")
    let refused = try await Self.get("\(exporterURL)probe?target=127.0.0.2:\(outsider.port)")
    #expect(refused.status == 400)
    #expect(
      refused.body
        == "target 127.0.0.2:\(outsider.port) is not on the allowlist: start the exporter with --allow 127.0.0.2 (or its address, a network around it, *.DOMAIN), optionally :PORT\n"
    )
    #expect(outsider.connections == 0)
    await outsider.stop()

    let prometheusPort = try await SilentListener.freePort()
    let prometheusURL = "http://127.0.0.1:\(prometheusPort)"
    let rules = BuiltProducts.packageRoot.appendingPathComponent(
      "examples/monitoring/aasa-rules.yml"
    ).path
    let prometheusConfiguration = try directory.write(
      "prometheus.yml",
      """
      global:
        scrape_interval: 2s
        scrape_timeout: 2s
        evaluation_interval: 1s
      rule_files: ["\(rules)"]
      scrape_configs:
        - job_name: aasa
          metrics_path: /probe
          params: {module: [default]}
          static_configs: [{targets: ["\(target)"]}]
          relabel_configs:
            - {source_labels: [__address__], target_label: __param_target}
            - {source_labels: [__param_target], target_label: instance}
            - {source_labels: [__param_module], target_label: module}
            - {target_label: __address__, replacement: "\(exporterAddress)"}
        - job_name: aasa_exporter
          static_configs: [{targets: ["\(exporterAddress)"]}]
      """)
    let server = try SpawnedProcess(
      try #require(Self.prometheus),
      [
        "--config.file=\(prometheusConfiguration)",
        "--storage.tsdb.path=\(directory.file("tsdb"))",
        "--web.listen-address=127.0.0.1:\(prometheusPort)",
      ], stdout: .file(directory.file("prometheus.out")),
      stderr: .file(directory.file("prometheus.err")))
    defer { server.terminate() }

    // Prometheus scrapes the probe: the site passes, relabelled to its target.
    #expect(
      try await Self.waitForQuery(prometheusURL, #"aasa_probe_success{job="aasa"}"#) {
        $0.contains {
          $0.labels["instance"] == target && $0.labels["module"] == "default" && $0.value == "1"
        }
      },
      "\(((try? String(contentsOfFile: directory.file("prometheus.err"), encoding: .utf8)) ?? "").suffix(2000))"
    )
    #expect(
      try await Self.waitForQuery(prometheusURL, #"up{job="aasa_exporter"}"#) {
        $0.first?.value == "1"
      })

    // A deploy: the hash changes, the CDN's cached copy now differs, AASAFileChanged fires.
    origin.set(associationPath, .json(Self.association(paths: ["/albums/*", "/help/*"])))
    #expect(
      try await Self.waitForQuery(
        prometheusURL, #"changes(aasa_file_content_hash{job="aasa"}[5m])"#
      ) { $0.first.map { $0.value != "0" } ?? false })
    #expect(
      try await Self.waitForQuery(prometheusURL, #"aasa_cdn_matches_origin{job="aasa"}"#) {
        $0.first?.value == "0"
      })
    #expect(
      try await Self.waitForQuery(
        prometheusURL, #"ALERTS{alertname="AASAFileChanged",alertstate="firing"}"#
      ) {
        !$0.isEmpty
      })
    #expect(try await Self.firing(prometheusURL).contains("AASAFileChanged"))
    // Many scrapes, one question to the CDN: its answer is kept for its max-age less its Age.
    #expect(origin.requests(associationPath) > 4)
    #expect(cdn.requests(cdnPath) == 1)

    // A broken origin (a 404 for the file): the probe fails in Prometheus.
    origin.set(associationPath, nil)
    #expect(
      try await Self.waitForQuery(prometheusURL, #"aasa_probe_success{job="aasa"}"#) {
        $0.first?.value == "0"
      })
    #expect(
      try await Self.waitForQuery(
        prometheusURL,
        #"aasa_requirement_status{job="aasa",file="apple-app-site-association",requirement="status",status="fail"}"#
      ) { $0.first?.value == "1" })

    // Every query of the shipped Grafana dashboard is PromQL this Prometheus takes.
    for query in try Self.dashboardQueries() {
      let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
      let answer = try await Self.get("\(prometheusURL)/api/v1/query?query=\(encoded)")
      #expect(answer.status == 200, "\(query): \(answer.body)")
    }

    // Every exposition passes promtool: the failing probe's, /metrics, and debug=true is text.
    let failing = try await Self.get("\(exporterURL)probe?target=\(target)")
    #expect(try await Self.lint(failing.body) == nil)
    let own = try await Self.get("\(exporterURL)metrics")
    #expect(own.body.contains(#"aasa_exporter_probes_total{result="refused"} 1"#))
    #expect(
      own.body.contains(
        #"aasa_exporter_third_party_answers_total{party="apple_cdn",source="cache"}"#))
    #expect(try await Self.lint(own.body) == nil)
    let debug = try await Self.get("\(exporterURL)probe?target=\(target)&debug=true")
    #expect(debug.body.contains("aasa-lint") || debug.body.contains("status"))
    #expect(debug.body.contains("Metrics that would have been returned:"))
    // SIGHUP (1 on Linux and macOS alike) reads the configuration again.
    exporter.signal(1)
    var reloaded = false
    for _ in 0..<100 where !reloaded {
      let metrics = try await Self.get("\(exporterURL)metrics")
      reloaded = metrics.body.contains(#"aasa_exporter_config_reloads_total{result="success"} 2"#)
      if !reloaded { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(reloaded)
    #expect(exporter.isRunning)
    let landing = try await Self.get(exporterURL)
    #expect(landing.body.contains(target) && landing.body.contains("refused"))
    #expect(cdn.requests(cdnPath) == 1, "\(own.body)")
    _ = await server.stop()
    _ = await exporter.stop()
  }

  /// Every `expr` of examples/monitoring/grafana-dashboard.json, its variables given values.
  static func dashboardQueries() throws -> [String] {
    let url = BuiltProducts.packageRoot.appendingPathComponent(
      "examples/monitoring/grafana-dashboard.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    var queries: [String] = []
    func collect(_ value: Any) {
      if let dictionary = value as? [String: Any] {
        for (key, inner) in dictionary {
          if key == "expr", let text = inner as? String {
            queries.append(text)
          } else {
            collect(inner)
          }
        }
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    collect(object)
    return queries.map {
      $0.replacingOccurrences(of: "$job", with: "aasa").replacingOccurrences(
        of: "$instance", with: ".+"
      )
      .replacingOccurrences(of: "$__rate_interval", with: "1m")
    }
  }

  /// The exporter's first line of standard output: its URL, once it listens.
  func waitForLine(_ file: String, _ process: SpawnedProcess) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      if let line = text.split(separator: "\n").first, line.hasPrefix("http://127.0.0.1:") {
        return String(line)
      }
      if !process.isRunning { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw ChildProcess.Failure(description: "the exporter did not start")
  }
}
