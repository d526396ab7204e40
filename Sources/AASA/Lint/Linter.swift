/// Everything the library found in one file.
public struct LintReport: Sendable {
  public var kind: FileKind
  /// File order.
  public var diagnostics: [Diagnostic]
  /// The parsed association, when the file is an AASA whose JSON could be read.
  public var association: SiteAssociation?
  /// The JSON, when it could be read.
  public var json: JSONValue?

  /// Whether anything at or above `threshold` was found.
  public func hasFindings(atOrAbove threshold: Severity) -> Bool {
    diagnostics.contains(severity: threshold)
  }

  /// Whether the file must not be served or shipped: it has errors.
  public var hasErrors: Bool { hasFindings(atOrAbove: .error) }

  /// The finding that makes Apple ignore the whole file, if there is one. Apple's JSON parser is
  /// strict (every slip this reader recovers from is fatal to it), it reads at most 128 KB, and
  /// it wants an object at the top.
  public var whyAppleIgnoresFile: Diagnostic? {
    diagnostics.first { diagnostic in
      diagnostic.severity == .error
        && (diagnostic.code.rawValue.hasPrefix("AASA0") || diagnostic.code == .notAnObject)
    }
  }
}

/// The entry point for checking a file: reads, parses and validates it in one pass.
public enum Linter {
  /// Lints `bytes` as `kind`, or as what its content looks like when `kind` is nil.
  /// - Parameter site: The site the file is served from, when known: checks that compare the
  ///   file with its own domain run only then.
  public static func lint(_ bytes: [UInt8], as kind: FileKind? = nil, site: SiteDomain? = nil)
    -> LintReport
  {
    let read = JSONReader.read(bytes)
    let kind = kind ?? read.value.map(FileKind.detect) ?? FileKind.detect(bytes)
    var diagnostics: [Diagnostic] = []
    if bytes.count > FileKind.maximumSize {
      diagnostics.append(
        Diagnostic(
          .fileTooLarge, at: .start, path: "",
          message:
            "the file is \(bytes.count) bytes; Apple and Google read at most \(FileKind.maximumSize)"
        ))
    }
    diagnostics += read.diagnostics
    var association: SiteAssociation?
    if let json = read.value {
      switch kind {
      case .appleAppSiteAssociation:
        let parsed = SiteAssociation.parse(json)
        association = parsed.association
        diagnostics += parsed.diagnostics
      case .assetLinks:
        diagnostics += AssetLinksValidator.validate(json, site: site)
      }
    }
    return LintReport(
      kind: kind, diagnostics: diagnostics.sortedByLocation(), association: association,
      json: read.value)
  }
}
