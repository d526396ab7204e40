import AASAAppLinks
import AASACore

/// The text view of an App Link: a table of targets per platform with the line of each target's
/// first tag, the web fallback, and a navigation as one line.
struct AppLinkTextRenderer {
  var style: TerminalStyle

  func render(_ appLink: AppLink, to sink: OutputSink) {
    sink.line()
    sink.line(
      style.bold("App Link") + " of "
        + (appLink.sourceURL?.escapingControlCharacters ?? "(no source URL)"))
    for platform in AppLinkPlatform.appPlatforms {
      let targets = appLink.targets(of: platform)
      guard !targets.isEmpty else { continue }
      let header = ["line", "group"] + platform.keys.map(\.rawValue)
      let rows = targets.map { target in
        ["\(target.location.line)", "\(target.group + 1)"]
          + platform.keys.map { key in
            guard let value = target.values[key] else { return "-" }
            return value.content.map(Self.cell) ?? "(no content)"
          }
      }
      sink.line("  " + style.bold(platform.rawValue))
      let widths = header.indices.map { column in
        ([header] + rows).map { $0[column].count }.max() ?? 0
      }
      func format(_ cells: [String]) -> String {
        "    "
          + cells.enumerated().map { column, cell in
            column == cells.count - 1
              ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
          }.joined(separator: "  ")
      }
      sink.line(style.dim(format(header)))
      for row in rows { sink.line(format(row)) }
    }
    let web: String
    if let fallback = appLink.fallbackURL {
      web =
        "web fallback \(fallback.escapingControlCharacters) (should_fallback \(appLink.web.shouldFallback))"
    } else if !appLink.web.shouldFallback {
      web = "no web fallback (should_fallback false)"
    } else if appLink.sourceURL == nil {
      // The page's own URL is the default fallback, and it is not known.
      web = "web fallback: the page's URL, which is not known (give --page-url)"
    } else {
      web = "no web fallback"
    }
    sink.line("  " + web)
  }

  /// A tag's content in the table: control characters escaped, and quoted when it holds a
  /// space or is empty, so that each cell reads as one value.
  static func cell(_ content: String) -> String {
    content.isEmpty || content.contains(" ")
      ? JSONValue.quoted(content) : content.escapingControlCharacters
  }

  private func shown(_ text: String?) -> String { (text ?? "").escapingControlCharacters }

  /// `iphone → app bolts2://…`, `→ web …`, `→ fails: …`.
  func line(_ navigation: Navigation) -> String {
    let device = style.bold(navigation.device.rawValue)
    switch navigation.outcome {
    case .app:
      if let intent = navigation.intent {
        let className = intent.className.map { "/\($0)" } ?? ""
        let target: String =
          "intent \(intent.package ?? "(any package)")\(className) data \(intent.data ?? "(none)")"
          + " extras al_applink_data=\(intent.appLinkData.compactText)"
        return "\(device) → " + style.green("app") + " " + target.escapingControlCharacters
      }
      return "\(device) → " + style.green("app") + " \(shown(navigation.url))"
    case .web:
      return "\(device) → " + style.yellow("web") + " \(shown(navigation.url))"
    case .failure:
      return "\(device) → " + style.red("fails") + ": \(shown(navigation.failureReason))"
    }
  }
}
