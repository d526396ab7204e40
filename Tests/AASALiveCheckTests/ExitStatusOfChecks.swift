import AASALint
import AASALiveCheck

// The exit status `aasa-lint check` ends with for each kind of live check, decided where the
// command line decides it (`ExitStatus(for:)` on the report the check run returns).

extension LiveCheckReport {
  var exitStatus: ExitStatus { ExitStatus(for: CheckReport(checked: .site(self), verbose: false)) }
}

extension EntitlementsCheckReport {
  var exitStatus: ExitStatus {
    ExitStatus(for: CheckReport(checked: .entitlements(self), verbose: false))
  }
}

extension HostsCheckReport {
  var exitStatus: ExitStatus { ExitStatus(for: CheckReport(checked: .hosts(self), verbose: false)) }
}
