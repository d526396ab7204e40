#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library as the listeners need it: the errno values a failed bind is told by, and their
/// words. The only file of the target that imports Glibc, Musl or Darwin.
enum System {
  /// The errno values a bind is told apart by.
  enum ErrorCode {
    static let permissionDenied = EACCES
    static let addressInUse = EADDRINUSE
    static let addressNotAvailable = EADDRNOTAVAIL
  }

  /// `strerror`: the C library's words for an errno value.
  static func describe(errorCode: Int32) -> String {
    String(cString: strerror(errorCode))
  }
}
