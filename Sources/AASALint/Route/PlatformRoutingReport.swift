import AASA
import AASAAndroid
import AASACore
import AASALiveCheck

/// What `aasa-lint route --site` found: per URL, iOS's answer with the deciding rule, Android's
/// (verified host, grant, dynamic rule, activity), and what to fix where they disagree.
package struct PlatformRoutingReport: Report {
  package var site: SiteFiles
  package var routes: [PlatformRoute]

  /// Routing answers a question and fails nothing; `--expect` tables are for one platform.
  package var outcome: Outcome { .passed }
}

extension PlatformRoutingReport: TextReport {
  package func writeText(to output: OutputSink, _ context: RenderContext) {
    let style = context.style
    func shown(_ text: String) -> String { text.escapingControlCharacters }
    output.line(style.bold(shown(site.source)) + style.dim(" (\(shown(site.host)))"))
    for problem in [site.associationProblem, site.assetLinksProblem].compactMap({ $0 }) {
      output.line("  " + style.yellow("note") + ": " + shown(problem))
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
    let agree = routes.filter(\.platformsAgree).count
    output.line("\(agree) of \(routes.count) URLs answered alike on iOS and Android")
  }

  private func androidSummary(_ android: PlatformRoute.Android) -> String {
    var parts: [String] = []
    if let package = android.package { parts.append(package) }
    if let verified = android.hostVerified {
      parts.append(verified ? "host verified" : "host not verified")
    }
    if let granted = android.granted { parts.append(granted ? "granted" : "not granted") }
    if let rule = android.dynamicRule { parts.append("dynamic rules: \(rule.kind.rawValue)") }
    return parts.joined(separator: ", ")
  }
}

extension PlatformRoutingReport: TSVReport {
  /// `url<TAB>iOS verdict<TAB>Android verdict<TAB>activity or -` per URL.
  package func writeTSV(to output: OutputSink, _ context: RenderContext) {
    for route in routes {
      output.line(
        [
          route.url, route.apple.verdict.rawValue, route.android.verdict.rawValue,
          route.android.activity?.match?.activity ?? "-",
        ].map(\.escapingControlCharacters).joined(separator: "\t"))
    }
  }
}

extension PlatformRoutingReport: JSONReport {
  /// `{"kind": "route", "site", "host", "routes": [{"url", "ios": {"verdict", "app",
  /// "explanation", "entitlementCoversHost"}, "android": {"verdict", "package", "hostVerified",
  /// "granted", "grant", "dynamicRule", "activity"}, "fixes", "agree"}]}`.
  package var jsonDocument: any Encodable {
    PlatformRoutingJSON(
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
}
