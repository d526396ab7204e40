import Dispatch
import Logging
import ServiceLifecycle

/// Reloads everything at once on SIGHUP, without waiting for the next poll or for a changed file
/// to settle. Uses a dispatch signal source, which needs no extra package.
struct HangupReloader: Service {
  let reloaders: [any Reloading]
  let logger: Logger

  func run() async throws {
    System.ignore(signal: System.hangupSignal)
    let source = DispatchSource.makeSignalSource(signal: System.hangupSignal, queue: .global())
    let reloaders = reloaders
    let logger = logger
    source.setEventHandler {
      logger.info("SIGHUP: reloading the site")
      Task {
        var changed = false
        for reloader in reloaders where await reloader.reload(force: true) { changed = true }
        logger.info(changed ? "SIGHUP: reload done" : "SIGHUP: nothing changed")
      }
    }
    source.resume()
    try? await gracefulShutdown()
    source.cancel()
  }
}
