import AASANetworkWords
import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

extension FetchPolicy {
  /// Why a host was not asked (a third party ``LiveCheckOptions/vetOtherHost`` refused, an
  /// include the caller's fetcher would not make), in the report's words: a ``Refusal``'s
  /// message; a library's error (NIO, NIOSSL, AsyncHTTPClient) as ``NetworkFailure`` words it
  /// for the check and the ACME client alike; the package's own errors, which describe
  /// themselves in words (a host's rate spent, lookups busy), as they say; never a Swift type's
  /// name, an error number or a source path, which is what `"\(error)"` shows of an error that
  /// does not describe itself.
  public static func words(for error: any Error, host: String, port: Int, timeout: TimeAmount)
    -> String
  {
    switch error {
    case let refusal as Refusal:
      return refusal.message
    case is CancellationError:
      return "the check was cancelled before \(host) answered"
    case is IOError, is NIOConnectionError, is HTTPClientError, is ChannelError, is NIOSSLError,
      is BoringSSLError, is NIOSSLExtraError, is SocketAddressError,
      is SocketAddressError.UnknownHost:
      return NetworkFailure(error, host: host, port: port, timeout: timeout).description
    case let worded as any CustomStringConvertible:
      return worded.description
    default:
      return NetworkFailure.words(error)
    }
  }
}
