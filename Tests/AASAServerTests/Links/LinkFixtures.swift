import Foundation
import TestSupport

/// A link domain for the server's tests: the standard site (its AASA claims `/buy/*` for an
/// iPhone app, its assetlinks.json every path for an Android one) with a `links.json` whose rule
/// answers `/buy/*`.
enum LinkFixtures {
  static let ios = "https://apps.apple.com/app/example/id284882215"
  static let android = "https://play.google.com/store/apps/details?id=com.example"
  static let web = "https://www.example.com/buy?from=link"

  static let links = """
    {
      "domain": "go.example.com",
      "defaults": {"appName": "Example", "og": {"image": "https://www.example.com/card.png"}},
      "rules": [
        {"path": "/buy/*", "ios": "\(ios)", "android": "\(android)", "web": "\(web)",
         "og": {"title": "Buy it", "description": "In the Example app"}}
      ]
    }
    """

  /// The same rules, and a second rule overlapping the first on line 4: refused.
  static let overlapping = """
    {"domain": "go.example.com",
     "rules": [
       {"path": "/buy/*", "web": "https://www.example.com/"},
       {"path": "/buy/1", "web": "https://www.example.com/other"}
     ]}
    """

  /// A good new version: the rule sends desktops elsewhere.
  static let moved = """
    {"domain": "go.example.com",
     "rules": [{"path": "/buy/*", "ios": "\(ios)", "web": "https://www.example.com/moved"}]}
    """

  /// One user agent per client kind, and the answer each gets.
  static let clients: [(name: String, agent: String, answer: String)] = [
    (
      "iPhone Safari",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "ios"
    ),
    (
      "iPad Chrome",
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "ios"
    ),
    (
      "Android Chrome",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "android"
    ),
    (
      "desktop Firefox",
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "web"
    ),
    (
      "Instagram on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.26.90 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 604047934)",
      "in_app"
    ),
    (
      "Facebook on Android",
      "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.38.111;]",
      "in_app"
    ),
    (
      "LINE on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0",
      "in_app"
    ),
    (
      "Facebook's preview",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "preview"
    ),
    ("Twitterbot", "Twitterbot/1.0", "preview"),
    ("Slackbot", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "preview"),
    ("Discordbot", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "preview"),
    (
      "LinkedInBot",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "preview"
    ),
    ("WhatsApp", "WhatsApp/2.23.20.0 A", "preview"),
    ("TelegramBot", "TelegramBot (like TwitterBot)", "preview"),
  ]

  /// A site with `links.json` beside its `.well-known/`.
  static func site() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/links.json", links)
    return site
  }
}
