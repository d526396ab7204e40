import AASA
import AASACore

/// The three files a live check fetches, and how much each one matters.
public enum WellKnownResource: String, Sendable, CaseIterable {
  /// `/.well-known/apple-app-site-association`: the file Apple reads. Everything must pass.
  case association
  /// `/apple-app-site-association`: the legacy location. Missing is fine; problems are warnings.
  case legacyAssociation
  /// `/.well-known/assetlinks.json`: Android's file. Not served is fine (info); served, it must be
  /// right.
  case assetLinks

  public var path: String {
    switch self {
    case .association: "/.well-known/apple-app-site-association"
    case .legacyAssociation: "/apple-app-site-association"
    case .assetLinks: "/.well-known/assetlinks.json"
    }
  }

  public var kind: FileKind {
    self == .assetLinks ? .assetLinks : .appleAppSiteAssociation
  }

  /// Who fetches this file, as the lines about it name them: an assetlinks.json is Google's
  /// business, not Apple's.
  var fetcher: String { self == .assetLinks ? "Google's verifier" : "Apple's fetcher" }

  /// Who reads it, in a sentence: "Apple reads at most …".
  var reader: String { self == .assetLinks ? "Google" : "Apple" }

  /// The worst status this file's findings can give.
  var ceiling: Requirement.Status { self == .legacyAssociation ? .warn : .fail }

  /// The status of a file that is not there (404 or 410).
  var missingStatus: Requirement.Status { self == .association ? .fail : .info }

  /// Why a missing file is (not) a problem.
  var missingExplanation: String {
    switch self {
    case .association: "Apple's fetcher needs the file here"
    case .legacyAssociation: "fine: the legacy location is only a fallback"
    case .assetLinks: "fine unless the site has Android App Links"
    }
  }
}
