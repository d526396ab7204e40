import Foundation
import NIOSSL
import X509

/// Reads one certificate of `--tls-dir` and checks it before it is used: a PEM chain and a key
/// that belongs to its leaf, Apple's and Google's requirements (valid now, key kind,
/// subjectAltName), and the chain in order (each certificate issued by the next). Builds its
/// `NIOSSLContext` once, here, off the event loops.
enum CertificateLoader {
  static func load(_ pair: CertificateFolder.Pair, allowUntrusted: Bool) throws(StartupError)
    -> (entry: CertificateTable.Entry, warnings: [String])
  {
    try load(
      pair, chainPEM: try TLSSetup.readFile(pair.chain, what: "certificate"),
      keyPEM: try TLSSetup.readFile(pair.key, what: "private key"), allowUntrusted: allowUntrusted)
  }

  /// ``load(_:allowUntrusted:)`` of a pair already in memory (`--acme`'s certificate as it is
  /// issued); the files' names are for messages.
  static func load(
    _ pair: CertificateFolder.Pair, chainPEM: [UInt8], keyPEM: [UInt8], allowUntrusted: Bool
  ) throws(StartupError) -> (entry: CertificateTable.Entry, warnings: [String]) {
    let chain: [Certificate]
    do {
      chain = try NIOSSLCertificate.fromPEMBytes(chainPEM).map {
        try Certificate(derEncoded: $0.toDERBytes())
      }
    } catch {
      throw StartupError(
        "\(pair.chain) is not a PEM certificate chain (expected '-----BEGIN CERTIFICATE-----' blocks)"
      )
    }
    guard !chain.isEmpty else {
      throw StartupError(
        "\(pair.chain) holds no certificate (expected '-----BEGIN CERTIFICATE-----' blocks)")
    }
    try checkOrder(chain, file: pair.chain)
    let loaded = try TLSSetup.makeContext(
      certificatePEM: chainPEM, keyPEM: keyPEM, certificateFile: pair.chain, keyFile: pair.key,
      allowUntrusted: allowUntrusted)
    var names: [String] = []
    let alternativeNames: SubjectAlternativeNames? =
      (try? chain[0].extensions.subjectAlternativeNames) ?? nil
    for name in alternativeNames ?? SubjectAlternativeNames() {
      if case .dnsName(let dns) = name, let key = HostName.key(forName: dns[...]) {
        names.append(key)
      }
    }
    let notValidAfter = Int(chain[0].notValidAfter.timeIntervalSince1970)
    return (
      CertificateTable.Entry(
        name: pair.name, dnsNames: names, notValidAfter: notValidAfter, context: loaded.context),
      loaded.warnings
    )
  }

  /// Clients need the leaf first and each certificate followed by its issuer; a chain in another
  /// order fails on some of them, so it is refused here rather than found in production.
  static func checkOrder(_ chain: [Certificate], file: String) throws(StartupError) {
    for index in chain.indices.dropLast() where chain[index].issuer != chain[index + 1].subject {
      throw StartupError(
        "the chain in \(file) is out of order: certificate \(index + 1) (\(chain[index].subject)) "
          + "was not issued by certificate \(index + 2) (\(chain[index + 1].subject)); "
          + "put the leaf first, then each issuer in turn")
    }
  }
}
