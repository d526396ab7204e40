/// Who asked for a link, from its `User-Agent`: what decides the answer. The lists of in-app
/// browsers and preview bots live here and nowhere else (docs/links.md shows them).
///
/// The order matters: a preview bot first (iMessage's fetcher says `facebookexternalhit … Twitterbot`
/// and names no phone, but a bot's word wins over any platform), then an in-app browser (its user
/// agent names the phone too: `… iPhone … Instagram 300.0`), then the phone, then the desktop.
/// iPadOS Safari asks as a Mac by default, so it gets the web page, as a Mac would.
public enum LinkClient: Hashable, Sendable {
  /// A link-preview fetcher (chat apps, social networks): gets the page of `og:`/`al:` tags.
  case previewBot
  /// A browser inside another app, which never handed the link to the system: gets the page with
  /// "Open in the app" and the store.
  case inAppBrowser(MobilePlatform?)
  /// An iPhone's, iPad's or iPod's browser: the app is not installed, so the App Store.
  case iOS
  /// An Android phone's browser: Google Play.
  case android
  /// Anything else: the web page.
  case desktop

  public enum MobilePlatform: String, Hashable, Sendable {
    case iOS = "ios"
    case android
  }

  /// Substrings of the user agents of link-preview fetchers, compared without case.
  public static let previewBots: [String] = [
    "facebookexternalhit", "Facebot", "Twitterbot", "Slackbot", "Discordbot", "LinkedInBot",
    "WhatsApp", "TelegramBot", "Pinterestbot", "redditbot", "SkypeUriPreview", "Iframely",
    "Embedly", "vkShare", "Mastodon", "Bluesky Cardyb", "Snap URL Preview", "Viber",
    "KakaoTalk-Scrap", "Applebot", "Zoombot", "Google-InspectionTool", "Tumblr",
  ]

  /// Substrings of the user agents of in-app browsers, compared without case.
  public static let inAppBrowsers: [String] = [
    "Instagram", "FBAN/", "FBAV/", "FB_IAB", "FBIOS", "FB4A", "Line/", "MicroMessenger",
    "musical_ly", "BytedanceWebview", "TikTok", "Snapchat/", "Twitter for", "TwitterAndroid",
    "LinkedInApp", "Pinterest/", "KAKAOTALK", "GSA/", "Barcelona", "WhatsApp/",
  ]

  /// The client a `User-Agent` names; no header is a desktop.
  public static func classify(userAgent: String?) -> LinkClient {
    guard let agent = userAgent, !agent.isEmpty else { return .desktop }
    let platform = mobilePlatform(agent)
    // A phone's in-app browser can name a bot's word as an app (WhatsApp/2.23 on Android is the
    // app's browser; WhatsApp/2.23.20.0 with no platform is its preview fetcher): a platform in
    // the agent makes it a browser.
    if platform != nil, contains(agent, inAppBrowsers) { return .inAppBrowser(platform) }
    if contains(agent, previewBots) { return .previewBot }
    if contains(agent, inAppBrowsers) { return .inAppBrowser(platform) }
    switch platform {
    case .iOS: return .iOS
    case .android: return .android
    case nil: return .desktop
    }
  }

  /// The platform a user agent names, iOS before Android (no agent names both).
  static func mobilePlatform(_ agent: String) -> MobilePlatform? {
    if contains(agent, ["iPhone", "iPad", "iPod"]) { return .iOS }
    if contains(agent, ["Android"]) { return .android }
    return nil
  }

  private static func contains(_ agent: String, _ needles: [String]) -> Bool {
    let folded = agent.lowercased()
    return needles.contains { folded.contains($0.lowercased()) }
  }

  /// The answer's name in the access log and `/metrics`: `ios`, `android`, `web`, `in_app`,
  /// `preview`.
  public var answerName: String {
    switch self {
    case .previewBot: "preview"
    case .inAppBrowser: "in_app"
    case .iOS: "ios"
    case .android: "android"
    case .desktop: "web"
    }
  }
}
