import AASAAndroid
import AASACore

extension ManifestReport {
  /// The report with each unresolved placeholder's help naming the command line's flags. The
  /// library speaks of the build's `manifestPlaceholders` (it has no flags; see
  /// docs/architecture.md); here the command line says how to give them: `--placeholder`, or
  /// `--gradle` for a build file that is not beside the manifest.
  func namingPlaceholderFlags() -> ManifestReport {
    var report = self
    report.diagnostics = diagnostics.map { finding in
      guard finding.code == .AndroidManifest.unresolved else { return finding }
      var named = finding
      named.help =
        "give --placeholder NAME=VALUE (or --gradle FILE, the module's build file), or put res/values/strings.xml beside the manifest; the value is unknown until then"
      return named
    }
    return report
  }
}
