import AASAAppLinks
import AASACore
import AASALinks
import Testing

@Suite struct LinkAnswerTests {
  static let rules = LinksFixtures.lint(LinksFixtures.links).rules!
  static var product: LinkRule { rules.rule(forPath: "/p/42")! }

  /// Real user agents, each with the client it must be taken for.
  static let agents: [(String, LinkClient)] = [
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      .iOS
    ),
    (
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      .iOS
    ),
    (
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      .android
    ),
    (
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      .desktop
    ),
    (
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      .desktop
    ),
    ("curl/8.5.0", .desktop),
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.26.90 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 604047934)",
      .inAppBrowser(.iOS)
    ),
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.38.106;FBBV/585040596;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4]",
      .inAppBrowser(.iOS)
    ),
    (
      "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.38.111;]",
      .inAppBrowser(.android)
    ),
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0",
      .inAppBrowser(.iOS)
    ),
    (
      "Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.40",
      .inAppBrowser(.android)
    ),
    ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", .previewBot),
    (
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
      .previewBot
    ),
    ("Twitterbot/1.0", .previewBot),
    ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", .previewBot),
    ("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", .previewBot),
    (
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      .previewBot
    ),
    ("WhatsApp/2.23.20.0 A", .previewBot),
    ("TelegramBot (like TwitterBot)", .previewBot),
  ]

  @Test func eachUserAgentIsItsClient() {
    for (agent, client) in Self.agents {
      #expect(LinkClient.classify(userAgent: agent) == client, "\(agent)")
    }
    #expect(LinkClient.classify(userAgent: nil) == .desktop)
  }

  @Test func eachClientGetsItsAnswer() {
    func answer(_ client: LinkClient, _ target: String = "/p/42") -> LinkResponse.Body {
      LinkResponse.answer(
        Self.product, in: Self.rules, client: client, path: "/p/42", target: target
      ).body
    }
    #expect(answer(.iOS) == .redirect("https://apps.apple.com/app/example-shop/id284882215"))
    #expect(
      answer(.android)
        == .redirect("https://play.google.com/store/apps/details?id=com.example.shop"))
    #expect(answer(.desktop) == .redirect("https://www.example.com/products?from=link"))
    #expect(
      answer(.desktop, "/p/42?utm_source=mail&x=%41")
        == .redirect("https://www.example.com/products?from=link&utm_source=mail&x=%41"))
    // The query cannot leave the query: no fragment, no new host, no space or line break.
    #expect(
      answer(.desktop, "/p/42?a=<b>#@evil.example")
        == .redirect("https://www.example.com/products?from=link&a=%3Cb%3E"))
    #expect(
      answer(.desktop, "/p/42?%zz\"")
        == .redirect("https://www.example.com/products?from=link&%25zz%22"))
    #expect(answer(.desktop, "/p/42?") == .redirect("https://www.example.com/products?from=link"))
  }

  @Test func queryJoinsTheDestinationsOwn() {
    #expect(LinkQuery.append("a=1", to: "https://w.example/") == "https://w.example/?a=1")
    #expect(LinkQuery.append("a=1", to: "https://w.example/?b=2") == "https://w.example/?b=2&a=1")
    #expect(LinkQuery.append("a=1", to: "https://w.example/p#top") == "https://w.example/p?a=1#top")
    #expect(LinkQuery.append(nil, to: "https://w.example/") == "https://w.example/")
  }

  /// The preview page's `al:*` tags are what `aasa-lint` lints: no errors.
  @Test func thePreviewPageLintsWithoutErrors() throws {
    guard
      case .page(let html) = LinkResponse.answer(
        Self.product, in: Self.rules, client: .previewBot, path: "/p/42", target: "/p/42?x=1"
      ).body
    else {
      Issue.record("not a page")
      return
    }
    let report = AppLinksLinter(sourceURL: "https://go.example.com/p/42").lint(Array(html.utf8))
    #expect(!report.hasErrors, "\(report.diagnostics)")
    let tags = Dictionary(
      report.reading.tags.map { ($0.property, $0.value.content ?? "") },
      uniquingKeysWith: { a, _ in a })
    #expect(tags["al:ios:url"] == "https://go.example.com/p/42")
    #expect(tags["al:ios:app_store_id"] == "284882215")
    #expect(tags["al:android:package"] == "com.example.shop")
    #expect(tags["al:web:url"] == "https://www.example.com/products?from=link")
    #expect(html.contains("<meta property=\"og:title\" content=\"A product\">"))
    #expect(
      html.contains("<meta property=\"og:image\" content=\"https://www.example.com/card.png\">"))
    #expect(html.contains("<meta property=\"og:url\" content=\"https://go.example.com/p/42\">"))
  }

  @Test func aFileWithoutADomainStillLintsWithoutErrors() throws {
    let rules = try #require(
      LinksFixtures.lint(
        #"{"defaults": {"android": "https://play.google.com/store/apps/details?id=com.example.shop", "ios": "https://apps.apple.com/app/id284882215"}, "rules": [{"path": "/p/*", "web": "https://w.example/"}]}"#
      ).rules)
    let page = LinkPages.preview(rules.rules[0], link: nil)
    let report = AppLinksLinter().lint(Array(page.utf8))
    #expect(!report.hasErrors, "\(report.diagnostics)")
    #expect(!page.contains("al:ios:url"))
  }

  @Test func theInAppPageOffersTheAppAndThePlatformsStore() {
    func page(_ platform: LinkClient.MobilePlatform?) -> String {
      guard
        case .page(let html) = LinkResponse.answer(
          Self.product, in: Self.rules, client: .inAppBrowser(platform), path: "/p/42",
          target: "/p/42?ref=ig"
        ).body
      else { return "" }
      return html
    }
    let ios = page(.iOS)
    #expect(ios.contains("href=\"https://go.example.com/p/42?ref=ig\">Open in the app</a>"))
    #expect(ios.contains("href=\"https://apps.apple.com/app/example-shop/id284882215\""))
    #expect(!ios.contains("play.google.com"))
    #expect(ios.contains("href=\"https://www.example.com/products?from=link&amp;ref=ig\""))
    let android = page(.android)
    #expect(android.contains("play.google.com") && !android.contains("apps.apple.com"))
    let unknown = page(nil)
    #expect(unknown.contains("play.google.com") && unknown.contains("apps.apple.com"))
  }

  @Test func textFromTheFileStaysText() throws {
    let rules = try #require(
      LinksFixtures.lint(
        #"{"rules": [{"path": "/p/*", "web": "https://w.example/", "og": {"title": "<script>x</script>\" onload=\"y"}}]}"#,
        claims: nil
      ).rules)
    let page = LinkPages.preview(rules.rules[0], link: nil)
    #expect(!page.contains("<script>"))
    #expect(page.contains("&lt;script&gt;x&lt;/script&gt;&quot; onload=&quot;y"))
  }
}
