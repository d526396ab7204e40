/// What a destination in `links.json` may be, checked when the file loads: the only places the
/// server ever sends a client, so every one is an absolute URL written in the file, of a scheme
/// from a short list, and of a spelling that no browser reads two ways.
///
/// The spelling is narrower than RFC 3986 on purpose: printable ASCII only, `%` always followed
/// by two hex digits, no backslash (browsers read `https:\\evil.example` as a host), no user
/// name or password (`https://good.example@evil.example/` goes to `evil.example`), and for
/// `https` a host of letters, digits, `-` and `.` with an optional port. Such a URL is sent as
/// written in `Location` and in `href`, so what a person reads in the file is where clients go.
public enum LinkDestination {
  /// Schemes besides `https` that a destination may have: the stores' own, which open the App
  /// Store and Google Play apps directly.
  public static let storeSchemes: [String] = ["itms-apps", "itms-appss", "market"]

  /// Why a destination is refused.
  public enum Problem: Sendable, Equatable {
    /// Not an absolute URL of the accepted spelling; the words say what is wrong.
    case invalid(String)
    /// A scheme other than `https` and the store schemes.
    case scheme(String)
  }

  /// Nil when `url` may be a destination.
  public static func problem(in url: String) -> Problem? {
    guard !url.isEmpty else { return .invalid("the URL is empty") }
    for scalar in url.unicodeScalars {
      guard scalar.value > 0x20, scalar.value < 0x7F else {
        return .invalid(
          scalar.value > 0x7F
            ? "it has a character that is not ASCII: percent-encode it"
            : "it has a space or a control character")
      }
      if "\\<>\"'`{}|^".unicodeScalars.contains(scalar) {
        return .invalid("it has the character \(scalar), which is not allowed in a URL as written")
      }
    }
    if let problem = badPercentEscape(url) { return .invalid(problem) }
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex,
      url[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
      ),
      url.first?.isLetter == true
    else { return .invalid("it is not an absolute URL (no scheme such as https:)") }
    let scheme = url[..<colon].lowercased()
    let rest = url[url.index(after: colon)...]
    if scheme == "https" {
      guard rest.hasPrefix("//") else { return .invalid("https: must be followed by //host") }
      let afterSlashes = rest.dropFirst(2)
      let authority = afterSlashes.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      if authority.contains("@") {
        return .invalid("it has a user name or password before the host")
      }
      guard let problem = hostProblem(authority) else { return nil }
      return .invalid(problem)
    }
    guard storeSchemes.contains(scheme) else { return .scheme(scheme) }
    return nil
  }

  /// The host of an `https` destination, in lower case; nil for the store schemes.
  public static func host(of url: String) -> String? {
    guard url.lowercased().hasPrefix("https://") else { return nil }
    let authority = url.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return authority.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
  }

  /// The path of an `https` destination (`/` when it has none), without query or fragment.
  public static func path(of url: String) -> String? {
    guard url.lowercased().hasPrefix("https://") else { return nil }
    let afterHost = url.dropFirst(8).drop { $0 != "/" && $0 != "?" && $0 != "#" }
    let path = afterHost.prefix { $0 != "?" && $0 != "#" }
    return path.isEmpty ? "/" : String(path)
  }

  /// The App Store ID in an App Store URL (`…/id284882215`, `itms-apps://…?id=284882215`).
  public static func appStoreID(in url: String) -> String? {
    var search = url[...]
    while let range = search.range(of: "/id") {
      let digits = search[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty { return String(digits) }
      search = search[range.upperBound...]
    }
    return queryValue("id", in: url).flatMap {
      $0.allSatisfy { $0.isASCII && $0.isNumber } ? $0 : nil
    }
  }

  /// The package in a Google Play URL (`…/details?id=com.example.app`).
  public static func playPackage(in url: String) -> String? {
    queryValue("id", in: url)
  }

  /// Whether an `ios` destination is one of Apple's stores (App Store, TestFlight, App Clips).
  public static func isAppleStore(_ url: String) -> Bool {
    if url.lowercased().hasPrefix("itms-apps") { return true }
    return ["apps.apple.com", "itunes.apple.com", "testflight.apple.com", "appclip.apple.com"]
      .contains(host(of: url) ?? "")
  }

  /// Whether an `android` destination is Google Play.
  public static func isGooglePlay(_ url: String) -> Bool {
    url.lowercased().hasPrefix("market:") || host(of: url) == "play.google.com"
  }

  private static func queryValue(_ name: String, in url: String) -> String? {
    guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for pair in query.prefix(while: { $0 != "#" }).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return String(parts[1]) }
    }
    return nil
  }

  private static func badPercentEscape(_ url: String) -> String? {
    let bytes = Array(url.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2])
        else { return "a % is not followed by two hex digits (write %25 for a percent sign)" }
        index += 3
      } else {
        index += 1
      }
    }
    return nil
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  private static func hostProblem(_ authority: Substring) -> String? {
    let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let host = parts[0]
    guard !host.isEmpty else { return "it has no host" }
    guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
    else { return "its host \(host) has characters a host name cannot have" }
    guard !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..") else {
      return "its host \(host) has an empty label"
    }
    if parts.count == 2 {
      let port = parts[1]
      guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(port), number > 0, number < 65536
      else { return "its port \(port) is not a port number" }
    }
    return nil
  }
}
