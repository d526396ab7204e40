/// What a link answers one request with, decided from the rule and the client alone: pure, so
/// the server, the tests and the property test share it.
public struct LinkResponse: Sendable, Equatable {
  public enum Body: Sendable, Equatable {
    /// `302 Found` to this destination.
    case redirect(String)
    /// `200` with this HTML.
    case page(String)
  }

  public var client: LinkClient
  public var body: Body

  /// The answer to `client` for a request of `rule` whose path (decoded, canonical) is `path`
  /// and whose raw target is `target` (for its query).
  public static func answer(
    _ rule: LinkRule, in rules: LinkRuleSet, client: LinkClient, path: String, target: String
  ) -> LinkResponse {
    let query = LinkQuery.of(target: target)
    let web = LinkQuery.append(query, to: rule.web)
    switch client {
    case .iOS: return LinkResponse(client: client, body: .redirect(rule.ios ?? web))
    case .android: return LinkResponse(client: client, body: .redirect(rule.android ?? web))
    case .desktop: return LinkResponse(client: client, body: .redirect(web))
    case .previewBot:
      return LinkResponse(
        client: client, body: .page(LinkPages.preview(rule, link: link(rules, path, nil))))
    case .inAppBrowser(let platform):
      let open =
        link(rules, path, query) ?? (LinkQuery.encodedPath(path) + (query.map { "?" + $0 } ?? ""))
      return LinkResponse(
        client: client, body: .page(LinkPages.inApp(rule, platform: platform, open: open, web: web))
      )
    }
  }

  /// The link itself, on the link domain; nil when the file names no domain.
  static func link(_ rules: LinkRuleSet, _ path: String, _ query: String?) -> String? {
    guard let domain = rules.domain else { return nil }
    return "https://\(domain)\(LinkQuery.encodedPath(path))" + (query.map { "?" + $0 } ?? "")
  }
}
