import Dispatch

/// SIGHUP reloads the configuration, as blackbox_exporter's does: its default action (ending the
/// process) is turned off first, and each signal asks ``ExporterState/reload()``.
public final class HangupReload: @unchecked Sendable {
  // The dispatch source is made, given its handler and resumed once, in `init`; cancelled once.
  private let source: any DispatchSourceSignal

  public init(_ state: ExporterState) {
    System.ignore(signal: System.hangupSignal)
    source = DispatchSource.makeSignalSource(signal: System.hangupSignal, queue: .global())
    source.setEventHandler {
      Task { _ = await state.reload() }
    }
    source.resume()
  }

  public func cancel() { source.cancel() }
}
