// The one file of AASANetworkWords that speaks to the C library, so that the rest compiles alike
// on Linux (Glibc, Musl) and macOS (Darwin).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("the network words need a C library: Glibc, Musl or Darwin")
#endif

enum System {
  /// What a failed connection's `errno` means for the person who asked for it.
  static func connectionFailure(_ code: Int32) -> NetworkFailure.Kind {
    switch code {
    case ECONNREFUSED: .refused
    case ETIMEDOUT: .timedOut
    case EHOSTUNREACH, ENETUNREACH: .unreachable
    case ECONNRESET: .reset
    default: .other
    }
  }

  /// `errno` in words, as the C library says it.
  static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
