import SwiftASN1
import X509

/// The certificates a check trusts: the system's roots, or the ones in a PEM file (the command
/// line's `--ca-file`, which names it so in its own words).
public struct TrustRoots: Sendable {
  /// The PEM file cannot be used.
  public struct UnreadableCAFile: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot use \(path): \(reason)" }
  }

  public var store: CertificateStore
  /// How details name it: `system roots`, or the file (as its caller words it).
  public var name: String
  /// The system's roots, not a `--ca-file`: a site trusted only through its own roots is not
  /// public, and Apple's CDN cannot fetch from it.
  public var isSystem: Bool
  /// The PEM file the roots were read from (`--ca-file`), nil for the system's: Apple's CDN is
  /// fetched trusting the system's roots and these (``ResourceFetcher/makeClient(timeout:group:dnsOverride:verifying:)``).
  public var filePath: String?

  public init(
    store: CertificateStore, name: String, isSystem: Bool = false, filePath: String? = nil
  ) {
    self.store = store
    self.name = name
    self.isSystem = isSystem
    self.filePath = filePath
  }

  /// The system's trust store: on Linux the PEM bundle under `/etc/ssl` or `/etc/pki`, on macOS
  /// the keychain's anchors (``SystemTrustRoots``).
  public static var system: TrustRoots {
    TrustRoots(store: SystemTrustRoots.store, name: "system roots", isSystem: true)
  }

  /// Every certificate in a PEM file, trusted as a root; details name them `name` (the path by
  /// default).
  public static func caFile(_ path: String, named name: String? = nil) throws(UnreadableCAFile)
    -> TrustRoots
  {
    let text: String
    do {
      text = try readText(path)
    } catch {
      throw UnreadableCAFile(path: path, reason: error.reason)
    }
    let certificates: [Certificate]
    do {
      certificates = try PEMDocument.parseMultiple(pemString: text)
        .filter { $0.discriminator == "CERTIFICATE" }
        .map { try Certificate(pemDocument: $0) }
    } catch {
      throw UnreadableCAFile(path: path, reason: "it is not PEM certificates (\(error))")
    }
    guard !certificates.isEmpty else {
      throw UnreadableCAFile(path: path, reason: "it holds no -----BEGIN CERTIFICATE----- block")
    }
    return TrustRoots(
      store: CertificateStore(certificates), name: name ?? path, filePath: path)
  }

  private static func readText(_ path: String) throws(System.ReadFailure) -> String {
    String(decoding: try System.readFile(path, limit: 16 << 20), as: UTF8.self)
  }
}
