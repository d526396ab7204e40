import AASAAppLinks
import AASACore

/// The `--format json` objects of App Links: the App Link, a navigation and an inbound URL, with
/// the protocol's objects (`al_applink_data`, extras) verbatim.
enum AppLinksJSON {
  static func target(_ target: AppLinkTarget) -> String {
    var members = ["\"platform\": \(JSONValue.quoted(target.platform.rawValue))"]
    for key in target.platform.keys {
      guard let value = target.values[key] else { continue }
      members.append(
        "\(JSONValue.quoted(key.rawValue)): \(value.content.map(JSONValue.quoted) ?? "null")")
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  static func appLink(_ appLink: AppLink) -> String {
    "{\"sourceURL\": \(optional(appLink.sourceURL)), \"targets\": ["
      + appLink.targets.map { "\n      " + target($0) }.joined(separator: ",")
      + (appLink.targets.isEmpty ? "" : "\n    ") + "], "
      + "\"web\": {\"url\": \(optional(appLink.fallbackURL)), "
      + "\"should_fallback\": \(appLink.web.shouldFallback)}}"
  }

  static func navigation(_ navigation: Navigation) -> String {
    let intent = navigation.intent.map { intent in
      "{\"action\": \(JSONValue.quoted(intent.action)), \"package\": \(optional(intent.package)), "
        + "\"class\": \(optional(intent.className)), \"data\": \(optional(intent.data)), "
        + "\"extras\": {\"al_applink_data\": \(intent.appLinkData.compactText)}}"
    }
    return "{\"platform\": \(JSONValue.quoted(navigation.device.rawValue)), "
      + "\"type\": \"\(navigation.outcome.rawValue)\", "
      + "\"target\": \(navigation.target.map(target) ?? "null"), "
      + "\"url\": \(optional(navigation.url)), \"intent\": \(intent ?? "null"), "
      + "\"appLinkData\": \(navigation.appLinkData?.compactText ?? "null"), "
      + "\"events\": \(events(navigation.events))}"
  }

  static func inbound(_ link: InboundLink) -> String {
    "{\"inputURL\": \(JSONValue.quoted(link.inputURL)), \"targetURL\": \(JSONValue.quoted(link.targetURL)), "
      + "\"inputQueryParameters\": \(parameters(link.inputQueryParameters)), "
      + "\"targetQueryParameters\": \(parameters(link.targetQueryParameters)), "
      + "\"appLinkData\": \(link.appLinkData?.compactText ?? "null"), "
      + "\"extras\": \(link.extras?.compactText ?? "null"), "
      + "\"referer\": "
      + (link.referer.map {
        "{\"url\": \(JSONValue.quoted($0.url)), \"app_name\": \(JSONValue.quoted($0.appName))}"
      } ?? "null")
      + ", \"events\": \(events(link.events))}"
  }

  static func events(_ events: [MeasurementEvent]) -> String {
    "["
      + events.map { event in
        "{\"name\": \(JSONValue.quoted(event.name)), \"args\": {"
          + event.args.map { "\(JSONValue.quoted($0.0)): \(JSONValue.quoted($0.1))" }.joined(
            separator: ", ") + "}}"
      }.joined(separator: ", ") + "]"
  }

  static func parameters(_ parameters: QueryParameters) -> String {
    "{"
      + parameters.items.map { "\(JSONValue.quoted($0.name)): \(optional($0.value))" }.joined(
        separator: ", ") + "}"
  }

  static func optional(_ text: String?) -> String { text.map(JSONValue.quoted) ?? "null" }

  /// The report around a kind's own keys: file, kind, diagnostics, the keys, summary.
  static func report(
    file: String?, kind: String, diagnostics: [Diagnostic], members: [(String, String)]
  ) -> String {
    var out = "{\n"
    if let file { out += "  \"file\": \(JSONValue.quoted(file)),\n" }
    out += "  \"kind\": \"\(kind)\",\n  \"diagnostics\": ["
    out += diagnostics.map { "\n    " + JSONReportWriter.diagnosticJSON($0) }.joined(separator: ",")
    out += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
    for (key, json) in members { out += "  \(JSONValue.quoted(key)): \(json),\n" }
    let count = { (severity: Severity) in diagnostics.filter { $0.severity == severity }.count }
    out +=
      "  \"summary\": {\"errors\": \(count(.error)), \"warnings\": \(count(.warning)), \"infos\": \(count(.info))}\n}"
    return out
  }
}
