import AASACore

/// The rules of Android 12+'s `DomainVerificationCollector` and of the legacy (Android 11 and
/// lower) verifier, applied to a manifest's intent filters.
struct ManifestAnalysis {
  let resources: ManifestResources
  var hosts: [ManifestReport.Host] = []
  /// Where each host (`*.` for a wildcard) is in ``hosts``: a hostile manifest has many.
  private var hostPositions: [String: Int] = [:]
  var dropped: [ManifestReport.Dropped] = []
  var legacyOnlyHosts: [String] = []
  var diagnostics: [Diagnostic] = []

  init(resources: ManifestResources) { self.resources = resources }

  private static let webSchemes: Set = ["http", "https"]

  mutating func run(_ filters: [ManifestElements.Filter]) {
    var legacyHosts: [String] = []
    var anyAutoVerify = false
    for filter in filters {
      let autoVerify = filter.autoVerify.map {
        resolved($0, at: filter.autoVerifyLocation ?? filter.location)
      }
      let verifies = autoVerify?.value.lowercased() == "true"
      anyAutoVerify = anyAutoVerify || verifies
      var schemes: [String] = []
      var unresolvedScheme = false
      var filterHosts: [(host: String, location: SourceLocation)] = []
      for data in filter.data {
        if let scheme = data.scheme {
          let value = resolved(scheme, at: data.attributes["scheme"]?.location ?? data.location)
          if value.unresolved { unresolvedScheme = true } else { schemes.append(value.value) }
        }
        if let host = data.host {
          let location = data.attributes["host"]?.location ?? data.location
          let value = resolved(host, at: location)
          filterHosts.append((value.unresolved ? "" : value.value, location))
        }
      }
      let webSchemes = schemes.filter { Self.webSchemes.contains($0) }
      guard filter.autoVerify != nil || !webSchemes.isEmpty else { continue }
      let isView = filter.actions.contains(AndroidManifestFile.view)
      let isBrowsable = filter.categories.contains(AndroidManifestFile.browsable)
      if isView && isBrowsable && !webSchemes.isEmpty {
        // A host Android drops (AMF004) is verified by no Android version: it is not named here.
        legacyHosts += filterHosts.map(\.host).filter { !$0.isEmpty && Self.hostProblem($0) == nil }
      }
      var reasons: [String] = []
      if let autoVerify, !verifies {
        reasons.append(
          autoVerify.unresolved
            ? "android:autoVerify is \(autoVerify.value), which is not resolved"
            : "android:autoVerify is \"\(autoVerify.value)\", not \"true\"")
      } else if autoVerify == nil {
        reasons.append("no android:autoVerify=\"true\"")
      }
      if !isView { reasons.append("no \(AndroidManifestFile.view) action") }
      if !filter.categories.contains(AndroidManifestFile.defaultCategory) {
        reasons.append("no DEFAULT category")
      }
      if !isBrowsable { reasons.append("no BROWSABLE category") }
      let custom = schemes.filter { !Self.webSchemes.contains($0) }
      if !custom.isEmpty {
        let names = custom.map { "\"\($0)\"" }.joined(separator: ", ")
        reasons.append(
          "the custom scheme\(custom.count == 1 ? "" : "s") \(names) in the same filter")
      } else if schemes.isEmpty {
        reasons.append(unresolvedScheme ? "its scheme is not resolved" : "no scheme")
      }
      if filterHosts.isEmpty { reasons.append("no host") }
      let location = filter.location
      guard reasons.isEmpty else {
        let reason = reasons.joined(separator: "; ")
        dropped.append(.init(line: filter.line, reason: reason))
        var seen: Set<String> = []
        let named = filterHosts.map(\.host).filter { !$0.isEmpty && seen.insert($0).inserted }
        let subject =
          named.isEmpty
          ? "an intent filter of \(filter.component)"
          : "the intent filter of \(filter.component) for \(named.joined(separator: ", "))"
        diagnostics.append(
          Diagnostic(
            .AndroidManifest.filterNotVerified, at: location, path: filter.component,
            message: "\(subject) is not verified: \(reason)",
            severity: filter.autoVerify == nil ? .info : .warning))
        continue
      }
      // A filter's hosts and paths combine freely; no path at all admits every path.
      let paths = filter.data.flatMap(\.paths)
      for (host, location) in filterHosts {
        addHost(
          host, at: location, component: filter.component, paths: paths.isEmpty ? nil : paths)
      }
    }
    if anyAutoVerify {
      let verified = Set(hosts.map(\.declared))
      var seen: Set<String> = []
      legacyOnlyHosts = legacyHosts.filter { !verified.contains($0) && seen.insert($0).inserted }
      if !legacyOnlyHosts.isEmpty {
        diagnostics.append(
          Diagnostic(
            .AndroidManifest.legacyAllOrNothing, at: .start, path: "",
            message:
              "on Android 11 and lower every web host must verify, including \(legacyOnlyHosts.joined(separator: ", ")), which Android 12+ does not verify; one failure there turns App Links off for the whole app"
          ))
      }
    }
    if hosts.isEmpty {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.noVerifiedHost, at: .start, path: "",
          message: "Android 12+ verifies no host of this manifest"))
    }
  }

  private mutating func addHost(
    _ host: String, at location: SourceLocation, component: String, paths: [ManifestPath]?
  ) {
    let line = location.line
    guard !host.isEmpty else {
      dropped.append(.init(line: line, reason: "the host is not resolved"))
      return
    }
    if let problem = Self.hostProblem(host) {
      dropped.append(.init(line: line, reason: "the host \"\(host)\" \(problem)"))
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.invalidHost, at: location, path: component,
          message: "the host \"\(host)\" \(problem), so Android drops it"))
      return
    }
    let lowered = host.lowercased()
    let wildcard = lowered.hasPrefix("*.")
    let entry = ManifestReport.Host(
      host: wildcard ? String(lowered.dropFirst(2)) : lowered, wildcard: wildcard, line: line,
      paths: paths)
    if let existing = hostPositions[entry.declared] {
      if let more = paths, let known = hosts[existing].paths, known.count + more.count <= 1_000 {
        hosts[existing].paths = known + more.filter { !known.contains($0) }
      } else {
        // No path list (every path admitted), or too many to keep: nothing is ruled out.
        hosts[existing].paths = nil
      }
      return
    }
    hostPositions[entry.declared] = hosts.count
    hosts.append(entry)
    if wildcard {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.wildcardHost, at: location, path: component,
          message:
            "\(host) is verified with https://\(entry.host)/.well-known/assetlinks.json and matches its subdomains, not \(entry.host) itself"
        ))
    }
  }

  /// Why `host` is not a domain name Android verifies, or nil.
  static func hostProblem(_ host: String) -> String? {
    if host == "*" { return "names no site to fetch (a bare `*`)" }
    let name = host.hasPrefix("*.") ? host.dropFirst(2) : Substring(host)
    if name.contains("*") { return "has a `*` that is not a leading `*.`" }
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    if labels.count < 2 { return "is a single label, not a domain name" }
    if name.utf8.count > 253 { return "is longer than 253 characters" }
    for label in labels {
      if label.isEmpty { return "has an empty label" }
      if label.utf8.count > 63 { return "has a label longer than 63 characters" }
      let allowed = label.unicodeScalars.allSatisfy(isHostCharacter)
      if !allowed { return "has a character not allowed in a domain name" }
      if label.hasPrefix("-") || label.hasSuffix("-") {
        return "has a label starting or ending with `-`"
      }
    }
    return nil
  }

  /// Letters, digits and `-`; non-ASCII letters are left to IDNA.
  private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D: true
    default: scalar.value > 0x7F
    }
  }

  /// `value` resolved; an unresolved reference is reported once at `line`.
  private mutating func resolved(_ value: String, at location: SourceLocation) -> (
    value: String, unresolved: Bool
  ) {
    let result = resources.resolve(value)
    for reference in result.unresolved {
      diagnostics.append(
        Diagnostic(
          .AndroidManifest.unresolved, at: location, path: "",
          message:
            "\(reference) is not resolved"
            + (reference.hasPrefix("@")
              ? " (no res/values file beside the manifest defines it)"
              : " (no value for the build placeholder \(reference.dropFirst(2).dropLast()))")
        ))
    }
    return (result.value, !result.unresolved.isEmpty)
  }
}
