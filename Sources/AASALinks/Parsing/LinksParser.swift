import AASACore

/// Reads a `links.json` document into rules, reporting every finding with its position.
///
/// ```json
/// {"domain": "go.example.com",
///  "defaults": {"ios": "https://apps.apple.com/app/id284882215",
///               "android": "https://play.google.com/store/apps/details?id=com.example.app",
///               "web": "https://www.example.com/", "appName": "Example",
///               "og": {"title": "Example", "image": "https://www.example.com/card.png"}},
///  "rules": [{"path": "/p/*", "web": "https://www.example.com/products"},
///            {"path": "/invite/?*", "og": {"title": "You are invited"}}]}
/// ```
///
/// A rule's keys override the defaults' (`og` key by key); `web` must be set in one of the two.
struct LinksParser: DiagnosticReporting {
  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()

  /// The destinations a rule may name, as read, before the defaults apply.
  struct Fields {
    var ios: String?
    var android: String?
    var web: String?
    var og = PreviewCard()
    var appName: String?
  }

  /// A rule as read, with where its parts were written.
  struct ReadRule {
    var index: Int
    var location: SourceLocation
    var path: String?
    var pathLocation: SourceLocation
    var caseSensitive = true
    var fields: Fields
  }

  private static let ruleKeys: Set = [
    "path", "caseSensitive", "ios", "android", "web", "og", "appName", "comment",
  ]
  private static let defaultsKeys: Set = ["ios", "android", "web", "og", "appName", "comment"]
  private static let topKeys: Set = ["domain", "defaults", "rules", "comment"]

  /// What the file says, before the checks that look at several rules at once.
  struct Parsed {
    var domain: String?
    var domainLocation: SourceLocation?
    var defaults = Fields()
    var rules: [ReadRule] = []
  }

  mutating func parse(_ json: JSONValue) -> Parsed? {
    guard let members = json.members else {
      report(.Links.notAnObject, json, "", "the file is \(json.typeDescription), not an object")
      return nil
    }
    var parsed = Parsed()
    for member in members where !Self.topKeys.contains(member.key) {
      report(
        .Links.unknownKey, at: member.keyLocation, member.key,
        "\"\(member.key)\" is not a key of links.json; it is ignored")
    }
    if let domain = json["domain"] {
      if let text = domain.string, Self.isHostName(text) {
        parsed.domain = text.lowercased()
        parsed.domainLocation = domain.location
      } else {
        report(
          .Links.wrongType, domain, "domain",
          "domain must be the link domain's host name as a string (e.g. \"go.example.com\"), not \(domain.string.map { "\"\($0)\"" } ?? domain.typeDescription)"
        )
      }
    }
    if let defaults = json["defaults"] {
      if defaults.members != nil {
        parsed.defaults = fields(of: defaults, path: "defaults", keys: Self.defaultsKeys)
      } else {
        report(
          .Links.wrongType, defaults, "defaults",
          "defaults must be an object, not \(defaults.typeDescription)")
      }
    }
    guard let rules = json["rules"] else {
      report(.Links.noRules, json, "", "the file has no \"rules\"")
      return parsed
    }
    guard let elements = rules.elements else {
      report(
        .Links.wrongType, rules, "rules", "rules must be an array, not \(rules.typeDescription)")
      return parsed
    }
    if elements.isEmpty { report(.Links.noRules, rules, "rules", "rules is empty") }
    if elements.count > LinksLinter.maximumRules {
      report(
        .Links.tooManyRules, rules, "rules",
        "the file has \(elements.count) rules; at most \(LinksLinter.maximumRules) are read")
    }
    for (index, element) in elements.prefix(LinksLinter.maximumRules).enumerated() {
      let path = "rules[\(index)]"
      guard element.members != nil else {
        report(
          .Links.wrongType, element, path,
          "a rule must be an object, not \(element.typeDescription)")
        continue
      }
      var rule = ReadRule(
        index: index, location: element.location, path: nil, pathLocation: element.location,
        fields: fields(of: element, path: path, keys: Self.ruleKeys))
      if let pattern = element["path"] {
        if let text = pattern.string {
          rule.path = text
          rule.pathLocation = pattern.location
        } else {
          report(
            .Links.wrongType, pattern, path + ".path",
            "path must be a string, not \(pattern.typeDescription)")
        }
      } else {
        report(.Links.missingPath, element, path, "the rule has no \"path\"")
      }
      if let caseSensitive = element["caseSensitive"] {
        if let value = caseSensitive.bool {
          rule.caseSensitive = value
        } else {
          report(
            .Links.wrongType, caseSensitive, path + ".caseSensitive",
            "caseSensitive must be true or false, not \(caseSensitive.typeDescription)")
        }
      }
      parsed.rules.append(rule)
    }
    return parsed
  }

  /// The destinations of a rule or of the defaults, each checked where it is written.
  private mutating func fields(of object: JSONValue, path: String, keys: Set<String>) -> Fields {
    for member in object.members ?? [] where !keys.contains(member.key) {
      report(
        .Links.unknownKey, at: member.keyLocation, path + "." + member.key,
        "\"\(member.key)\" is not a key of \(path == "defaults" ? "defaults" : "a rule"); it is ignored"
      )
    }
    var fields = Fields()
    fields.ios = destination(
      object["ios"], path + ".ios", schemes: ["https", "itms-apps", "itms-appss"])
    fields.android = destination(
      object["android"], path + ".android", schemes: ["https", "market"])
    fields.web = destination(object["web"], path + ".web", schemes: ["https"])
    if let ios = fields.ios, let value = object["ios"], !LinkDestination.isAppleStore(ios) {
      report(
        .Links.notAStore, value, path + ".ios",
        "\(ios) is not an App Store URL (apps.apple.com, itms-apps:); iPhones are sent there as it is"
      )
    }
    if let android = fields.android, let value = object["android"],
      !LinkDestination.isGooglePlay(android)
    {
      report(
        .Links.notAStore, value, path + ".android",
        "\(android) is not a Google Play URL (play.google.com, market:); Android phones are sent there as it is"
      )
    }
    fields.appName = text(object["appName"], path + ".appName")
    if let og = object["og"] {
      if og.members != nil {
        for member in og.members ?? []
        where !["title", "description", "image"].contains(member.key) {
          report(
            .Links.unknownKey, at: member.keyLocation, path + ".og." + member.key,
            "\"\(member.key)\" is not a key of og (title, description, image); it is ignored")
        }
        fields.og.title = text(og["title"], path + ".og.title")
        fields.og.description = text(og["description"], path + ".og.description")
        if let image = og["image"] {
          if let url = text(image, path + ".og.image") {
            switch LinkDestination.problem(in: url) {
            case nil where url.lowercased().hasPrefix("https://"): fields.og.image = url
            case .invalid(let words):
              report(
                .Links.invalidURL, image, path + ".og.image", "\(url) cannot be used: \(words)")
            default:
              report(
                .Links.imageNotHTTPS, image, path + ".og.image", "the image \(url) is not https")
            }
          }
        }
      } else {
        report(
          .Links.wrongType, og, path + ".og", "og must be an object, not \(og.typeDescription)")
      }
    }
    return fields
  }

  private mutating func text(_ value: JSONValue?, _ path: String) -> String? {
    guard let value else { return nil }
    guard let string = value.string else {
      report(
        .Links.wrongType, value, path, "\(path) must be a string, not \(value.typeDescription)")
      return nil
    }
    return string
  }

  /// A destination, when it may be one.
  private mutating func destination(_ value: JSONValue?, _ path: String, schemes: Set<String>)
    -> String?
  {
    guard let value, let url = text(value, path) else { return nil }
    switch LinkDestination.problem(in: url) {
    case .invalid(let words):
      report(.Links.invalidURL, value, path, "\(url) cannot be a destination: \(words)")
      return nil
    case .scheme(let scheme):
      report(
        .Links.schemeNotAllowed, value, path,
        "\(url) has the scheme \(scheme):, which is not allowed for \(path.split(separator: ".").last ?? "")"
      )
      return nil
    case nil:
      let scheme = String(url.prefix { $0 != ":" }).lowercased()
      guard schemes.contains(scheme) else {
        report(
          .Links.schemeNotAllowed, value, path,
          "\(url) has the scheme \(scheme):, which is not allowed for \(path.split(separator: ".").last ?? ""); use \(schemes.sorted().joined(separator: " or "))"
        )
        return nil
      }
      return url
    }
  }

  static func isHostName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 253 && !text.hasPrefix(".") && !text.hasSuffix(".")
      && !text.contains("..")
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
  }
}
