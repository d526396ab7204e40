import Foundation

/// `GET /`: what the exporter is, its modules and allowlist, and the last probes with a link to
/// each one's check text, as blackbox_exporter's page: it shows what was decided and computes
/// nothing itself. Every value from a request or a site is escaped.
enum LandingPage {
  static func html(_ snapshot: ExporterState.Snapshot) -> String {
    var page = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>aasa-lint exporter</title>
      <style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}
      td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}
      .failure,.refused{color:#b00}.success{color:#070}code{background:#f4f4f4}</style></head><body>
      <h1>aasa-lint exporter</h1>
      <p>Probes association files as Apple's and Google's fetchers do, one check per scrape:
      <a href="/probe?target=example.com&amp;debug=true"><code>/probe?target=HOST&amp;module=NAME</code></a>,
      the exporter's own metrics on <a href="/metrics">/metrics</a>.
      See docs/exporter.md for the scrape configuration.</p>

      """
    page += "<h2>Configuration</h2><p>"
    page += snapshot.configurationPath.map { "File <code>\(escape($0))</code>" } ?? "Built-in"
    page += ", read \(escape(timestamp(snapshot.lastReload)))"
    if let problem = snapshot.reloadProblem {
      page +=
        "; <span class=\"failure\">the last reload failed, the previous configuration is kept: \(escape(problem))</span>"
    }
    page += ". Allowed targets: "
    page +=
      snapshot.allowRules.isEmpty
      ? "none (start with <code>--allow</code>)"
      : snapshot.allowRules.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
    page +=
      ". At most \(snapshot.concurrency) probes at once.</p>\n<table><tr><th>Module</th><th>App</th><th>Paths</th><th>Android</th><th>CDN</th><th>Google</th><th>Timeout</th></tr>\n"
    for module in snapshot.configuration.modules.values.sorted(by: { $0.name < $1.name }) {
      page += "<tr><td>\(escape(module.name))</td><td>\(escape(module.app ?? "-"))</td>"
      page += "<td>\(module.paths.count)\(module.expect == nil ? "" : " + table")</td>"
      page += "<td>\(escape(module.androidApps.map(\.package).joined(separator: ", ")))</td>"
      page += "<td>\(module.cdn ? "yes" : "no")</td><td>\(module.google ? "yes" : "no")</td>"
      page += "<td>\(module.timeoutSeconds) s</td></tr>\n"
    }
    page += "</table>\n<h2>Last probes</h2>\n"
    if snapshot.history.entries.isEmpty {
      page += "<p>None yet.</p>\n"
    } else {
      page +=
        "<table><tr><th>When</th><th>Target</th><th>Module</th><th>Result</th><th>Duration</th><th></th></tr>\n"
      for entry in snapshot.history.entries {
        page += "<tr><td>\(escape(timestamp(entry.at)))</td><td>\(escape(entry.target))</td>"
        page += "<td>\(escape(entry.module))</td><td class=\"\(entry.result)\">\(entry.result)</td>"
        page += String(format: "<td>%.3f s</td>", entry.durationSeconds)
        page += "<td><a href=\"/history?id=\(entry.id)\">check</a></td></tr>\n"
      }
      page += "</table>\n"
    }
    return page + "</body></html>\n"
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default:
        escaped +=
          character.unicodeScalars.contains { $0.properties.generalCategory == .control }
          ? "\u{FFFD}" : String(character)
      }
    }
    return escaped
  }
}
