import Dispatch
import NIOConcurrencyHelpers

/// SIGHUP, taken from the start of the run: its default action (ending the process) is turned off
/// and each signal recorded before anything is bound or reported, so that an operator who sends
/// it as soon as the server says it listens gets a reload, not a dead server. The signals that
/// arrive before ``HangupReloader`` runs are delivered to it then.
final class HangupSignal: @unchecked Sendable {
  // The dispatch source is made and resumed once, in `init`, and cancelled once; the rest of
  // the state is behind the lock.
  private let source: any DispatchSourceSignal
  private let state = NIOLockedValueBox<State>(State())

  private struct State {
    var pending = 0
    var handler: (@Sendable () -> Void)?
  }

  init() {
    System.ignore(signal: System.hangupSignal)
    source = DispatchSource.makeSignalSource(signal: System.hangupSignal, queue: .global())
    source.setEventHandler { [state] in
      let handler = state.withLockedValue { state -> (@Sendable () -> Void)? in
        if state.handler == nil { state.pending += 1 }
        return state.handler
      }
      handler?()
    }
    source.resume()
  }

  /// From now on each SIGHUP calls `handler`; one that came before is delivered at once.
  func deliver(to handler: @escaping @Sendable () -> Void) {
    let pending = state.withLockedValue { state -> Int in
      state.handler = handler
      defer { state.pending = 0 }
      return state.pending
    }
    if pending > 0 { handler() }
  }

  func cancel() {
    source.cancel()
  }
}
