#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the exporter makes: this is the only file of the target that imports the C
/// library, so that macOS and Linux differ here alone.
enum System {
  static let hangupSignal = SIGHUP

  /// Sets a signal to be ignored, so that its default action (ending the process, for SIGHUP)
  /// never runs and a dispatch source alone sees it.
  static func ignore(signal number: Int32) {
    _ = signal(number, SIG_IGN)
  }
}
