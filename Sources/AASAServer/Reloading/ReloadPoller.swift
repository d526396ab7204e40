import NIOCore
import ServiceLifecycle

/// Asks a reloader (the site, every site, or the certificates) to look for changes every
/// `interval`. Polling (a directory walk and a `stat` per file) is portable, cheap for a site of
/// well-known files, and sees every kind of change, including edits through symlinks and files
/// replaced by rename, which file-event APIs report unevenly.
struct ReloadPoller: Service {
  let reloader: any Reloading
  let interval: TimeAmount

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: .nanoseconds(interval.nanoseconds))
        _ = await reloader.reload(force: false)
      }
    }
  }
}
