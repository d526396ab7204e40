import AASA
import AASAAndroid
import AASAAppLinks
import AASACore

/// Where a finding is about what the command line was asked rather than the file, the command
/// line names its own option: the libraries speak of "the app asked about" or "the page's URL",
/// which an API user never typed as `--app` or `--page-url`; a manifest's unresolved placeholder
/// is given with `--placeholder` (or read from the build file `--gradle` names), where the library
/// speaks of the build's `manifestPlaceholders`.
enum CommandLineWording {
  static func apply(_ diagnostic: Diagnostic) -> Diagnostic {
    var diagnostic = diagnostic
    switch diagnostic.code {
    case .Apple.appNotInFile:
      diagnostic.message = "--app " + diagnostic.message
    case .AppLinks.noSourceURL:
      diagnostic.help = "give --page-url URL, the address the page is served at"
    case .AndroidManifest.unresolved:
      diagnostic.help =
        "give --placeholder NAME=VALUE (or --gradle FILE, the module's build file), or put res/values/strings.xml beside the manifest; the value is unknown until then"
    default:
      break
    }
    return diagnostic
  }
}

extension ManifestReport {
  /// The report with its findings in the command line's words (``CommandLineWording``).
  func inCommandLineWords() -> ManifestReport {
    var report = self
    report.diagnostics = diagnostics.map(CommandLineWording.apply)
    return report
  }
}
