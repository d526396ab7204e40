import AASA
import AASAAndroid
import AASALiveCheck
import Foundation
import Prometheus

/// One probe's answer to Prometheus: the check's report turned into gauges, in a registry made for
/// this scrape only, so that a path, a package or a failure reason that is gone is gone from the
/// next scrape too (Prometheus's "Writing exporters": new metrics on each scrape). Every value is
/// read from the report; nothing here judges the site.
///
/// Names follow Prometheus's naming guide: the `aasa_` prefix, base units (seconds, bytes), Unix
/// time for moments; label values come from bounded sets (a line's name, its status, the file,
/// Apple's failure causes, the packages the module names), never from what a site sends.
public enum ProbeMetrics {
  /// The families, each declared once: swift-prometheus requires one help text per name.
  enum Family: String, CaseIterable {
    case success = "probe_success"
    case duration = "probe_duration_seconds"
    case timeout = "probe_timeout_seconds"
    case requirement = "requirement_status"
    case contentHash = "file_content_hash"
    case fileSize = "file_size_bytes"
    case certificateExpiry = "tls_certificate_expiry_timestamp_seconds"
    case cdnMatches = "cdn_matches_origin"
    case cdnAge = "cdn_age_seconds"
    case cdnMaxAge = "cdn_max_age_seconds"
    case cdnFailure = "cdn_failure"
    case cdnRoutesDiffering = "cdn_routes_differing"
    case cdnFetched = "cdn_fetched_timestamp_seconds"
    case fetchersAgree = "fetchers_agree"
    case pathsFailed = "route_paths_failed"
    case expectationsFailed = "route_expectations_failed"
    case expectations = "route_expectations"
    case androidGrant = "android_grant"
    case googleAgrees = "google_agrees"
    case googleFetched = "google_fetched_timestamp_seconds"

    var name: String { "aasa_" + rawValue }

    var help: String {
      switch self {
      case .success:
        "1 when the check of the target has no failing line (warnings pass), else 0, also when it could not run or end in time."
      case .duration: "How long the probe took, in seconds."
      case .timeout:
        "The probe's timeout: the scrape timeout less 0.5 s, capped by the module's timeout_seconds."
      case .requirement:
        "One series per status of each line of aasa-lint check (pass, info, warn, fail): 1 for the line's status, 0 for the others; several lines of one name (route, expect) count as the worst of them."
      case .contentHash:
        "FNV-1a (32 bits) of the served file's content, as linted: changes() shows each deploy."
      case .fileSize: "The served file's size as linted, in bytes."
      case .certificateExpiry:
        "When the site's leaf certificate expires (what the tls-expiry line judges), as Unix time."
      case .cdnMatches:
        "1 when Apple's CDN holds the origin's file (the same bytes or rules), 0 when it holds another, none or a failure; absent when it could not be asked. Cached for the CDN's max-age less its Age."
      case .cdnAge:
        "The Age of Apple's CDN's answer, in seconds, counting the time this exporter kept it (cached for the CDN's max-age less its Age)."
      case .cdnMaxAge:
        "The max-age of Apple's CDN's answer, in seconds (cached for the CDN's max-age less its Age)."
      case .cdnFailure:
        "1 while Apple's CDN says its last fetch of the origin failed (Apple-Failure-Reason), by cause and SWCERR code; devices get no file meanwhile. Cached for the CDN's max-age less its Age."
      case .cdnRoutesDiffering:
        "Probed URLs that open another app with the CDN's copy than with the origin's file (10 at most). Cached for the CDN's max-age less its Age."
      case .cdnFetched:
        "When this exporter last really asked Apple's CDN about the target, as Unix time: its answer is cached for the CDN's max-age less its Age."
      case .fetchersAgree:
        "1 when Apple's fetcher (AASA-Bot) and a browser get the same answer for the association file, 0 when a rule on the site treats them differently."
      case .pathsFailed:
        "Paths of the module that do not open the app on the live file; all of them when there is no readable file."
      case .expectationsFailed:
        "Rows of the module's expect table that the live file does not route as written; all of them when there is no readable file."
      case .expectations: "Rows of the module's expect table."
      case .androidGrant:
        "1 when the site's assetlinks.json grants handle_all_urls to the package with every fingerprint the module names, as Android's verifier decides."
      case .googleAgrees:
        "1 when Google's Digital Asset Links API reads the same grants as the file, 0 when not; absent when it could not be asked. Cached for the API's maxAge."
      case .googleFetched:
        "When this exporter last really asked Google's Digital Asset Links API about the target, as Unix time: its answer is cached for its maxAge."
      }
    }
  }

  /// A requirement's `file` label: the well-known file it is about, `site` for the connection
  /// and TLS, `cdn`, `routes`.
  static func fileLabel(_ resource: WellKnownResource) -> String {
    switch resource {
    case .association: "apple-app-site-association"
    case .legacyAssociation: "legacy-apple-app-site-association"
    case .assetLinks: "assetlinks.json"
    }
  }

  /// The lines under `cdn` (its headers, reasons, rules, routes) say what the `cdn` line and its
  /// metrics already carry, in words: not series.
  static func isDetailLine(_ name: String) -> Bool { name.hasPrefix("cdn-") }

  /// A name that can be a label value as it is: the check's names are short words with `-`.
  static func isLineName(_ name: String) -> Bool {
    (1...40).contains(name.utf8.count)
      && name.utf8.allSatisfy {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
      }
  }

  /// The text exposition of one probe.
  public static func exposition(of outcome: Prober.Outcome) -> String {
    let registry = PrometheusCollectorRegistry()
    func gauge(_ family: Family, _ value: Double, labels: [(String, String)] = []) {
      let descriptor = MetricNameDescriptor(
        metricName: family.name, unitName: "", helpText: family.help)
      let gauge =
        labels.isEmpty
        ? registry.makeGauge(descriptor: descriptor)
        : registry.makeGauge(descriptor: descriptor, labels: labels)
      gauge.set(value)
    }
    gauge(.success, outcome.succeeded ? 1 : 0)
    gauge(.duration, outcome.durationSeconds)
    gauge(.timeout, outcome.timeoutSeconds)
    guard let report = outcome.site else { return registry.emitToString() }

    // Each line's worst status, by file and name.
    var worst: [String: [String: Requirement.Status]] = [:]
    for line in report.siteRequirements {
      worst["site", default: [:]][line.name, default: .pass] = max(
        worst["site"]?[line.name] ?? .pass, line.status)
    }
    for check in report.resources {
      let file = fileLabel(check.resource)
      for line in check.requirements {
        worst[file, default: [:]][line.name] = max(worst[file]?[line.name] ?? .pass, line.status)
      }
    }
    for line in report.cdn?.requirements ?? [] where !isDetailLine(line.name) {
      worst["cdn", default: [:]][line.name] = max(worst["cdn"]?[line.name] ?? .pass, line.status)
    }
    for line in report.routeRequirements {
      worst["routes", default: [:]][line.name] = max(
        worst["routes"]?[line.name] ?? .pass, line.status)
    }
    for (file, lines) in worst.sorted(by: { $0.key < $1.key }) {
      for (name, status) in lines.sorted(by: { $0.key < $1.key }) where isLineName(name) {
        for candidate in Requirement.Status.allCases {
          gauge(
            .requirement, candidate == status ? 1 : 0,
            labels: [("file", file), ("requirement", name), ("status", candidate.rawValue)])
        }
      }
    }

    for check in report.resources {
      guard let content = check.lintedSource else { continue }
      let file = [("file", fileLabel(check.resource))]
      gauge(.contentHash, Double(FNV1a.hash(content)), labels: file)
      gauge(.fileSize, Double(content.count), labels: file)
    }
    if let notAfter = report.certificateNotAfter {
      gauge(.certificateExpiry, notAfter.timeIntervalSince1970)
    }

    if let cdn = report.cdn,
      cdn.caching != nil || cdn.failure != nil || cdn.requirement.status == .pass
    {
      gauge(.cdnMatches, cdn.requirement.status == .pass ? 1 : 0)
      if let age = cdn.caching?.age { gauge(.cdnAge, Double(age)) }
      if let maxAge = cdn.caching?.maxAge { gauge(.cdnMaxAge, Double(maxAge)) }
      if let failure = cdn.failure {
        gauge(
          .cdnFailure, 1,
          labels: [("cause", causeLabel(failure.cause)), ("code", codeLabel(failure.code))])
      }
      gauge(.cdnRoutesDiffering, Double(cdn.routingDifferences.count))
    }
    if let use = outcome.thirdParty[.appleCDN] {
      gauge(.cdnFetched, use.fetchedAt.timeIntervalSince1970)
    }

    if let association = report.check(of: .association),
      association.lintedSource != nil
        || association.requirements.contains(where: { $0.name == "user-agent" })
    {
      let differs = association.requirements.contains {
        $0.name == "user-agent" && $0.status >= .warn
      }
      gauge(.fetchersAgree, differs ? 0 : 1)
    }

    if !outcome.probeModule.paths.isEmpty {
      if report.routings.isEmpty {
        // Not routed (no readable association file): no path opens the app. The check says so
        // in one `route` line, which is not one path.
        gauge(.pathsFailed, Double(outcome.probeModule.paths.count))
      } else {
        // One failing `route` line per path that does not open the app.
        let failed = report.routeRequirements.filter { $0.name == "route" && $0.status == .fail }
        gauge(.pathsFailed, Double(failed.count))
      }
    }
    if let (_, results) = report.expectations {
      gauge(.expectations, Double(results.count))
      gauge(.expectationsFailed, Double(results.filter { !$0.isMet }.count))
    } else if let rows = outcome.unroutedExpectationRows {
      // No readable file to route by: every row of the table fails.
      gauge(.expectations, Double(rows))
      gauge(.expectationsFailed, Double(rows))
    }

    if !outcome.probeModule.androidApps.isEmpty {
      let statements = report.check(of: .assetLinks)?.lint?.statementList
      for app in outcome.probeModule.androidApps {
        let granted =
          statements.map { list in
            app.fingerprints.allSatisfy { fingerprint in
              if case .yes = list.grants(package: app.package, fingerprint: fingerprint) {
                return true
              }
              return false
            }
          } ?? false
        gauge(.androidGrant, granted ? 1 : 0, labels: [("package", app.package)])
      }
    }
    if let google = report.check(of: .assetLinks)?.requirements.first(where: { $0.name == "google" }
    ),
      google.status == .pass || google.status == .fail
    {
      gauge(.googleAgrees, google.status == .pass ? 1 : 0)
    }
    if let use = outcome.thirdParty[.googleAPI] {
      gauge(.googleFetched, use.fetchedAt.timeIntervalSince1970)
    }
    return registry.emitToString()
  }

  /// Apple's failure cause, as a label value.
  static func causeLabel(_ cause: CDNFailure.Cause) -> String {
    switch cause {
    case .originStatus: "origin_status"
    case .timeout: "timeout"
    case .tls: "tls"
    case .redirect: "redirect"
    case .unreachable: "unreachable"
    case .unreadable: "unreadable"
    case .other: "other"
    }
  }

  /// `SWCERR00101` as sent when it is one (SWCERR and five digits), else `other`; `none` when the
  /// reason has no code. The reason's words go to `debug=true` only: they are free text.
  static func codeLabel(_ code: String?) -> String {
    guard let code else { return "none" }
    let digits = code.dropFirst(6)
    guard code.hasPrefix("SWCERR"), digits.count == 5, digits.allSatisfy(\.isASCII),
      digits.allSatisfy(\.isNumber)
    else { return "other" }
    return code
  }
}

/// FNV-1a, 32 bits, as blackbox_exporter's `probe_ip_addr_hash`: a value that changes when the
/// content does, exact in a float.
enum FNV1a {
  static func hash(_ bytes: [UInt8]) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return hash
  }
}
