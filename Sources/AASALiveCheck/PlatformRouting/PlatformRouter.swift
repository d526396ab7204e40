import AASA
import AASAAndroid
import AASACore

/// Answers, per URL, what iOS and Android each do with it for one app, from the site's two files,
/// the Android manifest and the iOS entitlements when given. Built once; immutable and
/// `Sendable`.
public struct PlatformRouter: Sendable {
  public let site: SiteFiles
  public let appleApp: String?
  public let androidPackage: String?
  public let androidFingerprint: CertificateFingerprint?
  public let manifest: ManifestRouter?
  /// The app's `applinks:` entries; nil when not given.
  public let entitlements: [AssociatedDomain]?
  private let matcher: Matcher?
  private let androidRouter: AndroidRouter?

  public init(
    site: SiteFiles, appleApp: String? = nil, androidPackage: String? = nil,
    androidFingerprint: CertificateFingerprint? = nil, manifest: ManifestRouter? = nil,
    entitlements: [AssociatedDomain]? = nil
  ) {
    self.site = site
    self.appleApp = appleApp
    self.androidPackage = androidPackage ?? manifest?.report.package
    self.androidFingerprint = androidFingerprint
    self.manifest = manifest
    self.entitlements = entitlements
    matcher = site.association.map { Matcher($0, domain: site.host) }
    // The dynamic rules come from the statements Google reads: the site's and its includes'.
    androidRouter = site.statementList.map { root in
      var list = root
      if let included = site.included {
        list.statements = included.allStatements(root: root)
      }
      return AndroidRouter(list)
    }
  }

  public func route(_ url: String) -> PlatformRoute {
    let apple = appleAnswer(url)
    let android = androidAnswer(url)
    return PlatformRoute(
      url: url, apple: apple, android: android, fixes: fixes(url, apple, android))
  }

  // MARK: iOS

  private func appleAnswer(_ url: String) -> PlatformRoute.Apple {
    let host = IntentURL(url).host?.lowercased()
    let covered = entitlements.map { entries in
      guard let host else { return false }
      return entries.contains { entry in
        entry.isWildcard ? host.hasSuffix("." + entry.host) : host == entry.host
      }
    }
    guard let matcher else {
      return .init(
        verdict: .unknown, app: appleApp, rule: nil, nearMiss: nil,
        explanation: site.associationProblem ?? "no apple-app-site-association file",
        entitlementCoversHost: covered)
    }
    let routing = matcher.route(URLInput(url))
    let explanation = RoutingExplanation().headline(routing, app: appleApp).plainText
    let verdict: Verdict?
    if let appleApp {
      verdict =
        routing.verdicts.first { $0.app == appleApp && $0.kind != .none }
        ?? routing.verdicts.first { $0.app == appleApp }
    } else {
      verdict =
        routing.verdicts.first { $0.kind == .match }
        ?? routing.verdicts.first { $0.kind == .blocked }
    }
    let kind: PlatformRoute.Apple.Verdict
    switch verdict?.kind {
    case .match?: kind = routing.foreignHost == nil ? .opens : .none
    case .blocked?: kind = .blocked
    case .none?: kind = .none
    case nil: kind = appleApp == nil && routing.verdicts.isEmpty ? .unknown : .none
    }
    return .init(
      verdict: kind, app: verdict?.app ?? appleApp, rule: verdict?.decidingRule,
      nearMiss: verdict?.closest, explanation: explanation, entitlementCoversHost: covered)
  }

  // MARK: Android

  private func androidAnswer(_ url: String) -> PlatformRoute.Android {
    let activity = manifest?.route(url)
    var answer = PlatformRoute.Android(
      verdict: .unknown, package: androidPackage, hostVerified: activity?.hostIsVerified,
      granted: nil, grantExplanation: nil, dynamicRule: nil, activity: activity)
    guard let package = androidPackage else { return answer }
    if let root = site.statementList {
      (answer.granted, answer.grantExplanation) = grant(root, package: package)
      answer.dynamicRule = androidRouter?.route(url, app: package).verdicts.first
    } else {
      answer.granted = false
      answer.grantExplanation = site.assetLinksProblem ?? "no assetlinks.json"
    }
    let manifestOpens = activity.map { $0.decision == .opens }
    let rulesExclude = answer.dynamicRule?.kind == .excluded
    if answer.granted == false || rulesExclude || manifestOpens == false {
      answer.verdict = .browser
    } else if answer.granted == true, manifestOpens == true {
      answer.verdict = .opens
    }
    return answer
  }

  /// Whether the statements grant `package` App Links: with a fingerprint, Google's full answer
  /// (includes followed when fetched); without, whether any valid statement grants the package.
  private func grant(_ root: StatementList, package: String) -> (Bool, String) {
    if let fingerprint = androidFingerprint {
      if let included = site.included {
        let answer = included.grants(root: root, package: package, fingerprint: fingerprint)
        return (answer.answer.isGranted || answer.includedGrant != nil, answer.explanation)
      }
      let answer = root.grants(package: package, fingerprint: fingerprint)
      return (answer.isGranted, answer.explanation)
    }
    if root.isIgnoredByGoogle {
      return (false, "no: Google ignores the whole assetlinks.json (an invalid statement)")
    }
    let statements = site.included?.allStatements(root: root) ?? root.statements
    let grantors = statements.filter {
      $0.target.packageName == package && $0.relations.contains(.handleAllURLs)
    }
    if grantors.isEmpty {
      let pending =
        site.included == nil && !root.includes.isEmpty
        ? " (its includes were not fetched)" : ""
      return (false, "no: no statement grants \(package) App Links\(pending)")
    }
    return (true, "yes, for the fingerprints the statements list (none was given to compare)")
  }

  // MARK: What to fix

  private func fixes(_ url: String, _ apple: PlatformRoute.Apple, _ android: PlatformRoute.Android)
    -> [String]
  {
    var fixes: [String] = []
    let host = IntentURL(url).host ?? site.host
    // A fix is for a platform that differs from the other: where iOS's own file keeps the app
    // out (an exclude rule, or no rule) and Android does not open the URL either, the two agree
    // and nothing is to change (an excluded /account/* is not an Android filter missing). An
    // unknown iOS answer agrees with nothing, so Android's reasons are still said.
    let iosKeepsOut = apple.verdict == .blocked || apple.verdict == .none
    if iosKeepsOut && android.verdict != .opens { return fixes }
    if apple.entitlementCoversHost == false {
      fixes.append(
        "iOS: the app's entitlements have no applinks:\(host) (add it to com.apple.developer.associated-domains)"
      )
    }
    if let activity = android.activity, android.package != nil {
      switch activity.decision {
      case .none:
        let closest = activity.nearMisses.first { $0.part == .path || $0.part == .host }
        fixes.append(
          "Android: no intent filter of the manifest matches \(url)"
            + (closest.map { "; closest: the filter at \($0.filterLocation), where \($0.reason)" }
              ?? ""))
      case .unverified:
        fixes.append(
          "Android: the filter that matches (at \(activity.match?.filterLocation.description ?? "?")) is for a host no verified filter declares: add android:autoVerify=\"true\" to a VIEW/DEFAULT/BROWSABLE filter with android:host=\"\(host)\""
        )
      case .opens: break
      }
    }
    if android.granted == false, let explanation = android.grantExplanation {
      fixes.append("Android: assetlinks.json does not grant the app App Links: \(explanation)")
    }
    if let rule = android.dynamicRule, rule.kind == .excluded, apple.verdict == .opens {
      let which =
        rule.component.map { "component [\($0)] of dynamic_app_link_components" }
        ?? "no component of dynamic_app_link_components matches, which excludes it"
      fixes.append(
        "Android 15+: the dynamic rules exclude it (\(which)) while iOS opens it; add a component for this path or remove the exclude"
      )
    }
    if android.verdict == .opens && apple.verdict != .opens {
      switch apple.verdict {
      case .blocked:
        fixes.append(
          "iOS: \(apple.rule.map { "\($0.name) \($0.displayText)" } ?? "an exclude rule") blocks it while Android opens it; narrow or remove that rule if the app should open it"
        )
      case .none:
        fixes.append(
          "iOS: no rule of apple-app-site-association opens it for \(apple.app ?? "the app") while Android opens it; add a component whose \"/\" matches this path"
        )
      case .unknown:
        fixes.append("iOS: \(apple.explanation)")
      case .opens: break
      }
    }
    return fixes
  }
}
