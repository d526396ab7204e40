/// The two pages a link answers with, as text: the preview page for link-preview fetchers (the
/// rule's `og:` tags and the App Links `al:*` tags, which `aasa-lint` lints without errors), and
/// the page for in-app browsers ("Open in the app", the store, the web page).
///
/// Every URL on a page is a destination from the file, that destination with the request's
/// query appended (``LinkQuery``), or the link itself on the link domain (``LinkRuleSet/domain``,
/// never the request's `Host`; a path on this origin when the file names no domain).
public enum LinkPages {
  /// The in-app page's only style, inline, allowed by its hash in the page's
  /// `Content-Security-Policy` (no other style or any script runs).
  public static let style =
    "body{font:17px/1.4 -apple-system,system-ui,sans-serif;margin:0;padding:2em 1.5em;"
    + "text-align:center;color:#111;background:#fff}main{max-width:26em;margin:auto}"
    + "a{display:block;margin:.8em 0;padding:.8em;border-radius:.6em;border:1px solid #0a5bd3;"
    + "color:#0a5bd3;text-decoration:none}a.primary{background:#0a5bd3;color:#fff}"
    + "@media(prefers-color-scheme:dark){body{background:#111;color:#eee}}"

  /// The preview page for `rule`. `link` is the URL that was shared, absolute on the link domain
  /// (nil when the file names no domain: the page then has no `al:ios:url` and `og:url` is the
  /// web page).
  public static func preview(_ rule: LinkRule, link: String?) -> String {
    let title = rule.preview.title ?? rule.appName ?? "Open the link"
    var tags: [(String, String)] = [("og:title", title)]
    if let description = rule.preview.description { tags.append(("og:description", description)) }
    if let image = rule.preview.image { tags.append(("og:image", image)) }
    tags.append(("og:url", link ?? rule.web))
    tags.append(("og:type", "website"))
    if let link, rule.ios != nil {
      tags.append(("al:ios:url", link))
      if let id = rule.ios.flatMap(LinkDestination.appStoreID) {
        tags.append(("al:ios:app_store_id", id))
      }
      if let name = rule.appName { tags.append(("al:ios:app_name", name)) }
    }
    if let package = rule.android.flatMap(LinkDestination.playPackage),
      AndroidPackageName.isValid(package)
    {
      if let link { tags.append(("al:android:url", link)) }
      tags.append(("al:android:package", package))
      if let name = rule.appName { tags.append(("al:android:app_name", name)) }
    }
    tags.append(("al:web:url", rule.web))
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<title>\(HTMLText.escaped(title))</title>\n"
    if let description = rule.preview.description {
      html += "<meta name=\"description\" content=\"\(HTMLText.escaped(description))\">\n"
    }
    if rule.preview.image != nil {
      html += "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"
    }
    for (property, content) in tags {
      html += "<meta property=\"\(property)\" content=\"\(HTMLText.escaped(content))\">\n"
    }
    html += "</head>\n<body>\n<p><a href=\"\(HTMLText.escaped(rule.web))\">"
    html += "\(HTMLText.escaped(title))</a></p>\n</body>\n</html>\n"
    return html
  }

  /// The page for an in-app browser on `platform` (both stores when it is not known). `open` is
  /// the link itself, which the system may hand to the app when it is tapped; `web` the web
  /// destination with the request's query.
  public static func inApp(
    _ rule: LinkRule, platform: LinkClient.MobilePlatform?, open: String, web: String
  ) -> String {
    let name = rule.appName ?? "the app"
    let title = rule.preview.title ?? rule.appName ?? "Open in the app"
    var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    html += "<meta name=\"robots\" content=\"noindex\">\n"
    html += "<title>\(HTMLText.escaped(title))</title>\n<style>\(style)</style>\n</head>\n"
    html += "<body>\n<main>\n<h1>\(HTMLText.escaped(title))</h1>\n"
    if let description = rule.preview.description {
      html += "<p>\(HTMLText.escaped(description))</p>\n"
    }
    html +=
      "<a class=\"primary\" id=\"open\" href=\"\(HTMLText.escaped(open))\">Open in the app</a>\n"
    if let ios = rule.ios, platform != .android {
      html +=
        "<a id=\"app-store\" href=\"\(HTMLText.escaped(ios))\">Get \(HTMLText.escaped(name)) on the App Store</a>\n"
    }
    if let android = rule.android, platform != .iOS {
      html +=
        "<a id=\"google-play\" href=\"\(HTMLText.escaped(android))\">Get \(HTMLText.escaped(name)) on Google Play</a>\n"
    }
    html += "<a id=\"web\" href=\"\(HTMLText.escaped(web))\">Continue on the web</a>\n"
    html += "</main>\n</body>\n</html>\n"
    return html
  }
}

/// Android's rule for a package name (letters, digits and `_` in two or more dot-separated
/// parts, each starting with a letter), so that `al:android:package` is never one that the
/// App Links linter refuses.
enum AndroidPackageName {
  static func isValid(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return false }
    return parts.allSatisfy { part in
      guard let first = part.first, first.isASCII, first.isLetter else { return false }
      return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
  }
}
