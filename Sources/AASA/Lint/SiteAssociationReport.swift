import AASACore

/// Everything the library found in one apple-app-site-association file.
public struct SiteAssociationReport: FormatReport {
  /// File order.
  public var diagnostics: [Diagnostic]
  /// The parsed association, when the file's JSON could be read.
  public var association: SiteAssociation?
  /// The JSON, when it could be read.
  public var json: JSONValue?

  public init(diagnostics: [Diagnostic], association: SiteAssociation?, json: JSONValue?) {
    self.diagnostics = diagnostics
    self.association = association
    self.json = json
  }

  /// The finding that makes Apple ignore the whole file, if there is one. Apple's JSON parser is
  /// strict (every slip this reader recovers from is fatal to it), it reads at most 128 KB, and
  /// it wants an object at the top.
  public var whyAppleIgnoresFile: Diagnostic? {
    diagnostics.first { diagnostic in
      diagnostic.severity == .error
        && (diagnostic.code.rawValue.hasPrefix("AASA0") || diagnostic.code == .Apple.notAnObject)
    }
  }
}
