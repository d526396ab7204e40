import SwiftASN1
import X509

/// The parts of a CMS `SignedData` message (RFC 5652 §5) that its two readers need: the
/// encapsulated content, the certificates, and the signers' information. An iOS 8 era signed
/// association file (`SignedAssociation`) verifies its one signer; an APK's v1 (JAR) signature
/// (`AASAAndroidSigning`) only wants the signing certificates.
///
/// ```
/// ContentInfo ::= SEQUENCE { contentType OID (signedData), content [0] EXPLICIT SignedData }
/// SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo SEQUENCE {
///   eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
///   certificates [0] IMPLICIT SET OF Certificate OPTIONAL, crls [1] IMPLICIT OPTIONAL,
///   signerInfos SET OF SignerInfo }
/// SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, signedAttrs [0] IMPLICIT OPTIONAL,
///   signatureAlgorithm, signature OCTET STRING, unsignedAttrs [1] IMPLICIT OPTIONAL }
/// ```
/// Parsed with BER rules, which DER is a subset of, so that indefinite lengths and constructed
/// octet strings (`openssl smime -stream`) are read too.
package struct CMSSignedMessage {
  /// How the signer names its certificate.
  package enum SignerIdentifier {
    case issuerAndSerialNumber(issuer: DistinguishedName, serialNumber: ArraySlice<UInt8>)
    case subjectKeyIdentifier(ArraySlice<UInt8>)
  }

  package struct SignerInfo {
    var identifier: SignerIdentifier
    var digestAlgorithm: ASN1ObjectIdentifier
    /// The signed attributes as DER with the universal SET tag, which is what is signed.
    var signedAttributesForSigning: [UInt8]?
    /// The `messageDigest` signed attribute.
    var messageDigest: ArraySlice<UInt8>?
    var signatureAlgorithm: ASN1ObjectIdentifier
    var signature: [UInt8]
  }

  package var content: [UInt8]?
  /// The DER of each certificate the message carries, unparsed: a JAR signature's `.DSA` file
  /// carries DSA certificates, which swift-certificates does not read (`parsedCertificates()`).
  package var certificateEncodings: [[UInt8]]
  package var signerInfos: [SignerInfo]

  package init(berEncoded bytes: [UInt8]) throws {
    let root = try BER.parse(bytes)
    var parsed: (content: [UInt8]?, certificates: [[UInt8]], signers: [SignerInfo])?
    try BER.sequence(root, identifier: .sequence) { nodes in
      let contentType = try ASN1ObjectIdentifier(berEncoded: &nodes)
      guard contentType == CMSObjectIdentifiers.signedData else {
        throw CMSStructureError("the content type is \(contentType), not signedData")
      }
      parsed = try BER.explicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
        try Self.parseSignedData($0)
      }
    }
    guard let parsed else { throw CMSStructureError("no SignedData") }
    content = parsed.content
    certificateEncodings = parsed.certificates
    signerInfos = parsed.signers
  }

  /// The certificates, parsed with swift-certificates.
  package func parsedCertificates() throws -> [Certificate] {
    try certificateEncodings.map { try Certificate(derEncoded: $0) }
  }

  private static func parseSignedData(
    _ node: ASN1Node
  ) throws -> (content: [UInt8]?, certificates: [[UInt8]], signers: [SignerInfo]) {
    try BER.sequence(node, identifier: .sequence) { nodes in
      _ = try Int(berEncoded: &nodes)  // version
      guard let digestAlgorithms = nodes.next(), digestAlgorithms.identifier == .set else {
        throw CMSStructureError("digestAlgorithms is missing")
      }
      guard let encapsulated = nodes.next() else {
        throw CMSStructureError("encapContentInfo is missing")
      }
      let content = try BER.sequence(encapsulated, identifier: .sequence) { inner in
        _ = try ASN1ObjectIdentifier(berEncoded: &inner)
        return try BER.optionalExplicitlyTagged(&inner, tagNumber: 0, tagClass: .contextSpecific) {
          try octets(of: $0)
        }
      }
      var certificates: [[UInt8]] = []
      BER.optionalImplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { set in
        guard case .constructed(let children) = set.content else { return }
        for child in children where child.identifier == .sequence {
          certificates.append(Array(child.encodedBytes))
        }
      }
      // crls: not needed.
      _ = BER.optionalImplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) { $0 }
      guard let signerInfoSet = nodes.next(),
        case .constructed(let signerNodes) = signerInfoSet.content
      else {
        throw CMSStructureError("signerInfos is missing")
      }
      let signers = try signerNodes.map(parseSignerInfo)
      return (content, certificates, signers)
    }
  }

  private static func parseSignerInfo(_ node: ASN1Node) throws -> SignerInfo {
    try BER.sequence(node, identifier: .sequence) { nodes in
      _ = try Int(berEncoded: &nodes)  // version
      guard let identifierNode = nodes.next() else {
        throw CMSStructureError("the signer identifier is missing")
      }
      let identifier: SignerIdentifier
      if identifierNode.identifier == .sequence {
        identifier = try BER.sequence(identifierNode, identifier: .sequence) { inner in
          guard let issuerNode = inner.next() else { throw CMSStructureError("no issuer") }
          let issuer = try DistinguishedName(derEncoded: issuerNode)
          let serial = try ArraySlice<UInt8>(berEncoded: &inner)
          return .issuerAndSerialNumber(issuer: issuer, serialNumber: serial)
        }
      } else {
        identifier = .subjectKeyIdentifier(try octets(of: identifierNode)[...])
      }
      let digestAlgorithm = try algorithm(&nodes)
      var signedAttributes: [UInt8]?
      var messageDigest: ArraySlice<UInt8>?
      try BER.optionalImplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { set in
        // What is signed is the DER of the attributes with an explicit SET OF tag (RFC 5652
        // §5.4), not the [0] IMPLICIT tag they travel under.
        var bytes = Array(set.encodedBytes)
        bytes[0] = 0x31
        signedAttributes = bytes
        messageDigest = try Self.messageDigest(in: set)
      }
      let signatureAlgorithm = try algorithm(&nodes)
      guard let signatureNode = nodes.next() else { throw CMSStructureError("no signature") }
      let signature = try octets(of: signatureNode)
      return SignerInfo(
        identifier: identifier, digestAlgorithm: digestAlgorithm,
        signedAttributesForSigning: signedAttributes, messageDigest: messageDigest,
        signatureAlgorithm: signatureAlgorithm, signature: signature)
    }
  }

  /// The OID of an `AlgorithmIdentifier` (parameters are not needed for the algorithms supported).
  private static func algorithm(_ nodes: inout ASN1NodeCollection.Iterator) throws
    -> ASN1ObjectIdentifier
  {
    guard let node = nodes.next() else { throw CMSStructureError("an algorithm is missing") }
    return try BER.sequence(node, identifier: .sequence) { inner in
      let oid = try ASN1ObjectIdentifier(berEncoded: &inner)
      while inner.next() != nil {}
      return oid
    }
  }

  private static func messageDigest(in attributes: ASN1Node) throws -> ArraySlice<UInt8>? {
    guard case .constructed(let children) = attributes.content else { return nil }
    for attribute in children {
      let digest: ArraySlice<UInt8>? = try BER.sequence(attribute, identifier: .sequence) { inner in
        let type = try ASN1ObjectIdentifier(berEncoded: &inner)
        guard let values = inner.next() else { return nil }
        guard type == CMSObjectIdentifiers.messageDigest,
          case .constructed(let items) = values.content,
          let first = items.first(where: { _ in true })
        else { return nil }
        return try octets(of: first)[...]
      }
      if let digest { return digest }
    }
    return nil
  }

  /// The bytes of an OCTET STRING, primitive or (BER) constructed from pieces.
  static func octets(of node: ASN1Node) throws -> [UInt8] {
    switch node.content {
    case .primitive(let bytes): return Array(bytes)
    case .constructed(let pieces): return try pieces.flatMap { try octets(of: $0) }
    }
  }
}

/// The CMS structure is not what RFC 5652 describes.
struct CMSStructureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The object identifiers a signed association file uses.
enum CMSObjectIdentifiers {
  static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
  static let messageDigest: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 4]

  static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
  static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
  static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
  static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]

  static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
  static let sha1WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 5]
  static let sha256WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 11]
  static let sha384WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 12]
  static let sha512WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 13]
  static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10045, 2, 1]
  static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
  static let ecdsaWithSHA384: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 3]
  static let ecdsaWithSHA512: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 4]
  static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
}
