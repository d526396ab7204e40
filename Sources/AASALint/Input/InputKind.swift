import AASA
import AASAAndroid
import AASACore

/// What a file given to `aasa-lint` is, which decides which library reads it.
package enum InputKind: String, Sendable, CaseIterable {
  /// An `apple-app-site-association` file.
  case aasa
  /// An `assetlinks.json` statement list.
  case assetlinks
  /// An HTML page with App Links `al:*` meta tags.
  case applinks
  /// A MobileDeepLinking route config (`MobileDeepLinkingConfig.json`).
  case routes
  /// An Android source `AndroidManifest.xml`.
  case manifest
  /// A link domain's `links.json`: the fallbacks `aasa-serve` answers (docs/links.md).
  case links

  /// What the kind is, in words: `an assetlinks.json statement list`.
  package var describedWithArticle: String {
    switch self {
    case .aasa: "an apple-app-site-association file"
    case .assetlinks: "an assetlinks.json statement list"
    case .applinks: "an HTML page (App Links)"
    case .routes: "a MobileDeepLinking route config"
    case .manifest: "an AndroidManifest.xml"
    case .links: "a links.json of link fallbacks"
    }
  }

  /// The association-file kind, for the two formats `Linter` reads.
  package var fileKind: FileKind? {
    switch self {
    case .aasa: .appleAppSiteAssociation
    case .assetlinks: .assetLinks
    case .applinks, .routes, .manifest, .links: nil
    }
  }

  /// The keys that make a JSON object an association file or an Android statement, never a
  /// route config, whatever else it holds.
  private static let associationKeys: Set = [
    "applinks", "webcredentials", "appclips", "activitycontinuation", "relation", "target",
    "include",
  ]

  /// Guesses the kind from the content. A page starts with `<` (after an optional byte order mark
  /// and whitespace); a JSON object with `routes` or `defaultRoute` and none of the association
  /// files' keys is a route config; one with `rules` and only `links.json`'s keys is a links file;
  /// anything else is decided as before (``FileKind/detect(_:)``).
  package static func detect(_ bytes: [UInt8]) -> InputKind {
    detect(SourceDocument(name: "-", bytes: bytes)).kind
  }

  /// The kind, and the document carrying the JSON reading that told it, so that the format's
  /// linter does not read the file again.
  package static func detect(_ document: SourceDocument) -> (
    kind: InputKind, document: SourceDocument
  ) {
    let bytes = document.bytes
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) {
      index += 1
    }
    guard index < bytes.count else { return (.aasa, document) }
    switch bytes[index] {
    case UInt8(ascii: "<"):
      return (AndroidManifestFile.looksLikeManifest(bytes) ? .manifest : .applinks, document)
    case UInt8(ascii: "["): return (.assetlinks, document)
    case UInt8(ascii: "{"):
      let read = document.readingJSON()
      guard let json = read.json.value else { return (.aasa, read) }
      let keys = Set((json.members ?? []).map(\.key))
      if keys.isDisjoint(with: associationKeys),
        keys.contains("routes") || keys.contains("defaultRoute")
      {
        return (.routes, read)
      }
      // A links.json: rules, and nothing of the association files' or a route config's.
      if keys.isDisjoint(with: associationKeys), keys.contains("rules"),
        keys.isSubset(of: ["rules", "defaults", "domain", "comment"])
      {
        return (.links, read)
      }
      return (FileKind.detect(json) == .assetLinks ? .assetlinks : .aasa, read)
    default: return (.aasa, document)
    }
  }
}
