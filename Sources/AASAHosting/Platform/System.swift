#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library as the listeners need it: the errno values a failed bind is told by (their words
/// are AASACore's ``SystemError/words(for:)``). The only file of the target that imports Glibc,
/// Musl or Darwin.
enum System {
  /// The errno values a bind is told apart by.
  enum ErrorCode {
    static let permissionDenied = EACCES
    static let addressInUse = EADDRINUSE
    static let addressNotAvailable = EADDRNOTAVAIL
  }
}
