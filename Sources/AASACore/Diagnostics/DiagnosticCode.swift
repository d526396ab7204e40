/// A stable identifier for a kind of finding (`AASA303`). Codes are never reused for another
/// meaning; each format has a catalog (``DiagnosticCode/jsonCatalog``, `appleCatalog`, `assetLinksCatalog`, `appLinksCatalog`, `routeCatalog`) and `docs/diagnostics.md` documents it.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String
  public let severity: Severity
  /// A short name for the finding, as the docs' table lists it.
  public let title: String
  /// The default fix, when a finding has no more specific one.
  public let help: String

  public init(_ rawValue: String, _ severity: Severity, _ title: String, help: String) {
    self.rawValue = rawValue
    self.severity = severity
    self.title = title
    self.help = help
  }

  public var description: String { rawValue }

  public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// Looks a code up by its raw value in `catalog`, each format's list of codes.
  public init?(rawValue: String, in catalog: [DiagnosticCode]) {
    guard let code = catalog.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = code
  }
}
