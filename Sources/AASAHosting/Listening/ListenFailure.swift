import AASACore
import NIOCore

/// Why a socket could not be bound, in words for the person starting the server: no errno
/// numbers, no names of the functions that failed, and what to do where there is something to do.
package enum ListenFailure {
  package static func message(for error: Error, host: String, port: Int, what: String = "")
    -> String
  {
    let target = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    let prefix = "cannot listen on \(target)\(what.isEmpty ? "" : " (\(what))")"
    if let error = error as? IOError {
      switch error.errnoCode {
      case System.ErrorCode.permissionDenied where port < 1024:
        return
          "\(prefix): ports below 1024 need a privilege. Give the binary that privilege alone "
          + "with `setcap cap_net_bind_service=+ep aasa-serve` (or AmbientCapabilities="
          + "CAP_NET_BIND_SERVICE in a systemd unit, or a container's NET_BIND_SERVICE "
          + "capability), or listen on a port above 1023 behind a port mapping; do not run it as root"
      case System.ErrorCode.permissionDenied:
        return "\(prefix): permission denied"
      case System.ErrorCode.addressInUse:
        return "\(prefix): the address is already in use (is another server listening there?)"
      case System.ErrorCode.addressNotAvailable:
        return "\(prefix): this machine has no such address"
      default:
        return "\(prefix): \(SystemError.words(for: error.errnoCode).lowercased())"
      }
    }
    // The resolver's own error types differ between NIO versions and platforms: asking again
    // tells a name that does not resolve apart from everything else (this runs once, at a failed
    // start-up).
    if error is SocketAddressError
      || (try? SocketAddress.makeAddressResolvingHost(host, port: port)) == nil
    {
      return "\(prefix): the host name \(host) does not resolve to an address"
    }
    return "\(prefix): the system refused"
  }
}
