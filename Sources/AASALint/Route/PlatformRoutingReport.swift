import AASA
import AASAAndroid
import AASACore
import AASALiveCheck

/// What `aasa-lint route --site` found: per URL, iOS's answer with the deciding rule, Android's
/// (verified host, grant, dynamic rule, activity), and what to fix where they disagree; with
/// `--expect`, each platform's cell of the table checked against that platform's answer.
package struct PlatformRoutingReport: Report {
  package var site: SiteFiles
  package var routes: [PlatformRoute]
  /// The `--expect` table's cells, checked (`-` cells make none).
  package var expectations: CheckedExpectations<PlatformExpectationResult>?
  /// The routes of the table's rows, in table order: `--format tsv` writes them after the URLs',
  /// as `aasa-lint FILE --expect` does.
  package var tableRoutes: [PlatformRoute] = []

  package init(site: SiteFiles, routes: [PlatformRoute]) {
    self.site = site
    self.routes = routes
  }

  /// Routing answers a question and fails nothing; an `--expect` cell that is not met fails the
  /// run, as every command's `--expect` does.
  /// A site that gave neither file (unreachable, refused, no `.well-known/` in the folder) fails
  /// the run too: every answer would be "unknown", and an unknown answer says nothing about a
  /// device.
  package var outcome: Outcome {
    Outcome(failing: siteProblem != nil || !(expectations?.unmet.isEmpty ?? true))
  }

  /// Why the site could not be read at all: each file's reason, in words; nil when at least one
  /// of the two files was read.
  package var siteProblem: String? {
    guard site.association == nil, site.statementList == nil else { return nil }
    let reasons = [site.associationProblem, site.assetLinksProblem].compactMap { $0 }
    return "the site cannot be read: "
      + (reasons.isEmpty ? "neither file was found" : reasons.joined(separator: "; "))
  }

  private var table: String { expectations?.file ?? "" }
}

extension PlatformRoutingReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
    func shown(_ text: String) -> String { text.escapingControlCharacters }
    output.line(style.bold(shown(site.source)) + style.dim(" (\(shown(site.host)))"))
    if let siteProblem {
      output.line("  " + style.red("error") + ": " + shown(siteProblem))
    } else {
      for problem in [site.associationProblem, site.assetLinksProblem].compactMap({ $0 }) {
        output.line("  " + style.yellow("note") + ": " + shown(problem))
      }
    }
    for route in routes {
      output.line(style.bold(shown(route.url)))
      let apple = route.apple
      let appleVerdict =
        apple.verdict == .opens
        ? style.green(apple.verdict.rawValue) : style.red(apple.verdict.rawValue)
      output.line("  iOS      " + appleVerdict + "  " + shown(apple.explanation))
      if apple.entitlementCoversHost == false {
        output.line("           " + style.red("no applinks: entry of the app names this host"))
      }
      let android = route.android
      let androidVerdict =
        android.verdict == .opens
        ? style.green(android.verdict.rawValue) : style.red(android.verdict.rawValue)
      output.line("  Android  " + androidVerdict + "  " + shown(androidSummary(android)))
      if let explanation = android.grantExplanation {
        output.line("           grant: " + shown(explanation))
      }
      if let activity = android.activity {
        output.line("           activity: " + shown(activity.summary))
      }
      for fix in route.fixes {
        output.line("  " + style.yellow("fix") + "      " + shown(fix))
      }
    }
    if !routes.isEmpty || expectations == nil {
      let agree = routes.filter(\.platformsAgree).count
      let unknown = routes.filter {
        $0.apple.verdict == .unknown || $0.android.verdict == .unknown
      }.count
      output.line(
        "\(agree) of \(routes.count) \(routes.count == 1 ? "URL" : "URLs") answered alike on iOS and Android"
          + (unknown == 0 ? "" : " (\(unknown) unknown on a platform, which agrees with nothing)"))
    }
    expectations?.results.renderText(file: table, style: style, to: output)
  }

  private func androidSummary(_ android: PlatformRoute.Android) -> String {
    var parts: [String] = []
    if let package = android.package { parts.append(package) }
    if let verified = android.hostVerified {
      parts.append(verified ? "host verified" : "host not verified")
    }
    if let granted = android.granted { parts.append(granted ? "granted" : "not granted") }
    if let rule = android.dynamicRule { parts.append("dynamic rules: \(rule.kind.rawValue)") }
    // Unknown and nothing to say: no app was asked about, which the line says rather than
    // leaving "Android  unknown" bare.
    if parts.isEmpty, android.verdict == .unknown {
      return "no Android app asked about: give --package (with --fingerprint) or --manifest"
    }
    return parts.joined(separator: ", ")
  }
}

extension PlatformRoutingReport: TSVReport {
  /// `url<TAB>iOS verdict<TAB>Android verdict<TAB>activity or -` per URL.
  /// The table's rows follow the URLs; unmet cells go to standard error, which TSV leaves to
  /// the person.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    for route in routes + tableRoutes {
      output.line(
        [
          route.url, route.apple.verdict.rawValue, route.android.verdict.rawValue,
          route.android.activity?.match?.activity ?? "-",
        ].map(\.escapingControlCharacters).joined(separator: "\t"))
    }
    if let expectations, !expectations.unmet.isEmpty {
      let errors = context.errors
      expectations.results.renderText(file: table, style: context.style, to: errors)
      errors.flush()
    }
  }
}

/// `--format sarif` and `github` carry the `--expect` cells that are not met, at their lines of
/// the table, as every command's `--expect` does (the routes themselves are findings of no file).
extension PlatformRoutingReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) {
    builder.add(
      file: table, diagnostics: [],
      otherResults: (expectations?.unmet ?? []).map {
        .unmet(
          $0, line: $0.expectation.line, table: table,
          fix: "the site's files, the manifest or the app")
      })
  }
}

extension PlatformRoutingReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) {
    GitHubAnnotationWriter.writeUnmet(
      (expectations?.unmet ?? []).map { ($0.expectation.line, $0.describe(file: table)) },
      table: table, to: output)
  }
}

extension PlatformRoutingReport: JSONReport {
  /// `{"kind": "route", "site", "host", "routes": [{"url", "ios": {"verdict", "app",
  /// "explanation", "entitlementCoversHost"}, "android": {"verdict", "package", "hostVerified",
  /// "granted", "grant", "dynamicRule", "activity"}, "fixes", "agree"}], "expectations"?: {"file",
  /// "met", "failed", "results": [{"line", "column", "input", "platform", "expected", "verdict",
  /// "actual", "met"}]}, "error"?: why the site could not be read}`.
  package var jsonDocument: any Encodable {
    var document = PlatformRoutingJSON(
      site: site.source, host: site.host,
      routes: routes.map { route in
        .init(
          url: route.url,
          ios: .init(
            verdict: route.apple.verdict.rawValue, app: Nullable(route.apple.app),
            explanation: route.apple.explanation,
            entitlementCoversHost: Nullable(route.apple.entitlementCoversHost)),
          android: .init(
            verdict: route.android.verdict.rawValue, package: Nullable(route.android.package),
            hostVerified: Nullable(route.android.hostVerified),
            granted: Nullable(route.android.granted),
            grant: Nullable(route.android.grantExplanation),
            dynamicRule: Nullable(route.android.dynamicRule?.kind.rawValue),
            activity: Nullable(route.android.activity?.match?.activity),
            activitySummary: Nullable(route.android.activity?.summary)),
          fixes: route.fixes, agree: route.platformsAgree)
      })
    document.error = siteProblem
    document.expectations = expectations.map { checked in
      ExpectationsJSON(
        file: checked.file, met: checked.results.count - checked.unmet.count,
        failed: checked.unmet.count, results: checked.results.map(PlatformExpectationJSON.init))
    }
    return document
  }
}

/// A `route --expect` cell, checked.
struct PlatformExpectationJSON: Encodable {
  var line: Int
  var column: Int
  var input: String
  var platform: String
  var expected: String
  var verdict: String
  var actual: String
  var met: Bool

  init(_ result: PlatformExpectationResult) {
    line = result.expectation.line
    column = result.expectation.column
    input = result.expectation.input
    platform = result.expectation.platform.rawValue
    expected = result.expectation.expected.description
    verdict = result.verdict
    actual = result.actual
    met = result.isMet
  }
}

struct PlatformRoutingJSON: Encodable {
  struct IOS: Encodable {
    var verdict: String
    var app: Nullable<String>
    var explanation: String
    var entitlementCoversHost: Nullable<Bool>
  }

  struct Android: Encodable {
    var verdict: String
    var package: Nullable<String>
    var hostVerified: Nullable<Bool>
    var granted: Nullable<Bool>
    var grant: Nullable<String>
    var dynamicRule: Nullable<String>
    var activity: Nullable<String>
    var activitySummary: Nullable<String>
  }

  struct Route: Encodable {
    var url: String
    var ios: IOS
    var android: Android
    var fixes: [String]
    var agree: Bool
  }

  var kind = "route"
  var site: String
  var host: String
  var routes: [Route]
  /// Only when the site gave neither file: why, and the run fails.
  var error: String?
  /// Only with `--expect`: the key is left out otherwise, so documents without a table are as
  /// they were.
  var expectations: ExpectationsJSON<PlatformExpectationJSON>?
}
