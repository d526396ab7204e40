import AASAAppLinks

/// The text view of an App Link: a table of targets per platform with the line of each target's
/// first tag, the web fallback, and a navigation as one line.
struct AppLinkTextRenderer {
  var style: TerminalStyle

  func render(_ appLink: AppLink, to sink: OutputSink) {
    sink.line()
    sink.line(style.bold("App Link") + " of " + (appLink.sourceURL ?? "(no source URL)"))
    for platform in AppLinkPlatform.appPlatforms {
      let targets = appLink.targets(of: platform)
      guard !targets.isEmpty else { continue }
      let header = ["line", "group"] + platform.keys.map(\.rawValue)
      let rows = targets.map { target in
        ["\(target.location.line)", "\(target.group + 1)"]
          + platform.keys.map { key in
            guard let value = target.values[key] else { return "-" }
            return value.content ?? "(no content)"
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
    let web = appLink.fallbackURL.map { "web fallback \($0)" } ?? "no web fallback"
    sink.line("  " + web + " (should_fallback \(appLink.web.shouldFallback))")
  }

  /// `iphone → app bolts2://…`, `→ web …`, `→ fails: …`.
  func line(_ navigation: Navigation) -> String {
    let device = style.bold(navigation.device.rawValue)
    switch navigation.outcome {
    case .app:
      if let intent = navigation.intent {
        return "\(device) → " + style.green("app") + " intent \(intent.package ?? "(any package)")"
          + (intent.className.map { "/\($0)" } ?? "") + " data \(intent.data ?? "(none)")"
          + " extras al_applink_data=\(intent.appLinkData.compactText)"
      }
      return "\(device) → " + style.green("app") + " \(navigation.url ?? "")"
    case .web:
      return "\(device) → " + style.yellow("web") + " \(navigation.url ?? "")"
    case .failure:
      return "\(device) → " + style.red("fails") + ": \(navigation.failureReason ?? "")"
    }
  }
}
