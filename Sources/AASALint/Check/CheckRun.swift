import AASA
import AASACore
import AASALiveCheck
import Foundation

/// One `aasa-lint check` run: a deployed site, or every site an entitlements file names, checked
/// and shown in one output format. The executable only parses arguments into this.
public struct CheckRun {
  public enum Format: String, Sendable, CaseIterable {
    case text, json, sarif, github
  }

  /// The site, e.g. `https://example.com`; nil with ``entitlements``.
  public var url: String?
  /// An entitlements file (or profile, built app, archive) whose associated domains are each
  /// checked.
  public var entitlements: String?
  /// `--hosts`: a file of hosts (or URLs), one per line, each checked; with ``entitlements``, the
  /// hosts under its wildcard domains.
  public var hosts: String?
  public var app: String?
  public var paths: [String] = []
  /// A file of paths, one per line.
  public var pathList: String?
  /// An `--expect` table.
  public var expect: String?
  public var caFile: String?
  public var timeoutSeconds: Double = 10
  /// Read Apple's CDN copy of a public host (`--no-cdn` turns it off); `cdnBase` asks another
  /// base about any host.
  public var cdn = true
  public var cdnBase: String?
  /// `--user-agent`: fetch as this instead of Apple's CDN crawler.
  public var userAgent: String?
  /// `--google`: compare with Google's Digital Asset Links API.
  public var google = false
  /// `--google-base`: the API's base URL instead of Google's (implies `--google`).
  public var googleBase: String?
  public var connectTo: String?
  /// `--manifest`: check every host this AndroidManifest.xml verifies.
  public var manifest: String?
  /// `--grants`: with `--manifest`, the certificates (fingerprints or files) that must be granted.
  public var grants: [String] = []
  /// `--placeholder NAME=VALUE` for the manifest.
  public var placeholders: [String] = []
  /// `--keystore-password` for a PKCS#12 keystore given to `--grants`.
  public var keystorePassword: String?
  public var format: Format = .text
  public var style: TerminalStyle = .plain
  public var verbose = false
  public var toolVersion = PackageVersion.current

  public init() {}

  public func run(output: OutputSink) async throws -> ExitStatus {
    let entitlementsFile = try entitlements.map { path in
      do {
        return try EntitlementsFile.load(path: path)
      } catch let error as EntitlementsFile.Unreadable {
        throw LintRun.UsageError(error.description)
      }
    }
    let options = try liveCheckOptions(appFromEntitlements: entitlementsFile?.applicationIdentifier)
    let hostList = try hosts.map(readHosts) ?? []
    if let manifest {
      return try await runManifest(manifest, options: options, output: output)
    }
    if let entitlementsFile {
      guard options.app != nil else {
        throw LintRun.UsageError(
          "--entitlements needs --app: the app whose ID each domain's file must list")
      }
      let report = await EntitlementsCheck(
        entitlements: entitlementsFile, options: options, concreteHosts: hostList
      ).run()
      write(.entitlements(report), to: output)
      return report.exitStatus
    }
    if hosts != nil {
      let report = await HostsCheck(hosts: hostList, options: options).run()
      write(.hosts(report), to: output)
      return report.exitStatus
    }
    let report = await LiveCheck(options: options).run()
    write(.site(report), to: output)
    return report.exitStatus
  }

  private func liveCheckOptions(appFromEntitlements: String?) throws -> LiveCheckOptions {
    let site: SiteAddress
    do {
      // With --entitlements, each domain replaces this placeholder.
      site =
        try url.map { url throws(SiteAddress.InvalidURL) in try SiteAddress(parsing: url) }
        ?? SiteAddress(host: "localhost")
    } catch {
      throw LintRun.UsageError(error.description)
    }
    var allPaths = paths
    if let pathList {
      try LineReader(path: pathList).forEachLine { allPaths.append(String($0)) }
    }
    var options = LiveCheckOptions(
      site: site, paths: allPaths, app: app ?? appFromEntitlements,
      trust: try TrustRoots.fromArgument(caFile: caFile), timeoutSeconds: timeoutSeconds)
    if let expect {
      let table = try ExpectationTableFile.read(expect)
      options.expectations = (table.file, try table.routingExpectations)
    }
    if let cdnBase {
      guard let components = URLComponents(string: cdnBase),
        ["https", "http"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
      else {
        throw LintRun.UsageError("--cdn-base \(cdnBase) is not an http(s) URL")
      }
      options.cdnBase = cdnBase
    } else if cdn {
      options.cdnBase = LiveCheckOptions.appleCDNBase
      options.cdnOnlyForPublicHosts = true
    }
    if let userAgent {
      guard !userAgent.isEmpty, userAgent.allSatisfy({ !$0.isNewline && $0.isASCII }) else {
        throw LintRun.UsageError("--user-agent must be one line of ASCII text")
      }
      options.userAgent = userAgent
    }
    if let googleBase {
      guard let components = URLComponents(string: googleBase),
        ["http", "https"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
      else {
        throw LintRun.UsageError("--google-base \(googleBase) is not an http(s) URL")
      }
      options.googleBase = googleBase
    } else if google {
      options.googleBase = LiveCheckOptions.googleBase
    }
    if let connectTo {
      do {
        let parsed = try ConnectTo(parsing: connectTo)
        guard entitlements != nil || hosts != nil || manifest != nil || parsed.applies(to: site)
        else {
          throw LintRun.UsageError(
            "--connect-to \(connectTo) is for \(parsed.host ?? "any host"):\(parsed.port.map(String.init) ?? "any port"), not \(site.host):\(site.port)"
          )
        }
        options.connectTo = parsed
      } catch let error as ConnectTo.InvalidArgument {
        throw LintRun.UsageError(error.description)
      }
    }
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
      throw LintRun.UsageError("--hosts \(path): \(problem)")
    }
    guard !sites.isEmpty else { throw LintRun.UsageError("--hosts \(path) lists no host") }
    return sites
  }

  private enum Report {
    case site(LiveCheckReport)
    case entitlements(EntitlementsCheckReport)
    case hosts(HostsCheckReport)
  }

  private func write(_ report: Report, to output: OutputSink) {
    switch (format, report) {
    case (.text, .site(let report)):
      LiveCheckTextRenderer(style: style, verbose: verbose).render(report, to: output)
    case (.text, .entitlements(let report)):
      LiveCheckTextRenderer(style: style, verbose: verbose).render(report, to: output)
    case (.json, .site(let report)): LiveCheckJSONWriter.write(report, to: output)
    case (.json, .entitlements(let report)): LiveCheckJSONWriter.write(report, to: output)
    case (.sarif, .site(let report)):
      LiveCheckSARIFWriter.write(report, toolVersion: toolVersion, to: output)
    case (.sarif, .entitlements(let report)):
      LiveCheckSARIFWriter.write(report, toolVersion: toolVersion, to: output)
    case (.github, .site(let report)): LiveCheckGitHubWriter.write(report, to: output)
    case (.github, .entitlements(let report)): LiveCheckGitHubWriter.write(report, to: output)
    case (.text, .hosts(let report)):
      LiveCheckTextRenderer(style: style, verbose: verbose).render(report, to: output)
    case (.json, .hosts(let report)): LiveCheckJSONWriter.write(report, to: output)
    case (.sarif, .hosts(let report)):
      LiveCheckSARIFWriter.write(report, toolVersion: toolVersion, to: output)
    case (.github, .hosts(let report)): LiveCheckGitHubWriter.write(report, to: output)
    }
    output.flush()
  }
}
