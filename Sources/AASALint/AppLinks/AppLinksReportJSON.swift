import AASAAppLinks
import AASACore

/// The `--format json` reports of App Links: a page (`kind: applinks`, with its App Link and the
/// navigation) and an inbound URL (`kind: inbound`), with the protocol's objects
/// (`al_applink_data`, extras) verbatim.
struct AppLinksReportJSON: Encodable {
  var file: String?
  var kind: String
  var diagnostics: [DiagnosticJSON]
  var appLink: AppLinkJSON?
  var navigation: Nullable<NavigationJSON>?
  var inbound: InboundJSON?
  var summary: SummaryJSON

  /// A page's report; `navigation` is `null` when no device was asked for.
  init(file: String, diagnostics: [Diagnostic], appLink: AppLink, navigation: Navigation?) {
    self.file = file
    kind = "applinks"
    self.diagnostics = diagnostics.map { DiagnosticJSON($0) }
    self.appLink = AppLinkJSON(appLink)
    self.navigation = Nullable(navigation.map(NavigationJSON.init))
    summary = SummaryJSON(diagnostics)
  }

  /// An inbound URL's report.
  init(inbound link: InboundLink) {
    kind = "inbound"
    diagnostics = link.diagnostics.map { DiagnosticJSON($0) }
    inbound = InboundJSON(link)
    summary = SummaryJSON(link.diagnostics)
  }
}

/// A target: its platform and each key the page gave (`null` for a key without content).
struct AppLinkTargetJSON: Encodable {
  var target: AppLinkTarget

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(target.platform.rawValue, forKey: Key(stringValue: "platform"))
    for key in target.platform.keys {
      guard let value = target.values[key] else { continue }
      try container.encode(Nullable(value.content), forKey: Key(stringValue: key.rawValue))
    }
  }
}

struct AppLinkJSON: Encodable {
  struct Web: Encodable {
    var url: Nullable<String>
    var shouldFallback: Bool

    // The protocol's own spelling.
    enum CodingKeys: String, CodingKey {
      case url
      case shouldFallback = "should_fallback"
    }
  }

  var sourceURL: Nullable<String>
  var targets: [AppLinkTargetJSON]
  var web: Web

  init(_ appLink: AppLink) {
    sourceURL = Nullable(appLink.sourceURL)
    targets = appLink.targets.map(AppLinkTargetJSON.init)
    web = Web(url: Nullable(appLink.fallbackURL), shouldFallback: appLink.web.shouldFallback)
  }
}

struct EventJSON: Encodable {
  var name: String
  var args: [String: String]

  init(_ event: MeasurementEvent) {
    name = event.name
    args = Dictionary(event.args) { _, last in last }
  }
}

struct NavigationJSON: Encodable {
  struct Intent: Encodable {
    struct Extras: Encodable {
      var appLinkData: JSONValue

      // The protocol's own spelling.
      enum CodingKeys: String, CodingKey { case appLinkData = "al_applink_data" }
    }
    var action: String
    var package: Nullable<String>
    var className: Nullable<String>
    var data: Nullable<String>
    var extras: Extras

    enum CodingKeys: String, CodingKey {
      case action, package
      case className = "class"
      case data, extras
    }
  }

  var platform: String
  var type: String
  var target: Nullable<AppLinkTargetJSON>
  var url: Nullable<String>
  var intent: Nullable<Intent>
  var appLinkData: Nullable<JSONValue>
  var events: [EventJSON]

  init(_ navigation: Navigation) {
    platform = navigation.device.rawValue
    type = navigation.outcome.rawValue
    target = Nullable(navigation.target.map(AppLinkTargetJSON.init))
    url = Nullable(navigation.url)
    intent = Nullable(
      navigation.intent.map { intent in
        Intent(
          action: intent.action, package: Nullable(intent.package),
          className: Nullable(intent.className), data: Nullable(intent.data),
          extras: .init(appLinkData: intent.appLinkData))
      })
    appLinkData = Nullable(navigation.appLinkData)
    events = navigation.events.map(EventJSON.init)
  }
}

struct InboundJSON: Encodable {
  struct Referer: Encodable {
    var url: String
    var appName: String

    // The protocol's own spelling.
    enum CodingKeys: String, CodingKey {
      case url
      case appName = "app_name"
    }
  }

  var inputURL: String
  var targetURL: String
  var inputQueryParameters: [String: Nullable<String>]
  var targetQueryParameters: [String: Nullable<String>]
  var appLinkData: Nullable<JSONValue>
  var extras: Nullable<JSONValue>
  var referer: Nullable<Referer>
  var events: [EventJSON]

  init(_ link: InboundLink) {
    inputURL = link.inputURL
    targetURL = link.targetURL
    inputQueryParameters = Self.parameters(link.inputQueryParameters)
    targetQueryParameters = Self.parameters(link.targetQueryParameters)
    appLinkData = Nullable(link.appLinkData)
    extras = Nullable(link.extras)
    referer = Nullable(link.referer.map { Referer(url: $0.url, appName: $0.appName) })
    events = link.events.map(EventJSON.init)
  }

  /// A repeated name keeps its last value, as a dictionary of the query does.
  private static func parameters(_ parameters: QueryParameters) -> [String: Nullable<String>] {
    Dictionary(parameters.items.map { ($0.name, Nullable($0.value)) }) { _, last in last }
  }
}
