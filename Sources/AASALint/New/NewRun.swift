import AASA
import AASAAndroid
import AASACore
import AASAWellKnown
import Foundation

/// `aasa-lint new aasa|assetlinks`: a minimal starting file that lints clean under `--strict` and
/// routes as asked, written only when it does (a placeholder Team ID, a malformed package or
/// fingerprint is refused with the finding that says why).
package struct NewRun: FormatDeclaring {
  /// The file is the output: it is written as it is.
  package static let formats: [OutputFormat] = [.text]

  package enum Kind: String, Sendable, CaseIterable {
    /// The site's files.
    case aasa, assetlinks
    /// The app's side: Android's `<intent-filter>`, Apple's `applinks:` entitlement.
    case intentFilter = "intent-filter"
    case entitlements
  }

  package var kind: Kind
  /// `aasa`: the app, `TEAMID.bundle.id`.
  package var app: String?
  /// `aasa`: paths that open the app (all of them when none is given).
  package var paths: [String] = []
  /// `aasa`: paths that must not, decided before `paths`.
  package var excludes: [String] = []
  /// `assetlinks`: the package name.
  package var package: String?
  /// `assetlinks`: SHA-256 fingerprints of the signing certificates, in any case, with or
  /// without colons.
  package var fingerprints: [String] = []
  /// `assetlinks`: files holding the signing certificates (X.509 PEM or DER, a PKCS#12 or JKS
  /// keystore, an APK, pasted `keytool -list -v` or `apksigner` output); every certificate's
  /// SHA-256 fingerprint is added.
  package var certificates: [String] = []
  /// The password of a PKCS#12 keystore given as a certificate file.
  package var keystorePassword: String?

  /// `intent-filter`: the host the filter verifies (`*.example.com` for its subdomains).
  package var host: String?
  /// `intent-filter`: an assetlinks.json whose dynamic rules the filter is written for.
  package var assetLinksFile: String?
  /// `entitlements`: the domains, each an `applinks:` entry.
  package var domains: [String] = []
  /// `entitlements`: also each domain with `?mode=developer`.
  package var developerMode = false

  package init(kind: Kind) { self.kind = kind }

  /// The file's text; throws a usage error (nothing written) when it would not lint clean.
  package func generate() throws -> String {
    let text: String
    switch kind {
    case .aasa: text = try association()
    case .assetlinks: text = try assetLinks()
    case .intentFilter: return try intentFilter()
    case .entitlements: return try entitlementLines()
    }
    let report = WellKnownLinter(kind: kind == .aasa ? .appleAppSiteAssociation : .assetLinks)
      .lint(Array(text.utf8), source: kind.rawValue)
    let findings = report.diagnostics.filter { $0.severity != .info }
    if !findings.isEmpty {
      let listed = findings.map { "\($0.message) [\($0.code.rawValue)]" }
      throw UsageError(
        "the file would not lint clean: " + listed.joined(separator: "; "))
    }
    return text + "\n"
  }

  /// The file, as a report whose text is the file itself.
  package func run() throws -> GeneratedFile {
    GeneratedFile(text: try generate())
  }

  /// Writes the file to `path`, never over an existing file. For `entitlements` that file is a
  /// whole `.entitlements` property list, which Xcode's CODE_SIGN_ENTITLEMENTS and
  /// `check --entitlements` read; standard output keeps the `<key>` and `<array>` to paste into
  /// an existing one.
  package func write(to path: String) throws {
    let text = kind == .entitlements ? try entitlementsDocument() : try generate()
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
    } catch let error as CocoaError where error.code == .fileWriteFileExists {
      throw UsageError("\(path) already exists; remove it or choose another --output")
    } catch {
      throw UsageError("cannot write \(path): \(error.localizedDescription)")
    }
  }

  /// The `<intent-filter android:autoVerify="true">` for the host: its paths, or the file's
  /// dynamic rules (of `package`, or of the only app that has any).
  private func intentFilter() throws -> String {
    guard let host, !host.isEmpty else {
      throw UsageError("new intent-filter needs --host example.com")
    }
    do {
      guard let assetLinksFile else {
        return try IntentFilterTemplate.intentFilter(host: host, paths: paths) + "\n"
      }
      let report = AssetLinksLinter().lint(
        SourceDocument(name: assetLinksFile, bytes: try FileInput.read(assetLinksFile)))
      let withRules = (report.statementList?.statements ?? []).filter {
        $0.dynamicRules != nil && (package == nil || $0.target.packageName == package)
      }
      guard let statement = withRules.first, let rules = statement.dynamicRules else {
        throw UsageError(
          "\(assetLinksFile) has no dynamic rules"
            + (package.map { " for \($0)" } ?? "") + "; give --path patterns instead")
      }
      if withRules.count > 1, package == nil {
        throw UsageError(
          "\(assetLinksFile) has dynamic rules for several apps: say which with --package")
      }
      return try IntentFilterTemplate.intentFilter(host: host, rules: rules) + "\n"
    } catch let problem as IntentFilterTemplate.Problem {
      throw UsageError(problem.description)
    }
  }

  /// A whole `.entitlements` property list holding the associated-domains entitlement.
  private func entitlementsDocument() throws -> String {
    guard !domains.isEmpty else {
      throw UsageError("new entitlements needs --domain example.com (repeatable)")
    }
    do {
      let document = try EntitlementsTemplate.document(
        domains: domains, developerMode: developerMode)
      return document.hasSuffix("\n") ? document : document + "\n"
    } catch {
      throw UsageError(error.description)
    }
  }

  /// The `applinks:` entries of the associated-domains entitlement.
  private func entitlementLines() throws -> String {
    guard !domains.isEmpty else {
      throw UsageError("new entitlements needs --domain example.com (repeatable)")
    }
    do {
      return try EntitlementsTemplate.entries(domains: domains, developerMode: developerMode)
        + "\n"
    } catch {
      throw UsageError(error.description)
    }
  }

  private func association() throws -> String {
    guard let app, !app.isEmpty else {
      throw UsageError("new aasa needs --app TEAMID.bundle.id")
    }
    for path in paths + excludes where !path.hasPrefix("/") && path != "*" {
      throw UsageError(
        "\(path) is not a path: write it from the first /, e.g. /albums/* (the domain comes from the entitlement)"
      )
    }
    let components =
      excludes.map { Component(path: $0, exclude: true) }
      + (paths.isEmpty ? ["*"] : paths).map { Component(path: $0, exclude: nil) }
    let file = AssociationFile(
      applinks: .init(details: [.init(appIDs: [app], components: components)]))
    return JSONOutput.encode(file)
  }

  private func assetLinks() throws -> String {
    guard let package, !package.isEmpty else {
      throw UsageError("new assetlinks needs --package com.example.app")
    }
    var canonical: [String] = []
    for text in fingerprints {
      guard let fingerprint = CertificateFingerprint(text), fingerprint.isSHA256 else {
        throw UsageError(
          "--fingerprint \(text) is not a SHA-256 fingerprint: 32 hex pairs, as keytool -list -v or the Play Console print them"
        )
      }
      canonical.append(fingerprint.canonicalText)
    }
    for path in certificates {
      let found = try CertificateArguments.certificates(inFile: path, password: keystorePassword)
      canonical += found.map(\.fingerprint.canonicalText)
    }
    guard !canonical.isEmpty else {
      throw UsageError(
        "new assetlinks needs --fingerprint SHA256 or --cert FILE: the signing certificate's (for Play, the app signing key's)"
      )
    }
    var unique: [String] = []
    for fingerprint in canonical where !unique.contains(fingerprint) { unique.append(fingerprint) }
    let statement = Statement(
      relation: ["delegate_permission/common.handle_all_urls"],
      target: .init(
        namespace: "android_app", packageName: package, fingerprints: unique))
    return JSONOutput.encode([statement])
  }

  struct Component: Encodable {
    var path: String
    var exclude: Bool?

    enum CodingKeys: String, CodingKey {
      case path = "/"
      case exclude
    }
  }

  struct AssociationFile: Encodable {
    struct AppLinks: Encodable {
      struct Detail: Encodable {
        var appIDs: [String]
        var components: [Component]
      }
      var details: [Detail]
    }
    var applinks: AppLinks
  }

  struct Statement: Encodable {
    struct Target: Encodable {
      var namespace: String
      var packageName: String
      var fingerprints: [String]

      enum CodingKeys: String, CodingKey {
        case namespace
        case packageName = "package_name"
        case fingerprints = "sha256_cert_fingerprints"
      }
    }
    var relation: [String]
    var target: Target
  }
}

/// A file `aasa-lint new` wrote: written to standard output as it is.
package struct GeneratedFile: Report, TextReport {
  package var text: String

  /// A file that would not lint clean is refused before it exists.
  package var outcome: Outcome { .passed }

  package func writeText(to output: OutputSink, _ context: RenderContext) {
    output.write(text)
  }
}
