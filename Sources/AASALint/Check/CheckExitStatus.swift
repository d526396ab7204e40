import AASALiveCheck

extension LiveCheckReport {
  /// 0 when nothing failed (warnings allowed), 1 when something did.
  public var exitStatus: ExitStatus { status == .fail ? .findings : .success }
}

extension EntitlementsCheckReport {
  /// 0 when nothing failed (warnings allowed), 1 when something did.
  public var exitStatus: ExitStatus { status == .fail ? .findings : .success }
}

extension HostsCheckReport {
  /// 0 when nothing failed (warnings allowed), 1 when something did.
  public var exitStatus: ExitStatus { status == .fail ? .findings : .success }
}
