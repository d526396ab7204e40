import AASACore

extension AssetLinksParser {
  static let androidAppKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
  static let webKeys = ["namespace", "site"]

  /// Namespaces people write for the two real ones.
  private static let namespaceAliases = [
    "android": "android_app", "app": "android_app", "androidapp": "android_app",
    "android-app": "android_app", "android_application": "android_app", "site": "web",
    "website": "web", "www": "web",
  ]

  /// Reads `target`. Returns nil when the statement cannot name an app or site.
  mutating func parseTarget(in statement: JSONValue, path: String) -> StatementTarget? {
    let targetPath = DocumentPath.child(path, "target")
    guard let target = statement["target"] else {
      reportMissingKey("target", in: statement, path)
      return nil
    }
    guard target.members != nil else {
      reportWrongType(target, targetPath, expected: "an object")
      return nil
    }
    let namespacePath = DocumentPath.child(targetPath, "namespace")
    guard let namespaceValue = target["namespace"] else {
      reportMissingKey("namespace", in: target, targetPath)
      return nil
    }
    guard let namespace = namespaceValue.string else {
      reportWrongType(namespaceValue, namespacePath, expected: "a string")
      return nil
    }
    switch namespace {
    case "android_app":
      reportUnknownKeys(
        in: target, targetPath, known: Self.androidAppKeys,
        notes: [
          "site": "\"site\" belongs to web targets; an android_app target ignores it",
          "sha1_cert_fingerprints":
            "Google reads only \"sha256_cert_fingerprints\"; SHA-1 fingerprints are not accepted",
        ])
      return parseAndroidApp(target, targetPath)
    case "web":
      reportUnknownKeys(
        in: target, targetPath, known: Self.webKeys,
        notes: [
          "package_name":
            "\"package_name\" belongs to android_app targets; a web target ignores it",
          "sha256_cert_fingerprints":
            "fingerprints belong to android_app targets; a web target ignores them",
        ])
      return parseWeb(target, targetPath)
    default:
      let meant =
        Self.namespaceAliases[namespace.lowercased()]
        ?? Suggestion.closest(to: namespace, among: ["android_app", "web"])
      report(
        .AssetLinks.unknownNamespace, namespaceValue, namespacePath,
        "the namespace \"\(namespace)\" is neither \"android_app\" nor \"web\""
          + (meant.map { "; did you mean \"\($0)\"?" } ?? ""))
      return nil
    }
  }

  // MARK: Apps

  private mutating func parseAndroidApp(_ target: JSONValue, _ path: String) -> StatementTarget? {
    let packagePath = DocumentPath.child(path, "package_name")
    var packageName: String?
    if let value = target["package_name"] {
      if let name = value.string {
        packageName = name
        if let problem = AndroidPackageName.problem(with: name) {
          report(
            .AssetLinks.invalidPackageName, value, packagePath,
            "the package name \"\(name)\" \(problem)")
        }
      } else {
        reportWrongType(value, packagePath, expected: "a string")
      }
    } else {
      reportMissingKey("package_name", in: target, path)
    }
    let fingerprints = parseFingerprints(in: target, path)
    // Without a package the statement can never match an app, so it is left out of the model;
    // without fingerprints it is kept so a grant question can still name the package.
    return packageName.map { .androidApp(packageName: $0, fingerprints: fingerprints) }
  }

  private mutating func parseFingerprints(in target: JSONValue, _ path: String)
    -> [CertificateFingerprint]
  {
    let listPath = DocumentPath.child(path, "sha256_cert_fingerprints")
    guard let value = target["sha256_cert_fingerprints"] else {
      reportMissingKey("sha256_cert_fingerprints", in: target, path)
      return []
    }
    guard let elements = stringArrayElements(value, listPath) else { return [] }
    if elements.isEmpty {
      report(
        .AssetLinks.noFingerprints, value, listPath,
        "\(listPath) is empty, so no build of the app can match")
    }
    var fingerprints: [CertificateFingerprint] = []
    var firstIndexByBytes: [[UInt8]: Int] = [:]
    for (index, element) in elements.enumerated() {
      let elementPath = DocumentPath.element(listPath, index)
      guard let text = element.string else {
        reportWrongType(element, elementPath, expected: "a fingerprint string")
        continue
      }
      checkFingerprint(text, element, elementPath)
      guard let fingerprint = CertificateFingerprint(text) else { continue }
      if let first = firstIndexByBytes[fingerprint.bytes] {
        report(
          .AssetLinks.duplicateFingerprint, element, elementPath,
          "this fingerprint repeats \(DocumentPath.element(listPath, first))")
      } else {
        firstIndexByBytes[fingerprint.bytes] = index
      }
      fingerprints.append(fingerprint)
    }
    return fingerprints
  }

  private mutating func checkFingerprint(_ text: String, _ value: JSONValue, _ path: String) {
    let canonical = CertificateFingerprint(text)?.canonicalText
    let rewrite = canonical.map { "write it as \($0)" }
    for problem in CertificateFingerprint.problems(in: text) {
      switch problem {
      case .notHex:
        if CertificateFingerprint.isPlaceholder(text) {
          report(
            .AssetLinks.malformedFingerprint, value, path,
            "\"\(text)\" is a placeholder, not a fingerprint: no certificate matches it",
            help:
              "put the SHA-256 of the app's signing certificate here (Play Console, App integrity, or `keytool -list -v`)"
          )
          continue
        }
        let prefixHint =
          text.uppercased().hasPrefix("SHA") ? " (copy only the hex after \"SHA256:\")" : ""
        report(
          .AssetLinks.malformedFingerprint, value, path,
          "\"\(text)\" is not hex pairs joined by `:`\(prefixHint)")
      case .wrongLength(let bytes):
        report(
          .AssetLinks.malformedFingerprint, value, path,
          "the fingerprint has \(bytes) byte\(bytes == 1 ? "" : "s"); a SHA-256 fingerprint has 32")
      case .sha1:
        report(
          .AssetLinks.sha1Fingerprint, value, path,
          "the fingerprint has 20 bytes: it is the certificate's SHA-1, not its SHA-256")
      case .missingColons:
        report(
          .AssetLinks.fingerprintWithoutColons, value, path,
          "the fingerprint's hex digits are not separated by `:`", help: rewrite)
      case .lowercase:
        report(
          .AssetLinks.lowercaseFingerprint, value, path,
          "the fingerprint has lowercase hex digits; Google requires upper case", help: rewrite)
      }
    }
  }

  // MARK: Sites

  private mutating func parseWeb(_ target: JSONValue, _ path: String) -> StatementTarget? {
    let sitePath = DocumentPath.child(path, "site")
    guard let value = target["site"] else {
      reportMissingKey("site", in: target, path)
      return nil
    }
    guard let site = value.string else {
      reportWrongType(value, sitePath, expected: "a string such as \"https://example.com\"")
      return nil
    }
    switch SiteOrigin.read(site) {
    case .invalid(let problem):
      report(.AssetLinks.invalidSite, value, sitePath, "the site \"\(site)\" \(problem)")
    case .origin(let origin) where origin.hasTrailingSlash:
      report(
        .AssetLinks.siteTrailingSlash, value, sitePath,
        "the site \"\(site)\" ends with `/`; Google's form is scheme://host[:port]",
        help: "write \"\(site.dropLast())\"")
    case .origin:
      break
    }
    return .web(site: site)
  }
}
