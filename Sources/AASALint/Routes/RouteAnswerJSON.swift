import AASACore
import AASARoutes

/// One routed link in `--format json`, the shape docs/routes.md and the issue fix:
///
/// ```
/// {"input": …, "platform": "ios", "route": "data/:dataId" | "defaultRoute" | null,
///  "via": "exact" | "trimmed" | "default" | "none", "matched": … | null, "params": {…},
///  "handlers": […], "class": … | null, "identifier": … | null, "storyboard": … | null,
///  "closest": {"route": …, "failed": …} | null}
/// ```
enum RouteAnswerJSON {
  static func render(_ answer: RouteAnswer) -> String {
    let optional = { (text: String?) in text.map(JSONValue.quoted) ?? "null" }
    var out = "{\"input\": \(JSONValue.quoted(answer.input)), "
    out += "\"platform\": \"\(answer.platform.rawValue)\", "
    out += "\"route\": \(optional(answer.routeName)), \"via\": \"\(answer.via.rawValue)\", "
    out += "\"matched\": \(optional(answer.matched)), "
    out +=
      "\"params\": {"
      + answer.parameters.map { "\(JSONValue.quoted($0.name)): \(JSONValue.quoted($0.value))" }
      .joined(separator: ", ") + "}, "
    out +=
      "\"handlers\": ["
      + (answer.target?.handlers ?? []).map(JSONValue.quoted).joined(separator: ", ") + "], "
    out += "\"class\": \(optional(answer.target?.className)), "
    let identifier = answer.platform == .ios ? answer.target?.identifier : nil
    out += "\"identifier\": \(optional(identifier)), "
    out += "\"storyboard\": \(storyboard(answer.storyboard)), "
    if let closest = answer.closest {
      out +=
        "\"closest\": {\"route\": \(JSONValue.quoted(closest.routeKey)), "
        + "\"failed\": \(JSONValue.quoted(closest.failure.description))}"
    } else {
      out += "\"closest\": null"
    }
    return out + "}"
  }

  private static func storyboard(_ storyboard: ResolvedStoryboard?) -> String {
    switch storyboard {
    case nil: "null"
    case .name(let name): JSONValue.quoted(name)
    case .devices(let iPhone, let iPad):
      "{\"iPhone\": \(iPhone.map(JSONValue.quoted) ?? "null"), "
        + "\"iPad\": \(iPad.map(JSONValue.quoted) ?? "null")}"
    }
  }
}
