import AASA
import AASACore
import AASALiveCheck
import Foundation

/// One `aasa-lint check` run: a deployed site, or every site an entitlements file names, checked
/// and shown in one output format. The executable only parses arguments into this.
package struct CheckRun: FormatDeclaring {
  package static let formats: [OutputFormat] = [.text, .json, .sarif, .github]

  /// The site, e.g. `https://example.com`; nil with ``entitlements``.
  package var url: String?
  /// An entitlements file (or profile, built app, archive) whose associated domains are each
  /// checked.
  package var entitlements: String?
  /// `--hosts`: a file of hosts (or URLs), one per line, each checked; with ``entitlements``, the
  /// hosts under its wildcard domains.
  package var hosts: String?
  package var app: String?
  package var paths: [String] = []
  /// A file of paths, one per line.
  package var pathList: String?
  /// An `--expect` table.
  package var expect: String?
  package var caFile: String?
  package var timeoutSeconds: Double = 10
  /// Read Apple's CDN copy of a public host (`--no-cdn` turns it off); `cdnBase` asks another
  /// base about any host.
  package var cdn = true
  package var cdnBase: String?
  /// `--user-agent`: fetch as this instead of Apple's CDN crawler.
  package var userAgent: String?
  /// `--google`: compare with Google's Digital Asset Links API.
  package var google = false
  /// `--google-base`: the API's base URL instead of Google's (implies `--google`).
  package var googleBase: String?
  package var connectTo: String?
  /// `--manifest`: check every host this AndroidManifest.xml verifies.
  package var manifest: String?
  /// `--grants`: with `--manifest`, the certificates (fingerprints or files) that must be granted.
  package var grants: [String] = []
  /// `--placeholder NAME=VALUE` for the manifest.
  package var placeholders: [String] = []
  /// `--keystore-password` for a PKCS#12 keystore given to `--grants`.
  package var keystorePassword: String?
  package var verbose = false

  /// For a check made for someone else (`aasa-lint exporter`): the address the site's name was
  /// vetted at, the vetting of every other host the check reaches, and where the answers of
  /// Apple's CDN and Google's API come from (``LiveCheckOptions``'s fields of the same names).
  package var pinnedAddress: String?
  package var vetOtherHost: (@Sendable (_ host: String, _ port: Int) async throws -> String)?
  package var thirdPartyAnswers: (any ThirdPartyAnswers)?

  package init() {}

  package func run() async throws -> any Report {
    let entitlementsFile = try entitlements.map { path in
      do {
        return try EntitlementsFile.load(path: path)
      } catch let error as EntitlementsFile.Unreadable {
        // The library speaks of the file; the command line names its option.
        throw UsageError("cannot use --entitlements \(error.path): \(error.reason)")
      }
    }
    let options = try liveCheckOptions(appFromEntitlements: entitlementsFile?.applicationIdentifier)
    let hostList = try hosts.map(readHosts) ?? []
    if let manifest {
      return try await checkManifest(manifest, options: options)
    }
    if let entitlementsFile {
      guard options.app != nil else {
        throw UsageError(
          "--entitlements needs --app: the app whose ID each domain's file must list")
      }
      let report = await EntitlementsCheck(
        entitlements: entitlementsFile, options: options, concreteHosts: hostList
      ).run()
      return CheckReport(checked: .entitlements(report), verbose: verbose)
    }
    if hosts != nil {
      let report = await HostsCheck(hosts: hostList, options: options).run()
      return CheckReport(checked: .hosts(report), verbose: verbose)
    }
    let report = await LiveCheck(options: options).run()
    return CheckReport(checked: .site(report), verbose: verbose)
  }

  /// The options every live check of this run is made with, through ``CheckSettings`` as the
  /// validator's checks build theirs (`passkeys` builds its own from the same flags, so that
  /// they mean the same).
  func liveCheckOptions(appFromEntitlements: String?) throws -> LiveCheckOptions {
    let site: SiteAddress
    do {
      // With --entitlements, each domain replaces this placeholder.
      site =
        try url.map { url throws(SiteAddress.InvalidURL) in try SiteAddress(parsing: url) }
        ?? SiteAddress(host: "localhost")
    } catch {
      throw UsageError(error.description)
    }
    var allPaths = paths
    if let pathList {
      try LineReader(path: pathList).forEachLine { allPaths.append(String($0)) }
    }
    var settings = try CheckSettings(caFile: caFile, timeoutSeconds: timeoutSeconds)
    let expectations = try expect.map { expect in
      let table = try ExpectationTableFile.read(expect)
      return (table.file, RoutingExpectation.rows(of: table))
    }
    if let cdnBase {
      guard let components = URLComponents(string: cdnBase),
        ["https", "http"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
      else {
        throw UsageError("--cdn-base \(cdnBase) is not an http(s) URL")
      }
      settings.cdn = .base(cdnBase)
    } else if cdn {
      settings.cdn = .apple
    }
    if let userAgent {
      guard !userAgent.isEmpty, userAgent.allSatisfy({ !$0.isNewline && $0.isASCII }) else {
        throw UsageError("--user-agent must be one line of ASCII text")
      }
      settings.userAgent = userAgent
    }
    if let googleBase {
      guard let components = URLComponents(string: googleBase),
        ["http", "https"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
      else {
        throw UsageError("--google-base \(googleBase) is not an http(s) URL")
      }
      settings.googleBase = googleBase
    } else if google {
      settings.googleBase = LiveCheckOptions.googleBase
    }
    settings.pinnedAddress = pinnedAddress
    settings.vetOtherHost = vetOtherHost
    settings.thirdPartyAnswers = thirdPartyAnswers
    if let connectTo {
      do {
        let parsed = try ConnectTo(parsing: connectTo)
        guard entitlements != nil || hosts != nil || manifest != nil || parsed.applies(to: site)
        else {
          throw UsageError(
            "--connect-to \(connectTo) is for \(parsed.host ?? "any host"):\(parsed.port.map(String.init) ?? "any port"), not \(site.host):\(site.port)"
          )
        }
        settings.connectTo = parsed
      } catch let error as ConnectTo.InvalidArgument {
        throw UsageError("--connect-to \(error.argument): \(error.reason)")
      }
    }
    var options = settings.options(site: site, paths: allPaths, app: app ?? appFromEntitlements)
    options.expectations = expectations
    return options
  }

  /// The hosts of a `--hosts` file: blank lines and `#` comments skipped, each line a host or URL.
  private func readHosts(_ path: String) throws -> [SiteAddress] {
    var sites: [SiteAddress] = []
    var problems: [String] = []
    try LineReader(path: path).forEachLine { line in
      do {
        let site = try SiteAddress(parsing: String(line))
        if !sites.contains(site) { sites.append(site) }
      } catch let error as SiteAddress.InvalidURL {
        problems.append(error.description)
      }
    }
    if let problem = problems.first {
      throw UsageError("--hosts \(path): \(problem)")
    }
    guard !sites.isEmpty else { throw UsageError("--hosts \(path) lists no host") }
    return sites
  }
}
