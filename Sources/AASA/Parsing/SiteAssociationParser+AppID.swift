import AASACore

extension SiteAssociationParser {
  /// Prefixes people leave in from documentation and templates.
  static let placeholderPrefixes: Set<String> = [
    "TEAMID", "TEAM_ID", "TEAM-ID", "TEAMIDENTIFIER", "YOURTEAMID", "YOUR_TEAM_ID", "APPID",
    "APP_ID_PREFIX", "APPIDPREFIX", "PREFIX", "XXXXXXXXXX", "ABCDE12345", "ABCDEFGHIJ",
    "1234567890", "0123456789", "A1B2C3D4E5", "TEAM", "YOURTEAM",
  ]

  /// The shape checks for one app ID: `<Team ID>.<bundle ID>`.
  mutating func checkAppID(_ id: String, _ value: JSONValue, _ path: String) {
    let digits = id.hasPrefix("id") ? id.dropFirst(2) : Substring(id)
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      report(.Apple.numericAppID, value, path, "\"\(id)\" is an App Store ID, not an app ID")
      return
    }
    if id.first?.isWhitespace == true || id.last?.isWhitespace == true {
      report(.Apple.malformedAppID, value, path, "\"\(id)\" has white space around it")
      return
    }
    if id.contains("$(") || id.hasPrefix("<") || id.contains("{{") {
      report(
        .Apple.placeholderAppID, value, path,
        "\"\(id)\" still holds a template placeholder instead of the Team ID")
      return
    }
    guard let dot = id.firstIndex(of: "."), dot != id.startIndex,
      id.index(after: dot) != id.endIndex
    else {
      report(
        .Apple.malformedAppID, value, path,
        "\"\(id)\" is not <Team ID>.<bundle ID>: it has no dot-separated prefix")
      return
    }
    let prefix = String(id[..<dot])
    let bundle = id[id.index(after: dot)...]
    if Self.placeholderPrefixes.contains(prefix.uppercased()) || Self.looksLikePlaceholder(prefix) {
      report(
        .Apple.placeholderAppID, value, path,
        "\"\(id)\" uses the placeholder \"\(prefix)\" instead of a real Team ID")
      return
    }
    if Self.reverseDNSStarts.contains(prefix), bundle.contains(".") || bundle.count > 0,
      prefix.count < 10
    {
      report(
        .Apple.malformedAppID, value, path,
        "\"\(id)\" looks like a bare bundle ID: the Team ID prefix is missing",
        help:
          "write it as <Team ID>.\(id), with your 10-character Team ID (Apple Developer account, Membership)"
      )
      return
    }
    if !bundle.unicodeScalars.allSatisfy({
      $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
        || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
    }) || bundle.hasSuffix(".") || bundle.contains("..") {
      report(
        .Apple.malformedAppID, value, path,
        "the bundle ID \"\(bundle)\" of \"\(id)\" has characters other than letters, digits, \".\" and \"-\""
      )
      return
    }
    let isTeamIDShape =
      prefix.count == 10
      && prefix.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    if isTeamIDShape { return }
    if prefix.count == 10,
      prefix.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    {
      report(
        .Apple.lowercaseTeamID, value, path,
        "the Team ID \"\(prefix)\" of \"\(id)\" is in lower case; Team IDs are upper case")
      return
    }
    report(
      .Apple.unusualAppIDPrefix, value, path,
      "the prefix \"\(prefix)\" of \"\(id)\" is not a Team ID (10 characters of A-Z and 0-9), so no signed app has this ID and the rules never apply"
    )
  }

  /// Words of a template's stand-in (`YOUR_PRODUCTION_TEAM_ID`, `MY-TEAM`, `REPLACE_ME`): no
  /// Team ID holds them, and none has `_`.
  static func looksLikePlaceholder(_ prefix: String) -> Bool {
    let upper = prefix.uppercased()
    if prefix.count == 10,
      prefix.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    {
      return false
    }
    return ["TEAM", "YOUR", "REPLACE", "PLACEHOLDER", "PREFIX", "TODO", "CHANGEME", "XXXX"]
      .contains { upper.contains($0) } || prefix.contains("_")
  }

  /// First labels of reverse-DNS bundle IDs, to recognise an ID that lost its Team ID.
  static let reverseDNSStarts: Set<String> = [
    "com", "org", "net", "io", "co", "de", "uk", "fr", "jp", "app", "dev", "me", "us", "ca", "au",
    "nl", "se", "ch", "it", "es", "br", "in", "cn", "ru", "edu", "gov", "tv", "info", "biz",
  ]
}
