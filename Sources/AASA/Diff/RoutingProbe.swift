/// Tells two association files apart by routing: URLs drawn from the rules of both, each routed
/// with both files, and the ones whose outcome differs.
///
/// A rule's own pattern is where two files can disagree, so every pattern of either file becomes
/// a few probe URLs: its wildcards filled with nothing and with a word, and the path continued
/// below. `/albums/*` gives `/albums/`, `/albums/aasa-probe` and `/albums/aasa-probe/aasa-probe`;
/// a component's `?` and `#` add a query and a fragment that meet them, and each is probed in
/// upper case too, for `caseSensitive`. Two files that answer
/// every probe alike route alike for every URL their rules speak of.
///
/// Bounded: at most ``maximumProbes`` URLs are routed, whatever the size of the files.
public enum RoutingProbe {
  /// A URL that opens another app (or none) under one file than under the other.
  public struct Difference: Sendable, Hashable {
    public var url: String
    public var before: RoutingExpectation.Outcome
    public var after: RoutingExpectation.Outcome

    public init(url: String, before: RoutingExpectation.Outcome, after: RoutingExpectation.Outcome)
    {
      self.url = url
      self.before = before
      self.after = after
    }
  }

  public static let maximumProbes = 4_000
  static let word = "aasa-probe"

  /// The probe URLs (bare paths, with a query or fragment when a rule asks for one) of these
  /// files' rules, each once, in the order the rules come.
  public static func urls(from associations: [SiteAssociation], limit: Int = maximumProbes)
    -> [String]
  {
    var seen: Set<String> = []
    var urls: [String] = []
    func add(_ url: String) {
      guard urls.count < limit, seen.insert(url).inserted else { return }
      urls.append(url)
    }
    add("/")
    add("/" + word)
    for association in associations {
      guard let appLinks = association.appLinks else { continue }
      let variables = Dictionary(
        appLinks.substitutionVariables.map { ($0.name, $0.values.first ?? word) },
        uniquingKeysWith: { first, _ in first })
      for detail in appLinks.details {
        for rule in detail.rules {
          guard urls.count < limit else { return urls }
          let settings = rule.settings
          let path = settings.path ?? "*"
          var suffixes = [""]
          switch settings.query {
          case .whole(let pattern) where pattern != "*":
            suffixes.append("?" + fill(pattern, variables: variables, star: word))
          case .items(let items):
            suffixes.append(
              "?"
                + items.map { "\($0.name)=\(fill($0.pattern, variables: variables, star: word))" }
                .joined(separator: "&"))
          default: break
          }
          if let fragment = settings.fragment, fragment != "*" {
            suffixes.append("#" + fill(fragment, variables: variables, star: word))
          }
          for star in ["", word] {
            var filled = fill(path, variables: variables, star: star)
            if !filled.hasPrefix("/") { filled = "/" + filled }
            for suffix in suffixes { add(filled + suffix) }
            add(filled + (filled.hasSuffix("/") ? "" : "/") + word)
            // The same path in upper case: two files that differ only in `caseSensitive` route
            // every lower-case probe alike.
            let upper = filled.uppercased()
            if upper != filled {
              for suffix in suffixes { add(upper + suffix.uppercased()) }
            }
          }
        }
      }
    }
    return urls
  }

  /// The probes that route differently under `old` and `new` (at most `limit` of them), and how
  /// many URLs were routed. Outcomes are the first matching app's, as a device decides.
  public static func differences(
    _ old: SiteAssociation, _ new: SiteAssociation, domain: String? = nil, limit: Int = 10
  ) -> (differences: [Difference], probed: Int) {
    let urls = urls(from: [old, new])
    let oldMatcher = Matcher(old, domain: domain)
    let newMatcher = Matcher(new, domain: domain)
    var differences: [Difference] = []
    for url in urls {
      let input = URLInput(url)
      let before = RoutingExpectation.outcome(of: oldMatcher.route(input, explain: false), app: nil)
        .0
      let after = RoutingExpectation.outcome(of: newMatcher.route(input, explain: false), app: nil)
        .0
      if before != after {
        differences.append(Difference(url: url, before: before, after: after))
        if differences.count >= limit { break }
      }
    }
    return (differences, urls.count)
  }

  /// A pattern made concrete: `*` becomes `star`, `?` a letter, `$(name)` a value of the variable
  /// (the file's first, or a code every built-in accepts), `\x` the character itself.
  static func fill(_ pattern: String, variables: [String: String], star: String) -> String {
    var result = ""
    var characters = pattern[...]
    while let character = characters.first {
      characters = characters.dropFirst()
      switch character {
      case "*": result += star
      case "?": result += "a"
      case "\\":
        if let next = characters.first {
          result.append(next)
          characters = characters.dropFirst()
        }
      case "$" where characters.first == "(":
        guard let close = characters.firstIndex(of: ")") else {
          result.append(character)
          continue
        }
        let name = String(characters[characters.index(after: characters.startIndex)..<close])
        result += variables[name] ?? builtInValue(name)
        characters = characters[characters.index(after: close)...]
      default: result.append(character)
      }
    }
    return result
  }

  private static func builtInValue(_ name: String) -> String {
    switch name {
    case "region": "US"
    case "lang": "en"
    case "upper": "A"
    case "digit": "1"
    default: "a"
    }
  }
}
