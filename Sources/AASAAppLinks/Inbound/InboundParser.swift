import AASACore

/// Parses the URL an app was opened with, as `BFURL URLWithInboundURL:sourceApplication:` does,
/// and says what is wrong with its `al_applink_data`.
public enum InboundParser {
  public static func parse(_ url: String, sourceApplication: String? = nil) -> InboundLink {
    var diagnostics: [Diagnostic] = []
    let input = URLText(url)
    if !input.isValidAbsolute {
      diagnostics.append(
        Diagnostic(
          .AppLinks.inboundInvalidURL, at: .start, path: "",
          message: "\"\(url)\" is not a valid absolute URL"))
    }
    let inputParameters = QueryParameters(query: input.query)
    var targetURL = url
    var targetParameters = inputParameters
    var appLinkData: JSONValue?
    var extras: JSONValue?
    var referer: InboundLink.Referer?

    if let item = inputParameters["al_applink_data"], let value = item.value {
      let location = location(of: item.rawValue, in: url)
      if let data = validData(
        value, rawItems: inputParameters.rawItems, item: item, at: location, into: &diagnostics)
      {
        appLinkData = data
        if let target = data["target_url"] {
          if let string = target.string, URLText(string).isValidAbsolute {
            targetURL = string
            targetParameters = QueryParameters(query: URLText(string).query)
          } else {
            diagnostics.append(
              Diagnostic(
                .AppLinks.inboundTargetURL, at: location, path: "al_applink_data.target_url",
                message:
                  "target_url is \(target.string.map { "\"\($0)\", not a valid URL" } ?? target.typeDescription); targetURL is the input URL"
              ))
          }
        }
        if let value = data["extras"] {
          if value.members != nil {
            extras = value
          } else {
            diagnostics.append(
              Diagnostic(
                .AppLinks.inboundExtrasNotObject, at: location, path: "al_applink_data.extras",
                message: "extras is \(value.typeDescription), not an object"))
          }
        }
        if let link = data["referer_app_link"] {
          if let backURL = link["url"]?.string, let name = link["app_name"]?.string {
            referer = InboundLink.Referer(url: backURL, appName: name)
          } else {
            diagnostics.append(
              Diagnostic(
                .AppLinks.inboundRefererIncomplete, at: location,
                path: "al_applink_data.referer_app_link",
                message: "referer_app_link needs both url and app_name; no way back is offered"))
          }
        }
      }
    }

    var events: [MeasurementEvent] = []
    if let appLinkData {
      let args: [(String, String)] = [
        ("version", appLinkData["version"]?.string ?? ""),
        ("refererURL", referer?.url ?? ""), ("refererAppName", referer?.appName ?? ""),
        ("sourceApplication", sourceApplication ?? ""), ("targetURL", targetURL),
        ("inputURL", url), ("inputURLScheme", input.scheme ?? ""),
        ("forRenderBackToReferrerBar", "0"), ("forOpenUrl", "1"),
      ]
      events.append(MeasurementEvent(name: "al_link_parse", args: args))
      if sourceApplication != nil { events.append(MeasurementEvent(name: "al_nav_in", args: args)) }
    }
    return InboundLink(
      inputURL: url, inputQueryParameters: inputParameters, targetURL: targetURL,
      targetQueryParameters: targetParameters, appLinkData: appLinkData, extras: extras,
      referer: referer, events: events, diagnostics: diagnostics)
  }

  /// The decoded value as an object of version "1.0" (or none); nil, with the reason, otherwise.
  private static func validData(
    _ value: String, rawItems: [Substring], item: QueryParameters.Item, at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) -> JSONValue? {
    let read = JSONReader.read(value)
    guard let json = read.value, !read.diagnostics.contains(severity: .error) else {
      if let repaired = rejoined(rawItems), repaired {
        diagnostics.append(
          Diagnostic(
            .AppLinks.inboundCutAtAmpersand, at: location, path: "al_applink_data",
            message:
              "al_applink_data is cut at a raw \"&\": read together with the query items after it, it is a JSON object. The sender encoded it with the query-allowed set (as Bolts and the Facebook SDK for iOS do), so BFURL sees no data"
          ))
      } else {
        diagnostics.append(
          Diagnostic(
            .AppLinks.inboundNotJSON, at: location, path: "al_applink_data",
            message:
              "al_applink_data is not JSON: "
              + (read.diagnostics.first?.message ?? "it cannot be read")))
      }
      return nil
    }
    guard json.members != nil else {
      diagnostics.append(
        Diagnostic(
          .AppLinks.inboundNotObject, at: location, path: "al_applink_data",
          message: "al_applink_data is \(json.typeDescription), not an object; BFURL ignores it"))
      return nil
    }
    if let version = json["version"], version.string != "1.0" {
      diagnostics.append(
        Diagnostic(
          .AppLinks.inboundWrongVersion, at: location, path: "al_applink_data.version",
          message:
            "version is \(version.compactText), not \"1.0\"; BFURL ignores the data (Bolts for Android would accept a numeric 1)"
        ))
      return nil
    }
    return json
  }

  /// Whether the `al_applink_data` item, joined again with the items after it by `&`, reads as a
  /// JSON object: the data was cut at an unencoded `&`. Tries at most 64 joins.
  private static func rejoined(_ rawItems: [Substring]) -> Bool? {
    guard let start = rawItems.firstIndex(where: { $0.hasPrefix("al_applink_data=") }) else {
      return nil
    }
    var joined = String(rawItems[start].dropFirst("al_applink_data=".count))
    var index = start + 1
    while index < rawItems.count, index - start <= 64 {
      joined += "&" + rawItems[index]
      let read = JSONReader.read(QueryEncoding.decode(Substring(joined)))
      if let value = read.value, value.members != nil,
        !read.diagnostics.contains(severity: .error)
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// Where a value stands in the URL (line 1, its column).
  private static func location(of raw: Substring?, in url: String) -> SourceLocation {
    guard let raw else { return .start }
    let offset = url.utf8.distance(from: url.utf8.startIndex, to: raw.startIndex)
    let column = url.unicodeScalars.distance(from: url.startIndex, to: raw.startIndex) + 1
    return SourceLocation(line: 1, column: column, offset: offset)
  }
}
