import AASACore

/// How an intent filter answers a browser's link to a URL: `ACTION_VIEW` with the category
/// `BROWSABLE`, resolved with `MATCH_DEFAULT_ONLY` (so `DEFAULT` too), no MIME type. The steps
/// and their order are `IntentFilter.match`: action, categories, then `matchData` (scheme, then
/// authority, then path; a filter with no host ignores its paths).
public enum IntentFilterOutcome: Hashable, Sendable {
  /// How specific the match is, as `IntentFilter`'s `MATCH_CATEGORY_*` orders them.
  public enum Level: Int, Hashable, Sendable, Comparable {
    case scheme = 2
    case host = 3
    case port = 4
    case path = 5

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// What did not match.
  public enum Part: String, Hashable, Sendable {
    case action, category, type, scheme, host, port, path
    /// A `<uri-relative-filter-group android:allow="false">` refuses the URL (Android 15).
    case blocked
  }

  /// The filter matches; `deciding` is the `<data>` attribute that decided at that level (the
  /// path, port, host or scheme).
  case matched(level: Level, deciding: ManifestValue)
  /// It does not; why, in plain words, and the attribute (or the filter) to look at.
  case missed(part: Part, reason: String, at: SourceLocation)
}

extension ManifestIntentFilter {
  /// This filter's answer to a link to `url`. `groups` false answers as Android 14 and lower
  /// do, which ignore `<uri-relative-filter-group>`.
  public func match(_ url: IntentURL, groups useGroups: Bool = true) -> IntentFilterOutcome {
    let groups = useGroups ? self.groups : []
    guard actions.contains(AndroidManifestFile.view) else {
      return .missed(
        part: .action, reason: "it has no android.intent.action.VIEW action", at: location)
    }
    guard categories.contains(AndroidManifestFile.browsable) else {
      return .missed(
        part: .category,
        reason: "it has no BROWSABLE category, which every link from a browser carries",
        at: location)
    }
    guard categories.contains(AndroidManifestFile.defaultCategory) else {
      return .missed(
        part: .category,
        reason: "it has no DEFAULT category, without which a link never starts the activity",
        at: location)
    }
    if let type = mimeTypes.first {
      return .missed(
        part: .type,
        reason: "it declares \(type.description), and a link carries no MIME type",
        at: type.location)
    }
    guard let firstScheme = schemes.first else {
      return .missed(
        part: .scheme, reason: "it declares no android:scheme, so it matches no URL",
        at: location)
    }
    let scheme = url.scheme ?? ""
    guard let matchedScheme = schemes.first(where: { $0.value == scheme }) else {
      let lowered = schemes.contains { $0.value == scheme.lowercased() }
      return .missed(
        part: .scheme,
        reason: "the scheme \"\(scheme)\" is not among \(Self.list(schemes.map(\.value)))"
          + (lowered ? " (schemes are compared exactly: case matters)" : ""),
        at: firstScheme.location)
    }
    guard !authorities.isEmpty else {
      // Without a host, Android ignores the filter's paths: the scheme alone decides.
      return .matched(level: .scheme, deciding: matchedScheme)
    }
    guard let host = url.host else {
      return .missed(part: .host, reason: "the URL has no host", at: authorities[0].host.location)
    }
    var portMiss: (Authority, Int)?
    var matchedAuthority: (Authority, Int)?
    for authority in authorities {
      guard Self.hostMatches(authority.host.value, host) else { continue }
      if let port = authority.port {
        let wanted = Int(port.value) ?? Int.min
        if wanted != url.port {
          if portMiss == nil { portMiss = (authority, wanted) }
          continue
        }
        matchedAuthority = (authority, wanted)
      } else {
        matchedAuthority = (authority, -1)
      }
      break
    }
    guard let (authority, port) = matchedAuthority else {
      if let (miss, wanted) = portMiss, let portValue = miss.port {
        let given = url.port < 0 ? "no port (Android does not fill in 443 or 80)" : "\(url.port)"
        return .missed(
          part: .port,
          reason: "the host matches \(miss.host.description) but the URL has \(given), not "
            + (wanted == Int.min ? "the port \"\(portValue.value)\"" : "\(wanted)"),
          at: portValue.location)
      }
      return .missed(
        part: .host,
        reason: "the host \"\(host)\" is not among \(Self.list(authorities.map(\.host.value)))",
        at: authorities[0].host.location)
    }
    guard !paths.isEmpty || !groups.isEmpty else {
      if port >= 0, let portValue = authority.port {
        return .matched(level: .port, deciding: portValue)
      }
      return .matched(level: .host, deciding: authority.host)
    }
    // `IntentFilter.matchData`: one of the filter's paths, or else the groups' verdict.
    if let path = paths.first(where: { $0.pattern.matches(utf16: url.path) }) {
      return .matched(level: .path, deciding: path.value)
    }
    let deciding = RelativeFilterGroup.deciding(groups, for: url)
    if let deciding, deciding.allows, let last = deciding.conditions.last {
      return .matched(level: .path, deciding: last.value)
    }
    let shown = String(decoding: url.path, as: UTF16.self)
    if let deciding {
      let conditions = deciding.conditions.map(\.value.description).joined(separator: ", ")
      let besides =
        paths.isEmpty
        ? "" : ", and the path \"\(shown)\" matches none of the filter's own paths"
      return .missed(
        part: .blocked,
        reason: "\(deciding.description) at \(deciding.location) refuses it (\(conditions) "
          + "\(deciding.conditions.count == 1 ? "matches" : "all match"))\(besides)",
        at: deciding.location)
    }
    var reasons: [String] = []
    if !paths.isEmpty {
      reasons.append(
        "the path \"\(shown)\" matches none of "
          + Self.list(paths.map(\.pattern.description), quoted: false))
    }
    if !groups.isEmpty {
      reasons.append(
        "no <uri-relative-filter-group> matches (\(groups.count == 1 ? "its" : "each one's") "
          + "conditions must all hold: "
          + groups.map { Self.firstFailing($0, url) }.joined(separator: "; ") + ")")
    }
    return .missed(
      part: .path, reason: reasons.joined(separator: ", and "),
      at: paths.first?.value.location ?? groups[0].location)
  }

  /// The first condition of `group` that `url` does not meet, in words.
  private static func firstFailing(_ group: RelativeFilterGroup, _ url: IntentURL) -> String {
    guard let failing = group.conditions.first(where: { !$0.matches(url) }) else {
      return "the group at \(group.location) has no path, query or fragment condition"
    }
    switch failing.part {
    case .path:
      let shown = String(decoding: url.path, as: UTF16.self)
      return "the path \"\(shown)\" does not match \(failing.value.description)"
    case .query:
      return url.queryParameters.isEmpty
        ? "the URL has no query for \(failing.value.description)"
        : "no query parameter matches \(failing.value.description)"
    case .fragment:
      guard let fragment = url.fragment else {
        return "the URL has no fragment for \(failing.value.description)"
      }
      let shown = String(decoding: fragment, as: UTF16.self)
      return "the fragment \"\(shown)\" does not match \(failing.value.description)"
    }
  }

  /// `AuthorityEntry.match`: `*` matches every host, `*.example.com` any host ending in
  /// `.example.com` (not the apex), anything else the host ignoring case.
  static func hostMatches(_ declared: String, _ host: String) -> Bool {
    guard declared.hasPrefix("*") else {
      return declared.lowercased() == host.lowercased()
    }
    let suffix = Array(declared.dropFirst().lowercased().utf16)
    let text = Array(host.lowercased().utf16)
    return text.count >= suffix.count && text.suffix(suffix.count).elementsEqual(suffix)
  }

  /// `"a", "b" and 3 more`.
  static func list(_ values: [String], quoted: Bool = true) -> String {
    var seen: Set<String> = []
    let unique = values.filter { seen.insert($0).inserted }
    let shown = unique.prefix(5).map { quoted ? "\"\($0)\"" : $0 }
    let more = unique.count > 5 ? " and \(unique.count - 5) more" : ""
    return shown.joined(separator: ", ") + more
  }
}
