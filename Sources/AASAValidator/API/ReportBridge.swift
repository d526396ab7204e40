import AASA
import AASAAndroid
import AASACore
import AASALint
import AASALiveCheck
import Foundation

/// The one file that turns the API's inputs into the documents `aasa-lint … --format json`
/// writes: the same runs the command line uses return their reports, and the same renderer
/// writes them (docs/architecture.md, "The report seam"). Every other file of the validator
/// speaks only of ``BridgeDocument`` values.
enum ReportBridge {
  /// A refusal of the inputs themselves, as `aasa-lint` would give a usage error.
  struct Unusable: Error {
    var message: String
  }

  /// `aasa-lint NAME [URL ...] [--domain D] [--app A] [--expect TABLE] --format json`, on text.
  static func lint(_ input: LintInput) throws(Unusable) -> BridgeDocument {
    let bytes = Array(input.text.utf8)
    let detected = InputKind.detect(SourceDocument(name: input.name, bytes: bytes))
    do {
      let expectations = try input.expect.map {
        try ExpectationTableFile.parse($0, name: input.expectName)
      }
      let report: any Report
      switch detected.kind {
      case .routes:
        var run = RouteConfigRun(fileName: input.name, source: bytes)
        run.document = detected.document
        run.expectations = expectations
        report = run.run(urls: .list(input.urls))
      case .applinks:
        report = AppLinksRun(fileName: input.name, source: bytes).run()
      case .manifest:
        throw Unusable(
          message: "an AndroidManifest.xml needs its resource files: run aasa-lint on the project")
      case .aasa, .assetlinks:
        let domain = try input.domain.map { text in
          do {
            return try SiteDomain.parse(text).domain
          } catch {
            throw Unusable(message: "domain: \(error)")
          }
        }
        var run = LintRun(fileName: input.name, source: bytes, domain: domain, app: input.app)
        run.grantQueries = try input.grants.map { argument in
          do {
            return try GrantQuery.parse(argument)
          } catch {
            throw Unusable(message: "grants: \(error)")
          }
        }
        run.document = detected.document
        run.expectations = expectations
        report = try run.run(urls: .list(input.urls))
      }
      return try document(report)
    } catch let error as Unusable {
      throw error
    } catch {
      throw Unusable(message: "\(error)")
    }
  }

  /// `aasa-lint check SITE [--path P ...] [--app A] [--no-cdn] [--ca-file F] --format json`,
  /// connecting to the address the fetch policy vetted.
  static func check(_ input: CheckInput) async throws(Unusable) -> BridgeDocument {
    var options = LiveCheckOptions(
      site: input.site, paths: input.paths, app: input.app, timeoutSeconds: input.timeoutSeconds)
    do {
      options.trust = try TrustRoots.fromArgument(caFile: input.caFile)
    } catch {
      throw Unusable(message: "\(error)")
    }
    options.pinnedAddress = input.pinnedAddress
    if input.cdn {
      options.cdnBase = LiveCheckOptions.appleCDNBase
      options.cdnOnlyForPublicHosts = true
    }
    let report = CheckReport(
      checked: .site(await LiveCheck(options: options).run()), verbose: false)
    do {
      return try document(report)
    } catch {
      throw Unusable(message: "\(error)")
    }
  }

  /// A report as `--format json` writes it, and the exit status it decides.
  private static func document(_ report: any Report) throws -> BridgeDocument {
    let output = OutputSink()
    try ReportRenderer(format: .json).render(report, to: output)
    return BridgeDocument(json: output.collected, exitStatus: Int(ExitStatus(for: report).rawValue))
  }

  /// The association file of a site, fetched as Apple's fetcher would, for a diff.
  static func fetchAssociation(
    _ site: SiteAddress, pinnedAddress: String?, caFile: String?, timeoutSeconds: Double
  )
    async throws(Unusable) -> [UInt8]
  {
    do {
      return try await RemoteFile.fetch(
        url: site.url("/.well-known/apple-app-site-association"),
        trust: try TrustRoots.fromArgument(caFile: caFile), timeoutSeconds: timeoutSeconds,
        pinnedAddress: pinnedAddress)
    } catch {
      throw Unusable(message: "\(error)")
    }
  }

  /// `aasa-lint diff OLD NEW [--urls LIST] --format json`.
  static func diff(
    old: (name: String, bytes: [UInt8]), new: (name: String, bytes: [UInt8]), urls: [String]
  )
    throws(Unusable) -> BridgeDocument
  {
    let run = DiffRun(
      old: DiffRun.Input(name: old.name, bytes: old.bytes),
      new: DiffRun.Input(name: new.name, bytes: new.bytes))
    do {
      return try document(try run.run(urls: urls.isEmpty ? .none : .list(urls)))
    } catch {
      throw Unusable(message: "\(error)")
    }
  }

  /// `aasa-lint device FILE --format json`: pasted `pm get-app-links`, `swcutil` or log output
  /// explained. The run reads a file, so the paste is written to a private temporary one whose
  /// path never shows (a message that names it says "the pasted text").
  static func device(_ text: String) throws(Unusable) -> BridgeDocument {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-validator-" + UUID().uuidString, isDirectory: true)
    let file = directory.appendingPathComponent("paste.txt")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      try Data(text.utf8).write(to: file, options: .withoutOverwriting)
      return try document(try DeviceRun(input: file.path).run())
    } catch {
      throw Unusable(
        message: "\(error)".replacingOccurrences(of: file.path, with: "the pasted text"))
    }
  }

  /// The version `aasa-lint --version` prints.
  static var version: String { PackageVersion.current }
}

/// A document as `aasa-lint … --format json` writes it, and the exit status it would end with.
struct BridgeDocument: Sendable {
  var json: [UInt8]
  var exitStatus: Int
}
