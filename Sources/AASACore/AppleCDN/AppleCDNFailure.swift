import Foundation

/// Why Apple's CDN has no copy of a site's file, as its response headers say: a 404 whose
/// `Apple-Failure-Reason` (`SWCERR00101 Bad HTTP Response: 403 Forbidden`, `SWCERR00301 Timeout`)
/// and `Apple-Failure-Details` (a JSON object in a header: `{"status":"403 Forbidden"}`,
/// `{"cause":"context deadline exceeded …"}`) describe the CDN's last fetch of the origin.
///
/// Devices take the reason as is (`SWCErrorDomain` error 7, "reason -- details"); this turns it
/// into what happened and what to change. Shared by the live check (`aasa-lint check` asks the
/// CDN) and the reading of a pasted `curl -v` of the CDN (`aasa-lint device`), so both say the
/// same.
public struct AppleCDNFailure: Sendable, Hashable {
  public enum Cause: Sendable, Hashable {
    /// The origin answered the CDN's fetcher with this status.
    case originStatus(Int, String)
    /// The origin did not answer in time.
    case timeout
    /// The TLS connection to the origin failed (certificate, protocol).
    case tls
    /// The origin redirected, which Apple does not follow.
    case redirect
    /// The origin's name did not resolve, or its port refused.
    case unreachable
    /// The origin answered 200, but not with a file Apple can read.
    case unreadable
    /// A reason this reading does not know.
    case other
  }

  /// `SWCERR00101`, when the reason starts with a code.
  public var code: String?
  /// The reason as sent.
  public var reason: String
  /// `Apple-Failure-Details` as key and value pairs; a header that is not a JSON object is one
  /// pair with an empty key.
  public var details: [(key: String, value: String)]
  public var cause: Cause

  public static func == (lhs: AppleCDNFailure, rhs: AppleCDNFailure) -> Bool {
    lhs.reason == rhs.reason && lhs.details.map(\.key) == rhs.details.map(\.key)
      && lhs.details.map(\.value) == rhs.details.map(\.value)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(reason) }

  /// Reads the two headers; nil when the CDN sent neither.
  public init?(reason reasonHeader: String?, details detailsHeader: String?) {
    guard reasonHeader != nil || detailsHeader != nil else { return nil }
    reason = (reasonHeader ?? "").trimmingCharacters(in: .whitespaces)
    let first = reason.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    code = first.hasPrefix("SWCERR") ? first : nil
    details = Self.parseDetails(detailsHeader)
    cause = Self.classify(code: code, reason: reason, details: details)
  }

  /// The details' JSON object as pairs (string values as they are, others as JSON text).
  static func parseDetails(_ header: String?) -> [(key: String, value: String)] {
    guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
    let reading = JSONReader.read(Array(header.utf8))
    if let members = reading.value?.members, reading.diagnostics.isEmpty {
      return members.map { member in
        (member.key, member.value.string ?? JSONOutput.encode(member.value, layout: .line))
      }
    }
    return [("", header)]
  }

  static func classify(code: String?, reason: String, details: [(key: String, value: String)])
    -> Cause
  {
    let text = (reason + " " + details.map(\.value).joined(separator: " ")).lowercased()
    if code == "SWCERR00301" || text.contains("timeout") || text.contains("deadline exceeded") {
      return .timeout
    }
    if let status = originStatus(reason: reason, details: details) {
      return (300..<400).contains(status.code)
        ? .redirect : .originStatus(status.code, status.text)
    }
    if text.contains("redirect") { return .redirect }
    if text.contains("x509") || text.contains("tls") || text.contains("certificate")
      || text.contains("ssl")
    {
      return .tls
    }
    if text.contains("no such host") || text.contains("connection refused")
      || text.contains("unreachable")
    {
      return .unreachable
    }
    if text.contains("json") || text.contains("parse") || text.contains("content") {
      return .unreadable
    }
    return .other
  }

  /// `403 Forbidden` from `Bad HTTP Response: 403 Forbidden` or `{"status":"403 Forbidden"}`.
  static func originStatus(reason: String, details: [(key: String, value: String)]) -> (
    code: Int, text: String
  )? {
    var candidates = details.filter { $0.key == "status" }.map(\.value)
    if let colon = reason.range(of: "Response:") {
      candidates.append(String(reason[colon.upperBound...]))
    }
    for candidate in candidates {
      let trimmed = candidate.trimmingCharacters(in: .whitespaces)
      let digits = trimmed.prefix { $0.isNumber }
      if digits.count == 3, let code = Int(digits) { return (code, trimmed) }
    }
    return nil
  }

  /// What the failure means, in words.
  public var meaning: String {
    switch cause {
    case .originStatus(let status, let text) where status == 401 || status == 403:
      "the origin refused Apple's fetcher (\(text)): a firewall, geo-blocking or bot-protection rule (a WAF, Cloudflare, Akamai, AWS WAF) answers Apple's servers differently from browsers"
    case .originStatus(let status, let text) where status == 404 || status == 410:
      "the origin had no file when Apple asked (\(text)): it is missing at /.well-known/apple-app-site-association, or served only to some clients"
    case .originStatus(let status, let text) where status == 429:
      "the origin rate-limited Apple's fetcher (\(text))"
    case .originStatus(let status, let text) where status >= 500:
      "the origin failed with a server error when Apple asked (\(text))"
    case .originStatus(_, let text):
      "the origin answered Apple's fetcher \(text); only 200 counts"
    case .timeout:
      "Apple's fetcher got no answer from the origin in time: the server was slow, or a firewall silently dropped Apple's connection"
    case .tls:
      "the TLS connection from Apple's fetcher to the origin failed: a certificate Apple does not trust (missing intermediate, expired, wrong name) or an old protocol"
    case .redirect:
      "the origin redirected Apple's fetcher, and Apple does not follow redirects"
    case .unreachable:
      "Apple's fetcher could not reach the origin: its name does not resolve from Apple's network, or the port refused"
    case .unreadable:
      "the origin answered, but not with a file Apple can read"
    case .other:
      "Apple's CDN could not fetch the file: \(reason.isEmpty ? "no reason given" : reason)"
    }
  }

  /// The User-Agent of Apple's CDN crawler, which firewall rules must let through.
  public static let appleFetcherUserAgent = "AASA-Bot/1.0.0"

  /// What to change. `lines` names the lines of a live check that say more (`tls-chain`,
  /// `json`); without them the advice stands alone, as for a pasted capture.
  public func advice(pointingAtCheckLines lines: Bool = true) -> String {
    let chain = lines ? " (check the tls-chain line of this check)" : ""
    let json = lines ? " (check the json and lint lines of this check)" : ""
    let origin =
      lines
      ? "check the origin's lines of this check; fix what fails, then wait for the CDN to retry"
      : "check the origin (aasa-lint check https://HOST); fix what fails, then wait for the CDN to retry"
    return switch cause {
    case .originStatus(let status, _) where status == 401 || status == 403 || status == 429:
      "allow Apple's fetcher: the User-Agent \(Self.appleFetcherUserAgent) and Apple's addresses (17.0.0.0/8), for /.well-known/apple-app-site-association, in every firewall, geo and bot rule; no login, no challenge page"
    case .originStatus(let status, _) where status == 404 || status == 410:
      "serve the file at https://HOST/.well-known/apple-app-site-association to every client, without redirects"
    case .originStatus(let status, _) where status >= 500:
      "make the file a static response that cannot fail; check the server's logs for Apple's request"
    case .originStatus:
      "answer 200 with the file"
    case .timeout:
      "answer within a few seconds from everywhere; let firewalls refuse rather than drop, and do not rate-limit or geo-block Apple's addresses (17.0.0.0/8)"
    case .tls:
      "serve a certificate chain that public roots trust, with every intermediate, for the exact host\(chain)"
    case .redirect:
      "serve the file directly at the host the entitlement names, with no redirect (http to https, apex to www and trailing-slash redirects included)"
    case .unreachable:
      "make the host resolve in public DNS and answer on port 443 from the internet"
    case .unreadable:
      "serve the JSON file itself with status 200\(json)"
    case .other:
      origin
    }
  }
}
