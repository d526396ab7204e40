import AASACore
import AASADevice

/// `aasa-lint device [FILE|-]`: device output pasted from a terminal, an issue or a forum,
/// explained per app and domain: the state, what it means, the likely causes in order, and what
/// to run next.
///
/// ```
/// org.thoughtcrime.securesms (android)
///   signal.group  legacy_failure
///     means   rejected by a legacy verifier, reason unknown: links open the browser
///     causes  1. https://signal.group/.well-known/assetlinks.json does not list …
///     next    aasa-lint check https://signal.group
///             adb shell pm verify-app-links --re-verify org.thoughtcrime.securesms
/// ```
package struct DeviceRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json]

  /// The file's name as given, `-` for standard input; for pasted bytes, what a message calls
  /// them.
  package var input: String
  /// The paste itself, when it came as a value (the validator page's): never written to a file,
  /// where another local user could read it.
  package var pasted: [UInt8]?

  package init(input: String = "-") {
    self.input = input
  }

  /// A run of pasted bytes; `name` is what a message calls them (`the pasted text`).
  package init(pasted: [UInt8], name: String) {
    self.input = name
    self.pasted = pasted
  }

  /// The paste explained; unreadable or unrecognised input is thrown before anything is written.
  package func run() throws -> DevicePasteReport {
    let bytes = try pasted ?? FileInput.read(input)
    let report: DeviceReport
    do {
      report = try DeviceOutputReader.read(bytes)
    } catch {
      let name = pasted == nil && input == "-" ? "standard input" : input
      throw UsageError("\(name): \(error.description)")
    }
    return DevicePasteReport(device: report)
  }
}

/// What `aasa-lint device` read from a paste: per app and domain, the state and its explanation.
package struct DevicePasteReport: Report {
  package var device: DeviceReport

  /// Passed when every domain read opens the app; a paste that shows no domain's state says
  /// nothing either way, which is no pass.
  package var outcome: Outcome {
    Outcome(failing: !device.failing.isEmpty || device.isInconclusive)
  }
}

extension DevicePasteReport: JSONReport {
  package var jsonDocument: any Encodable { DeviceJSON(device) }
}

extension DevicePasteReport: TextReport {
  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let style = context.style
    let report = device
    if report.apps.isEmpty {
      sink.line("no app's domain state in this \(report.platform.rawValue) output")
    }
    for app in report.apps {
      sink.line(
        style.bold(visible(app.app ?? "(app not named in the paste)"))
          + " (\(report.platform.rawValue))")
      // Aligned on the domains as shown, escapes and all.
      let shownDomains = app.domains.map { visible($0.domain) }
      let width = shownDomains.map(\.count).max() ?? 0
      for (domain, shownDomain) in zip(app.domains, shownDomains) {
        let padding = String(repeating: " ", count: max(0, width - shownDomain.count))
        let state =
          domain.opensApp ? style.green(visible(domain.state)) : style.red(visible(domain.state))
        sink.line("  \(shownDomain)\(padding)  \(state)")
        sink.line("    means   " + visible(domain.meaning))
        for (index, cause) in domain.causes.enumerated() {
          sink.line(
            (index == 0 ? "    causes  " : "            ") + "\(index + 1). " + visible(cause))
        }
        for (index, step) in domain.next.enumerated() {
          sink.line((index == 0 ? "    next    " : "            ") + visible(step))
        }
      }
    }
    if !report.notes.isEmpty {
      sink.line(style.bold("notes"))
      for note in report.notes {
        sink.line("  line \(note.line): " + visible(note.text))
      }
    }
    // Rows and domains counted apart: `swcutil verify` gives a row per app and URL.
    let summary = report.summary
    func domains(_ count: Int) -> String { "\(count) domain\(count == 1 ? "" : "s")" }
    let rows =
      summary.rows == summary.domains
      ? "" : ", \(summary.rows) row\(summary.rows == 1 ? "" : "s")"
    if report.isInconclusive {
      sink.line(
        "result: " + style.yellow("inconclusive")
          + " (the paste shows no domain's state: nothing says whether links open the app)")
    } else if summary.failingDomains == 0 {
      sink.line("result: " + style.green("ok") + " (\(domains(summary.domains))\(rows))")
    } else {
      sink.line(
        "result: "
          + style.red(
            "\(summary.failingDomains) of \(domains(summary.domains)) "
              + (summary.failingDomains == 1 ? "does" : "do") + " not open the app")
          + rows)
    }
  }

  /// Control characters from the paste as `\u{1B}` escapes, so that they cannot act on a
  /// terminal.
  private func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// `{"kind": "device", "platform": "android"|"ios", "apps": [{"app": …, "domains": [{"domain",
/// "state", "meaning", "causes", "next", "line", "opensApp"}]}], "notes": [{"line", "text"}]}`.
struct DeviceJSON: Encodable {
  struct Domain: Encodable {
    var domain: String
    var state: String
    var meaning: String
    var causes: [String]
    var next: [String]
    var line: Int
    var opensApp: Bool
  }

  struct App: Encodable {
    var app: Nullable<String>
    var domains: [Domain]
  }

  struct Note: Encodable {
    var line: Int
    var text: String
  }

  /// Rows (one per app and domain, or per app and URL) and distinct domains, counted apart.
  struct Summary: Encodable {
    var rows: Int
    var failingRows: Int
    var domains: Int
    var failingDomains: Int
  }

  var kind = "device"
  var platform: String
  var apps: [App]
  var notes: [Note]
  var summary: Summary
  /// The paste shows no domain's state.
  var inconclusive: Bool

  init(_ report: DeviceReport) {
    platform = report.platform.rawValue
    apps = report.apps.map { app in
      App(
        app: Nullable(app.app),
        domains: app.domains.map {
          Domain(
            domain: $0.domain, state: $0.state, meaning: $0.meaning, causes: $0.causes,
            next: $0.next, line: $0.line, opensApp: $0.opensApp)
        })
    }
    notes = report.notes.map { Note(line: $0.line, text: $0.text) }
    let counted = report.summary
    summary = Summary(
      rows: counted.rows, failingRows: counted.failingRows, domains: counted.domains,
      failingDomains: counted.failingDomains)
    inconclusive = report.isInconclusive
  }
}
