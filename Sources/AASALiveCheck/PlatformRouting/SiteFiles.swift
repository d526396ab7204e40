import AASA
import AASAAndroid
import AASACore
import AASAWellKnown
import Foundation
import NIOCore
import NIOPosix

/// A site's two well-known files, read once: Apple's association file and Android's statement
/// list, from a folder laid out as a web root (`.well-known/…`, as aasa-serve's root is) or
/// fetched from `https://HOST` under the live check's rules.
public struct SiteFiles: Sendable {
  /// The host the files are for: URLs on other hosts open nothing.
  public var host: String
  /// Where the files came from: the folder, or the site's origin.
  public var source: String
  public var association: SiteAssociation?
  /// Why there is no ``association`` (absent, unreadable, not served).
  public var associationProblem: String?
  public var statementList: StatementList?
  /// Why there is no ``statementList``.
  public var assetLinksProblem: String?
  /// The lists of the `include` statements, fetched (live only); see ``IncludedStatements``.
  public var included: IncludedStatements?

  public init(
    host: String, source: String, association: SiteAssociation?,
    associationProblem: String? = nil, statementList: StatementList?,
    assetLinksProblem: String? = nil, included: IncludedStatements? = nil
  ) {
    self.host = host
    self.source = source
    self.association = association
    self.associationProblem = associationProblem
    self.statementList = statementList
    self.assetLinksProblem = assetLinksProblem
    self.included = included
  }

  /// The files of a web root: `.well-known/apple-app-site-association` (else the legacy
  /// `apple-app-site-association` at the root) and `.well-known/assetlinks.json`. Each is read
  /// only up to its format's size limit plus one byte.
  public static func load(folder: String, host: String) -> SiteFiles {
    let root = URL(fileURLWithPath: folder)
    func read(_ relative: String, cap: Int) -> [UInt8]? {
      let url = root.appendingPathComponent(relative)
      guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
      defer { try? handle.close() }
      // `try?` flattens the optional `read` answers: nil for an unreadable or empty file.
      return (try? handle.read(upToCount: cap)).map { Array($0) }
    }
    let apple =
      read(".well-known/apple-app-site-association", cap: FileKind.maximumSize + 1)
      ?? read("apple-app-site-association", cap: FileKind.maximumSize + 1)
    return SiteFiles.read(
      association: apple,
      assetLinks: read(".well-known/assetlinks.json", cap: AndroidServing.sizeCap),
      host: host, source: folder, absent: "the folder has no")
  }

  /// The two files as given (pasted into the validator page, or read from a folder): each is
  /// linted as its well-known kind for `host`; a file over its format's size limit is refused as
  /// Apple's or Android's fetcher refuses it. `absent` starts the note for a file not given
  /// (`the folder has no`).
  public static func read(
    association apple: [UInt8]?, assetLinks android: [UInt8]?, host: String, source: String,
    absent: String = "no file was given for"
  ) -> SiteFiles {
    let site = SiteDomain(host: host)
    var files = SiteFiles(host: host, source: source, association: nil, statementList: nil)
    if let apple {
      if apple.count > FileKind.maximumSize {
        files.associationProblem =
          "the apple-app-site-association file is larger than Apple reads (\(FileKind.maximumSize) bytes)"
      } else {
        let report = WellKnownLinter(kind: .appleAppSiteAssociation, site: site).lint(
          apple, source: WellKnownResource.association.path)
        files.association = report.association
        if report.association == nil {
          files.associationProblem = "the apple-app-site-association file cannot be read"
        }
      }
    } else {
      files.associationProblem = "\(absent) .well-known/apple-app-site-association"
    }
    if let android {
      if android.count > AndroidServing.maximumSize {
        files.assetLinksProblem = "assetlinks.json is over 1 MiB, which Android's verifier ignores"
      } else {
        let report = WellKnownLinter(kind: .assetLinks, site: site).lint(
          android, source: WellKnownResource.assetLinks.path)
        files.statementList = report.statementList
        if report.statementList == nil {
          files.assetLinksProblem = "assetlinks.json is not a statement list (a JSON array)"
        }
      }
    } else {
      files.assetLinksProblem = "\(absent) .well-known/assetlinks.json"
    }
    return files
  }

  /// The files as the live check fetches and judges them (https, no redirects, size caps,
  /// content types, the address policy of its caller), with the `include` statements of
  /// assetlinks.json followed. The report is returned too, for its findings.
  public static func fetch(
    _ options: LiveCheckOptions, includeLimits: IncludedStatements.Limits = .init(),
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async -> (files: SiteFiles, report: LiveCheckReport) {
    let report = await LiveCheck(options: options).run(group: group)
    var files = SiteFiles(
      host: options.site.host, source: options.site.origin, association: nil,
      statementList: nil)
    let association = report.check(of: .association)
    files.association = association?.lint?.association
    if files.association == nil {
      files.associationProblem = Self.problem(
        association, name: "apple-app-site-association", site: report)
    }
    let assetLinks = report.check(of: .assetLinks)
    files.statementList = assetLinks?.lint?.statementList
    // Android reads only an application/json answer: a list served otherwise grants nothing.
    if let contentType = assetLinks?.requirements.first(where: { $0.name == "content-type" }),
      contentType.status == .fail
    {
      files.statementList = nil
      files.assetLinksProblem = "assetlinks.json is served as \(contentType.detail)"
    } else if files.statementList == nil {
      files.assetLinksProblem = Self.problem(assetLinks, name: "assetlinks.json", site: report)
    }
    if let root = files.statementList, !root.includes.isEmpty {
      files.included = await IncludedStatements.fetch(
        includesOf: root, options: options, limits: includeLimits, group: group)
    }
    return (files, report)
  }

  /// Why a file was not read, in the live check's words: its own failing line, or the site's
  /// (a connection refused, a certificate not trusted) when the check never asked for it.
  private static func problem(_ check: ResourceCheck?, name: String, site: LiveCheckReport)
    -> String
  {
    guard let check else {
      let failed = site.siteRequirements.first { $0.status == .fail }
      return "\(name) was not fetched" + (failed.map { ": \($0.detail)" } ?? "")
    }
    let failed = check.requirements.first { $0.status == .fail }
    return failed.map { "\(name): \($0.detail)" } ?? "\(name) cannot be read"
  }
}
