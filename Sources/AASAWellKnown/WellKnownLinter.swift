import AASA
import AASAAndroid
import AASACore

/// Lints a file served under `/.well-known/` by its kind: Apple's association file or Android's
/// statement list. The server, the live check and the command line all serve or fetch both, and
/// each asks this one place which linter a kind takes.
public struct WellKnownLinter: FormatLinter {
  /// The kind to read the file as; nil detects it from the content.
  public var kind: FileKind?
  /// The site the file is served from, when known: checks that compare a file with its own domain
  /// run only then.
  public var site: SiteDomain?

  public init(kind: FileKind? = nil, site: SiteDomain? = nil) {
    self.kind = kind
    self.site = site
  }

  public func lint(_ document: SourceDocument) -> WellKnownReport {
    let document = document.readingJSON()
    switch kind ?? FileKind.detect(document) {
    case .appleAppSiteAssociation: return .association(SiteAssociationLinter().lint(document))
    case .assetLinks: return .assetLinks(AssetLinksLinter(site: site).lint(document))
    }
  }
}

/// What ``WellKnownLinter`` found: the report of the format the file was read as.
public enum WellKnownReport: FormatReport {
  case association(SiteAssociationReport)
  case assetLinks(AssetLinksReport)

  public var kind: FileKind {
    switch self {
    case .association: .appleAppSiteAssociation
    case .assetLinks: .assetLinks
    }
  }

  /// Settable, so that a caller can add findings about what it asked (an app the file does not
  /// list) after the file's own.
  public var diagnostics: [Diagnostic] {
    get {
      switch self {
      case .association(let report): report.diagnostics
      case .assetLinks(let report): report.diagnostics
      }
    }
    set {
      switch self {
      case .association(var report):
        report.diagnostics = newValue
        self = .association(report)
      case .assetLinks(var report):
        report.diagnostics = newValue
        self = .assetLinks(report)
      }
    }
  }

  /// The JSON, when it could be read.
  public var json: JSONValue? {
    switch self {
    case .association(let report): report.json
    case .assetLinks(let report): report.json
    }
  }

  /// The parsed association, for an apple-app-site-association file whose JSON could be read.
  public var association: SiteAssociation? {
    if case .association(let report) = self { return report.association }
    return nil
  }

  /// The statements, for an assetlinks.json that is a JSON array.
  public var statementList: StatementList? {
    if case .assetLinks(let report) = self { return report.statementList }
    return nil
  }
}
