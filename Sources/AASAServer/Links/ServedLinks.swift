import AASALinks
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// A site's `links.json` as served: the checked rules (``LinkRuleSet``) and the answers that do
/// not depend on the request prepared once. Immutable, held by the site's snapshot, so a request
/// sees the rules of one accepted file, and a refused file never replaces them.
///
/// Answers are private to the client (`Cache-Control: private, no-store`) and vary with the
/// `User-Agent` (`Vary: User-Agent`): a shared cache must never hand a desktop's redirect to a
/// phone, or a bot's page to a browser. They carry the validator page's security headers, with a
/// policy that allows the in-app page's one inline style by its hash and nothing else.
public final class ServedLinks: Sendable {
  public let rules: LinkRuleSet
  /// What was on disk when the file was read.
  public let fingerprint: FileFingerprint
  /// Each rule's `302` for iPhones and for Android phones, which no request changes.
  private let iosRedirects: [PreparedResponse]
  private let androidRedirects: [PreparedResponse]

  public init(rules: LinkRuleSet, fingerprint: FileFingerprint) {
    self.rules = rules
    self.fingerprint = fingerprint
    iosRedirects = rules.rules.map { Self.redirect(to: $0.ios ?? $0.web) }
    androidRedirects = rules.rules.map { Self.redirect(to: $0.android ?? $0.web) }
  }

  /// Paths no rule ever answers, whatever it matches: the fetchers' files.
  static func isReserved(_ path: String) -> Bool {
    path == "/.well-known" || path.hasPrefix("/.well-known/")
      || path == SitePaths.legacyAppleAppSiteAssociation || path == SitePaths.links
  }

  /// The answer for a request to `path` (decoded and canonical, as ``RequestPath`` gives it)
  /// when a rule has it; nil otherwise.
  func answer(path: String, target: String, userAgent: String?, isHead: Bool) -> Answer? {
    guard !Self.isReserved(path) else { return nil }
    let encoded = LinkQuery.encodedPath(path)
    guard let position = rules.position(forPath: encoded) else { return nil }
    let rule = rules.rules[position]
    let client = LinkClient.classify(userAgent: userAgent)
    let response: PreparedResponse
    switch client {
    case .iOS: response = iosRedirects[position]
    case .android: response = androidRedirects[position]
    default:
      switch LinkResponse.answer(rule, in: rules, client: client, path: path, target: target).body {
      case .redirect(let location): response = Self.redirect(to: location)
      case .page(let html): response = Self.page(html)
      }
    }
    return Answer(response: response, includeBody: !isHead, link: client.answerName)
  }

  /// Fields every link answer carries.
  static let sharedFields: [(name: String, value: String)] =
    PreparedResponse.commonFields + LinkSecurityHeaders.all + [
      ("vary", "User-Agent"),
      ("cache-control", "private, no-store"),
    ]

  static func redirect(to location: String) -> PreparedResponse {
    PreparedResponse(
      status: .found,
      fields: sharedFields + [("location", location), ("content-length", "0")],
      body: ByteBuffer())
  }

  static func page(_ html: String) -> PreparedResponse {
    let body = ByteBuffer(string: html)
    return PreparedResponse(
      status: .ok,
      fields: sharedFields + [
        ("content-type", "text/html; charset=utf-8"),
        ("content-length", "\(body.readableBytes)"),
      ],
      body: body)
  }
}

/// The validator page's security headers (`AASAValidator`'s `SecurityHeaders`), with a policy for
/// the link pages: no script at all, the in-app page's inline style by its SHA-256, no framing,
/// no form, no base URL, no Referer to the stores.
enum LinkSecurityHeaders {
  static let styleHash = Data(SHA256.hash(data: Array(LinkPages.style.utf8))).base64EncodedString()

  static let contentSecurityPolicy =
    "default-src 'none'; style-src 'sha256-\(styleHash)'; img-src https:; base-uri 'none'; "
    + "form-action 'none'; frame-ancestors 'none'"

  static let all: [(name: String, value: String)] = [
    ("content-security-policy", contentSecurityPolicy),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
  ]
}
