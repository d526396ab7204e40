import AASA
import AASAAppLinks
import AASACore

/// Where a finding is about what the command line was asked rather than the file, the command
/// line names its own option: the libraries speak of "the app asked about" or "the page's URL",
/// which an API user never typed as `--app` or `--page-url`.
enum CommandLineWording {
  static func apply(_ diagnostic: Diagnostic) -> Diagnostic {
    var diagnostic = diagnostic
    switch diagnostic.code {
    case .Apple.appNotInFile:
      diagnostic.message = "--app " + diagnostic.message
    case .AppLinks.noSourceURL:
      diagnostic.help = "give --page-url URL, the address the page is served at"
    default:
      break
    }
    return diagnostic
  }
}
