import X509

#if canImport(Security)
  import Foundation
  import Security
#endif

/// The roots the system trusts, for judging a site's certificate chain as a browser on this
/// machine would.
///
/// On Linux they are the distribution's PEM bundle, which swift-certificates reads
/// (`CertificateStore.systemTrustRoots`). macOS keeps them in the keychain, which that loader
/// does not read: there the Security framework lists its anchors (and the roots an administrator
/// added), and their DER is handed to swift-certificates' verifier like any other root.
enum SystemTrustRoots {
  static var store: CertificateStore {
    #if canImport(Security) && os(macOS)
      return CertificateStore(keychainAnchors())
    #else
      return .systemTrustRoots
    #endif
  }

  #if canImport(Security) && os(macOS)
    private static func keychainAnchors() -> [Certificate] {
      var certificates: [SecCertificate] = []
      var anchors: CFArray?
      if SecTrustCopyAnchorCertificates(&anchors) == errSecSuccess,
        let anchors = anchors as? [SecCertificate]
      {
        certificates += anchors
      }
      var added: CFArray?
      if SecTrustSettingsCopyCertificates(.admin, &added) == errSecSuccess,
        let added = added as? [SecCertificate]
      {
        certificates += added
      }
      return certificates.compactMap { certificate in
        let der = SecCertificateCopyData(certificate) as Data
        return try? Certificate(derEncoded: Array(der))
      }
    }
  #endif
}
