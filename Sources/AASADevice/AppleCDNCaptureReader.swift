import AASACore

/// Reads a pasted `curl -v` (or `curl -i`) of Apple's CDN, `app-site-association.cdn-apple.com/
/// a/v1/DOMAIN`: the domain from the request, the status, and `Apple-Failure-Reason` /
/// `Apple-Failure-Details`, explained by ``AppleCDNFailure`` exactly as `aasa-lint check`
/// explains the same headers live.
///
/// ```
/// > GET /a/v1/example.com HTTP/2
/// > Host: app-site-association.cdn-apple.com
/// < HTTP/2 404
/// < apple-failure-reason: SWCERR00101 Bad HTTP Response: 403 Forbidden
/// < apple-failure-details: {"status":"403 Forbidden"}
/// ```
struct AppleCDNCaptureReader {
  static let cdnHost = "app-site-association.cdn-apple.com"

  private(set) var recognised = false
  private var domain: String?
  private var status: Int?
  private var statusLine = 0
  private var reason: String?
  private var details: String?
  private(set) var apps: [DeviceApp] = []
  private(set) var notes: [DeviceNote] = []

  mutating func read(_ line: DeviceLine) {
    var text = line.trimmed
    // curl -v marks response headers with `<` (the paste reader already took a `>` for a quote).
    if text.hasPrefix("< ") { text = text.dropFirst(2) }
    if text.contains(Self.cdnHost) {
      recognised = true
      if let path = text.range(of: Self.cdnHost + "/a/v1/") {
        domain = Self.host(text[path.upperBound...])
      }
    }
    if let path = text.range(of: "GET /a/v1/") {
      domain = Self.host(text[path.upperBound...])
    }
    if text.hasPrefix("HTTP/"), let code = Self.statusCode(text) {
      // A new answer (after a redirect or a retry) replaces the one before.
      status = code
      statusLine = line.number
      reason = nil
      details = nil
    }
    let lowered = text.lowercased()
    if lowered.hasPrefix("apple-failure-reason:") {
      recognised = true
      reason = Self.value(text)
    } else if lowered.hasPrefix("apple-failure-details:") {
      recognised = true
      details = Self.value(text)
    }
  }

  /// The domain after `/a/v1/`, up to a space, `/` or `?`.
  private static func host(_ text: Substring) -> String? {
    let host = text.prefix { $0 != " " && $0 != "/" && $0 != "?" && $0 != "'" && $0 != "\"" }
    return looksLikeHost(host) ? String(host) : nil
  }

  private static func statusCode(_ text: Substring) -> Int? {
    let parts = text.split(separator: " ")
    guard parts.count >= 2, parts[1].count == 3 else { return nil }
    return Int(parts[1])
  }

  private static func value(_ text: Substring) -> String {
    guard let colon = text.firstIndex(of: ":") else { return "" }
    return String(text[text.index(after: colon)...].trimming { $0 == " " || $0 == "\t" })
  }

  /// Ends the reading: one row for the domain asked about.
  mutating func finish() {
    guard recognised else { return }
    let known = domain != nil
    let host = domain ?? "HOST"
    let check = "aasa-lint check https://\(host)"
    var row: DeviceDomain
    if let failure = AppleCDNFailure(reason: reason, details: details) {
      let advice = failure.advice(pointingAtCheckLines: false).replacingOccurrences(
        of: "HOST", with: host)
      row = DeviceDomain(
        domain: domain ?? AppleStates.unknownDomain,
        state: failure.code ?? "cdn-failure",
        meaning: "Apple's CDN has no copy of the file: " + failure.meaning,
        causes: [failure.reason]
          + failure.details.map { $0.key.isEmpty ? $0.value : "\($0.key): \($0.value)" },
        next: [advice, check + "   (the same reading, live, with the origin's lines)"],
        line: statusLine, opensApp: false, domainIsKnown: known)
    } else if let status, status == 200 {
      row = DeviceDomain(
        domain: domain ?? AppleStates.unknownDomain, state: "cdn-ok",
        meaning:
          "Apple's CDN serves a copy of the file (200): devices get this copy, not the site's",
        causes: [],
        next: [check + "   (compares the CDN's copy with the site's file by routing)"],
        line: statusLine, opensApp: true, domainIsKnown: known)
    } else if let status {
      row = DeviceDomain(
        domain: domain ?? AppleStates.unknownDomain, state: "cdn-\(status)",
        meaning: "Apple's CDN answered \(status) without saying why (no Apple-Failure-Reason)",
        causes: ["the domain was never fetched by the CDN, or the capture lost the headers"],
        next: [check], line: statusLine, opensApp: false, domainIsKnown: known)
    } else {
      notes.append(
        DeviceNote(
          line: 1,
          text:
            "a request to Apple's CDN without its answer: paste the whole curl -v output, the < lines included"
        ))
      return
    }
    if !known {
      row.next.append("HOST above is the site's domain, which this paste does not show")
    }
    apps = [DeviceApp(app: nil, domains: [row])]
  }

  var report: DeviceReport {
    DeviceReport(platform: .ios, apps: apps, notes: notes)
  }
}
