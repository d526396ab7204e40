/// The API's endpoints, in one table: the handler routes by it (and refuses another method or a
/// body that is not JSON by it), `GET /api/v1/about` lists it for the page, which calls no other,
/// and a test holds docs/validator.md to it. A new endpoint is a case here, or it is not answered.
enum ValidatorEndpoint: String, CaseIterable, Sendable {
  case lint, check, diff, device, route, matcher, passkeys, about

  /// The endpoint a request's path names, or nil (a 404).
  init?(path: String) {
    guard path.hasPrefix(Self.prefix) else { return nil }
    self.init(rawValue: String(path.dropFirst(Self.prefix.count)))
  }

  static let prefix = "/api/v1/"

  var path: String { Self.prefix + rawValue }

  /// The one method it answers (`about` also answers `HEAD`, as any `GET` does).
  var method: String { self == .about ? "GET" : "POST" }

  /// Its body is JSON: anything else is refused on the head, so that no cross-site form (which
  /// can send only form and text types) reaches the API.
  var takesJSON: Bool { method == "POST" }

  /// Whether it may reach the network, whatever its body.
  var reachesNetwork: Bool {
    switch self {
    case .check, .diff, .route, .passkeys: true
    case .lint, .device, .matcher, .about: false
    }
  }

  /// Whether a request spends the client's rate. The as-you-type box's calls (its program, and
  /// the lints of a file the program does not cover) do not: a person typing, or the matcher
  /// agreement test, must not be slowed by a limit that keeps the validator from being a load
  /// generator (issue 45). The rest do, the network-free `device` and `about` too, so that no
  /// endpoint is a free way to keep the listener busy.
  var spendsClientRate: Bool { self != .lint && self != .matcher }

  /// Whether its answer is the document of an `aasa-lint` command (with that command line and
  /// its exit status in the headers); `matcher` is the page's own and `about` the validator's.
  var isCommandDocument: Bool { self != .matcher && self != .about }

  /// What it answers, in one line.
  var purpose: String {
    switch self {
    case .lint: "lints a pasted file and routes URLs on it, as aasa-lint FILE"
    case .check:
      "checks a live site, an app's entitlements or an Android manifest, as aasa-lint check"
    case .diff:
      "compares two association files, pasted, fetched or Apple's CDN copy, as aasa-lint diff"
    case .device: "reads a device's swcutil or pm get-app-links output, as aasa-lint device"
    case .route: "answers both platforms per URL, as aasa-lint route"
    case .matcher: "the page's own: a file's compiled rules for the as-you-type box"
    case .passkeys:
      "whether passkeys for an RP ID work for the app on iOS and Android, as aasa-lint passkeys"
    case .about: "the version, limits, fetch policy and this table"
    }
  }

  /// `METHOD PATH`, as docs/validator.md writes it.
  var description: String { "\(method) \(path)" }
}
