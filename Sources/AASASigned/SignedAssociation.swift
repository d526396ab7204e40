import Crypto
import SwiftASN1
import X509

/// An iOS 8 era association file: the JSON wrapped in a CMS/PKCS#7 `SignedData` message, as
/// `openssl smime -sign -nodetach -outform DER` (or `openssl cms -sign`) made them. Apple still
/// unwraps such files; the JSON inside is linted as usual.
///
/// ```swift
/// if let signed = try SignedAssociation.unwrap(bytes) {
///   let report = SiteAssociationLinter().lint(signed.content)
///   print("signed by \(signed.signer); signature verifies: \(signed.signatureVerifies)")
/// }
/// ```
public struct SignedAssociation: Sendable {
  /// The bytes looked like CMS (DER or PEM) but are not a signed message that can be read.
  public struct UnreadableSignature: Error, CustomStringConvertible, Sendable {
    public var reason: String
    public var description: String {
      "the file looks CMS/PKCS#7-signed but cannot be read: \(reason)"
    }
  }

  /// The signed content: the JSON of the association file.
  public var content: [UInt8]
  /// The subject of the signer's certificate, e.g. `CN=example.com,O=Example`; `unknown signer`
  /// when the message does not carry the certificate it names.
  public var signer: String
  /// The signer's certificate, when the message carries it.
  public var signerCertificate: Certificate?
  /// Every certificate in the message: the signer's and its intermediates.
  public var certificates: [Certificate]
  /// Whether the signer certificate's key signed this content (digest and signature both check
  /// out). Says nothing about whether the certificate is trusted: see ``signerTrust(roots:rootsName:search:)``.
  public var signatureVerifies: Bool
  /// Why the signature does not verify, when it does not.
  public var signatureProblem: String?

  /// Whether `bytes` look like a CMS message (DER, or PEM armoured), before reading it: a file
  /// served signed is judged by what Apple's fetcher expects of signed files.
  public static func looksSigned(_ bytes: [UInt8]) -> Bool {
    CMSDetection.derBytes(of: bytes) != nil
  }

  /// Unwraps `bytes` when they are a CMS signed message (DER, BER, or PEM armoured as
  /// `PKCS7`/`CMS`). Returns nil when they are not CMS at all (plain JSON); throws when they look
  /// like CMS but cannot be read.
  public static func unwrap(_ bytes: [UInt8]) throws(UnreadableSignature) -> SignedAssociation? {
    guard let der = CMSDetection.derBytes(of: bytes) else { return nil }
    let message: CMSSignedMessage
    let certificates: [Certificate]
    do {
      message = try CMSSignedMessage(berEncoded: der)
      certificates = try message.parsedCertificates()
    } catch CryptoKitError.underlyingCoreCryptoError {
      // swift-crypto names a BoringSSL failure by the first code on BoringSSL's error queue, where
      // an earlier failure may have left one: the number would name another file's problem.
      throw UnreadableSignature(reason: "a certificate's public key cannot be read")
    } catch {
      throw UnreadableSignature(reason: "\(error)")
    }
    guard let content = message.content else {
      throw UnreadableSignature(reason: "the signature is detached: the file carries no content")
    }
    guard message.signerInfos.count == 1, let signerInfo = message.signerInfos.first else {
      throw UnreadableSignature(
        reason: "it has \(message.signerInfos.count) signers; a signed association file has one")
    }
    let certificate = SignatureVerification.signerCertificate(
      for: signerInfo.identifier, in: certificates)
    let problem: String?
    if let certificate {
      problem = SignatureVerification.problem(
        content: content, signerInfo: signerInfo, certificate: certificate)
    } else {
      problem = "the message does not carry the signer's certificate"
    }
    return SignedAssociation(
      content: content, signer: certificate.map { "\($0.subject)" } ?? "unknown signer",
      signerCertificate: certificate, certificates: certificates,
      signatureVerifies: problem == nil, signatureProblem: problem)
  }
}
