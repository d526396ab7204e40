import AASACore
import AASALiveCheck

/// One cell of a `route --expect` table: on this platform, this URL must get this answer. The
/// table is read by ``ExpectationTableFile`` (its syntax and its errors are worded there); a `-`
/// cell (does not matter) makes no expectation.
package struct PlatformExpectation: Hashable, Sendable {
  package enum Expected: Hashable, Sendable, CustomStringConvertible {
    /// iOS: this app opens the URL.
    case app(String)
    /// Android: this package opens the URL (with this activity, as written, when named).
    case package(String, activity: String?)
    /// iOS: an `exclude` (or `NOT `) rule keeps the app from opening it.
    case blocked
    /// No app opens it: on iOS no rule does, on Android the browser opens it.
    case none

    package var description: String {
      switch self {
      case .app(let app): app
      case .package(let package, let activity): activity.map { "\(package)/\($0)" } ?? package
      case .blocked: "blocked"
      case .none: "none"
      }
    }
  }

  package var line: Int
  /// The column of the cell in its line, so that a mismatch points at the value to change.
  package var column: Int
  package var input: String
  package var platform: Platform
  package var expected: Expected

  package init(line: Int, column: Int, input: String, platform: Platform, expected: Expected) {
    self.line = line
    self.column = column
    self.input = input
    self.platform = platform
    self.expected = expected
  }
}

/// A cell checked against the route of its URL: what was expected, what the platform does, and
/// whether that is what was expected.
package struct PlatformExpectationResult: ExpectationOutcome, Sendable {
  package var expectation: PlatformExpectation
  /// The platform's verdict, as `route` names it (`opens`, `blocked`, `none`, `browser`,
  /// `unknown`).
  package var verdict: String
  /// What the platform does, in the table's terms, with the reason.
  package var actual: String
  package var isMet: Bool

  /// Checks `expectation` against `route`, the answer for its URL. Relative activity names
  /// (`.LinkActivity`) are read against `namespace`, the manifest's package, as Android reads
  /// them (else the expected package). `unknown` (the inputs do not tell) meets nothing.
  package init(_ expectation: PlatformExpectation, route: PlatformRoute, namespace: String?) {
    self.expectation = expectation
    switch expectation.platform {
    case .ios:
      let apple = route.apple
      verdict = apple.verdict.rawValue
      let covered = apple.entitlementCoversHost != false
      switch expectation.expected {
      case .app(let app): isMet = apple.verdict == .opens && apple.app == app && covered
      case .blocked: isMet = apple.verdict == .blocked
      case .none: isMet = apple.verdict == .none
      case .package: isMet = false
      }
      switch apple.verdict {
      case .unknown: actual = "unknown (\(apple.explanation))"
      case .opens where !covered:
        actual = "\(apple.explanation), but no applinks: entry of the app names this host"
      case .opens, .blocked, .none: actual = apple.explanation
      }
    case .android:
      let android = route.android
      verdict = android.verdict.rawValue
      let match = android.activity?.match
      switch expectation.expected {
      case .package(let package, let activity):
        isMet =
          android.verdict == .opens && android.package == package
          && activity.map { written in
            match.map {
              Self.qualified($0.activity, namespace ?? package)
                == Self.qualified(written, namespace ?? package)
            } ?? false
          } ?? true
      case .none: isMet = android.verdict == .browser
      case .app, .blocked: isMet = false
      }
      switch android.verdict {
      case .opens:
        let package = android.package ?? "the app"
        if let match {
          actual =
            "\(package)/\(match.activity) (intent filter at \(match.filterLocation), \(match.deciding.description) at \(match.deciding.location))"
        } else {
          actual = package
        }
      case .browser: actual = "none (the browser opens it: \(Self.browserReason(android)))"
      case .unknown: actual = "unknown (\(Self.unknownReason(android)))"
      }
    }
  }

  /// `routes.tsv:4:18: /albums/1: Android expected com.example.app/.AlbumActivity, got none (…)`.
  package func describe(file: String) -> String {
    "\(file):\(expectation.line):\(expectation.column): \(expectation.input): \(expectation.platform.description) expected \(expectation.expected), got \(actual)"
  }

  /// An activity's full class name: `.Name` and a name without a dot are in the package.
  static func qualified(_ activity: String, _ package: String) -> String {
    if activity.hasPrefix(".") { return package + activity }
    return activity.contains(".") ? activity : package + "." + activity
  }

  /// The first step that sends the URL to the browser.
  private static func browserReason(_ android: PlatformRoute.Android) -> String {
    if android.granted == false {
      return "assetlinks.json does not grant the app App Links; "
        + (android.grantExplanation ?? "no statement grants it")
    }
    if let rule = android.dynamicRule, rule.kind == .excluded {
      return "Android 15's dynamic rules exclude it"
    }
    switch android.activity?.decision {
    case .none?: return "no intent filter of the manifest matches"
    case .unverified?: return "the filter that matches is for a host no verified filter declares"
    case .opens?, nil: return "a step of App Links verification fails"
    }
  }

  /// What is missing for an answer.
  private static func unknownReason(_ android: PlatformRoute.Android) -> String {
    if android.package == nil { return "no Android app: give --package or --manifest" }
    if android.activity == nil {
      return "no manifest to say which activity opens it: give --manifest"
    }
    return "the inputs do not tell"
  }
}
