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
    // ASCII-folded bytes, against lists folded once: this runs for every request of a rule's
    // path, where Foundation's `String.contains` (a CFString search per needle) took a quarter of
    // the answer's time.
    let folded = agent.utf8.map { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
    let platform = mobilePlatform(folded)
    let inApp = contains(folded, foldedInAppBrowsers)
    // A phone's in-app browser can name a bot's word as an app (WhatsApp/2.23 on Android is the
    // app's browser; WhatsApp/2.23.20.0 with no platform is its preview fetcher): a platform in
    // the agent makes it a browser.
    if platform != nil, inApp { return .inAppBrowser(platform) }
    if contains(folded, foldedPreviewBots) { return .previewBot }
    if inApp { return .inAppBrowser(platform) }
    switch platform {
    case .iOS: return .iOS
    case .android: return .android
    case nil: return .desktop
    }
  }

  private static func folded(_ words: [String]) -> [[UInt8]] {
    words.map { Array($0.lowercased().utf8) }
  }
  private static let foldedPreviewBots = folded(previewBots)
  private static let foldedInAppBrowsers = folded(inAppBrowsers)
  private static let foldedApple = folded(["iPhone", "iPad", "iPod"])
  private static let foldedAndroid = folded(["Android"])

  /// The platform a folded user agent names, iOS before Android (no agent names both).
  static func mobilePlatform(_ folded: [UInt8]) -> MobilePlatform? {
    if contains(folded, foldedApple) { return .iOS }
    if contains(folded, foldedAndroid) { return .android }
    return nil
  }

  /// Whether any needle occurs in `haystack`: a plain search, the agents being short (the server
  /// cuts nothing, but a request head is at most `--max-header-size`).
  private static func contains(_ haystack: [UInt8], _ needles: [[UInt8]]) -> Bool {
    haystack.withUnsafeBufferPointer { text in
      needles.contains { needle in
        guard let first = needle.first, needle.count <= text.count else { return false }
        var start = 0
        while start + needle.count <= text.count {
          if text[start] == first {
            var index = 1
            while index < needle.count && text[start + index] == needle[index] { index += 1 }
            if index == needle.count { return true }
          }
          start += 1
        }
        return false
      }
    }
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
