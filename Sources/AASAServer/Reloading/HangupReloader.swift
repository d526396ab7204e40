import Logging
import ServiceLifecycle

/// Reloads everything at once on SIGHUP, without waiting for the next poll or for a changed file
/// to settle. Uses a dispatch signal source (``HangupSignal``), which needs no extra package.
struct HangupReloader: Service {
  let signal: HangupSignal
  let reloaders: [any Reloading]
  let logger: Logger

  func run() async throws {
    let reloaders = reloaders
    let logger = logger
    signal.deliver {
      logger.info("SIGHUP: reloading the site")
      Task {
        var changed = false
        for reloader in reloaders where await reloader.reload(force: true) { changed = true }
        logger.info(changed ? "SIGHUP: reload done" : "SIGHUP: nothing changed")
      }
    }
    try? await gracefulShutdown()
    signal.cancel()
  }
}
