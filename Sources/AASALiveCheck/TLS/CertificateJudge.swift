import AASA
import AASASigned
import Foundation
import SwiftASN1
import X509

/// Judges the chain a server presented, as three requirement lines: is it trusted (a chain to a
/// root in the trust store, RFC 5280 rules), is it for this host (RFC 6125), and how long until it
/// expires (within ``expiryWarningDays`` days is a warning); and a fourth, `tls-key`, only when
/// the leaf's key is one Apple refuses (``CertificateKeyDemands``, which `aasa-serve` applies
/// too), so that `check` fails a site for the key the server would not start with.
public struct CertificateJudge: Sendable {
  /// Expiry sooner than this is a warning: Apple's CDN and devices re-fetch about weekly.
  public static let expiryWarningDays = 30

  public var trustRoots: CertificateStore
  /// Named in details: `system roots` or the `--ca-file` path.
  public var trustRootsName: String
  /// The time expiry is measured from. Trust is always judged at the current time.
  public var now: Date
  /// How many of the server's certificates are searched for a chain, and for how long: the
  /// server chooses them (``ChainSearch``).
  public var search: ChainSearch

  public init(
    trustRoots: CertificateStore, trustRootsName: String, now: Date = Date(),
    search: ChainSearch = ChainSearch()
  ) {
    self.trustRoots = trustRoots
    self.trustRootsName = trustRootsName
    self.now = now
    self.search = search
  }

  /// The `tls-chain`, `tls-hostname` and `tls-expiry` lines for `chain` (leaf first).
  public func judge(_ chain: [Certificate], for site: SiteAddress) async -> [Requirement] {
    guard let leaf = chain.first else {
      return [Requirement("tls-chain", .fail, "the server sent no certificate")]
    }
    var lines = [
      await chainRequirement(leaf, intermediates: Array(chain.dropFirst())),
      await hostnameRequirement(leaf, site),
      expiryRequirement(leaf),
    ]
    if let key = keyRequirement(leaf) { lines.append(key) }
    return lines
  }

  /// `tls-key`, failed, when Apple refuses the leaf's key; nil when it accepts it.
  func keyRequirement(_ leaf: Certificate) -> Requirement? {
    // The whole SubjectPublicKeyInfo, as DER: `subjectPublicKeyInfoBytes` is only the key's
    // own bytes, without the algorithm that says what kind it is.
    var serializer = DER.Serializer()
    let spki: [UInt8]? = (try? serializer.serialize(leaf.publicKey)).map {
      serializer.serializedBytes
    }
    let kind = spki.flatMap(PublicKeyParts.init(subjectPublicKeyInfo:))
      .flatMap {
        CertificateKeyKind(
          algorithm: $0.algorithm, curve: $0.curve, rsaModulusBits: $0.rsaModulusBits)
      }
    guard let refusal = CertificateKeyDemands.refusal(of: kind) else { return nil }
    return Self.refusedKey(refusal)
  }

  /// The `tls-key` line for a key ``CertificateKeyDemands`` refuses, in its words.
  static func refusedKey(_ refusal: String) -> Requirement {
    Requirement("tls-key", .fail, "the certificate has \(refusal); Apple's fetcher refuses it")
  }

  func chainRequirement(_ leaf: Certificate, intermediates: [Certificate]) async -> Requirement {
    let outcome = await search.validate(
      leaf: leaf, intermediates: intermediates, roots: trustRoots
    ) { RFC5280Policy() }
    let notes = outcome.notes.map { "; \($0)" }.joined()
    switch outcome.result {
    case .validCertificate(let validated):
      let root = validated.last.map { " via \($0.subject)" } ?? ""
      return Requirement("tls-chain", .pass, "trusted by \(trustRootsName)\(root)\(notes)")
    case .couldNotValidate(let failures):
      guard let failure = failures.first else {
        let selfSigned = leaf.issuer == leaf.subject ? " (self-signed)" : ""
        return Requirement(
          "tls-chain", .fail,
          "no chain from \(leaf.subject)\(selfSigned) to a root in \(trustRootsName); issuer: \(leaf.issuer)\(notes)"
        )
      }
      return Requirement(
        "tls-chain", .fail,
        "not trusted by \(trustRootsName): \(Self.shortened(failure.policyFailureReason.description))\(notes)"
      )
    }
  }

  /// The hostname check on its own: the leaf is made its own root so that only the name decides
  /// (not trust, not expiry: they have their own lines).
  func hostnameRequirement(_ leaf: Certificate, _ site: SiteAddress) async -> Requirement {
    let identity =
      site.hostIsIPAddress
      ? ServerIdentityPolicy(serverHostname: nil, serverIP: site.host)
      : ServerIdentityPolicy(serverHostname: site.host, serverIP: nil)
    var verifier = Verifier(rootCertificates: CertificateStore([leaf])) {
      KnownCriticalExtensions()
      identity
    }
    let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore())
    let names = Self.names(of: leaf)
    if case .validCertificate = result {
      return Requirement("tls-hostname", .pass, "\(site.host) is in the certificate (\(names))")
    }
    return Requirement("tls-hostname", .fail, "the certificate is for \(names), not \(site.host)")
  }

  func expiryRequirement(_ leaf: Certificate) -> Requirement {
    let expiry = leaf.notValidAfter
    let date = Self.dateText(expiry)
    if expiry < now { return Requirement("tls-expiry", .fail, "expired on \(date)") }
    if leaf.notValidBefore > now {
      return Requirement(
        "tls-expiry", .fail, "not valid before \(Self.dateText(leaf.notValidBefore))")
    }
    let days = Int(expiry.timeIntervalSince(now) / 86_400)
    if days < Self.expiryWarningDays {
      let when = days == 0 ? "within a day" : days == 1 ? "in 1 day" : "in \(days) days"
      return Requirement(
        "tls-expiry", .warn,
        "expires on \(date), \(when) (renew before \(Self.expiryWarningDays))")
    }
    return Requirement("tls-expiry", .pass, "valid until \(date) (\(days) days)")
  }

  /// The DNS names and IP addresses of the subject alternative names, or the subject.
  static func names(of certificate: Certificate) -> String {
    guard let alternativeNames = try? certificate.extensions.subjectAlternativeNames else {
      return "\(certificate.subject)"
    }
    let names = alternativeNames.compactMap { name -> String? in
      switch name {
      case .dnsName(let dnsName): return dnsName
      case .ipAddress(let bytes): return ipAddressText(Array(bytes.bytes))
      default: return nil
      }
    }
    return names.isEmpty ? "\(certificate.subject)" : names.joined(separator: ", ")
  }

  static func ipAddressText(_ bytes: [UInt8]) -> String {
    if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
    var groups: [String] = []
    var index = 0
    while index + 1 < bytes.count {
      groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
      index += 2
    }
    return groups.joined(separator: ":")
  }

  static func dateText(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }

  /// Policy failure texts can quote whole certificates; one line is enough here.
  static func shortened(_ text: String) -> String {
    let line = text.split(separator: "\n").first.map(String.init) ?? text
    return line.count > 200 ? String(line.prefix(200)) + "…" : line
  }
}

/// Accepts any chain, and declares the critical extensions a server certificate commonly carries
/// as understood, so that the ``Verifier`` lets ``ServerIdentityPolicy`` judge the name alone.
struct KnownCriticalExtensions: VerifierPolicy {
  let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
    .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage,
    .X509ExtensionID.extendedKeyUsage, .X509ExtensionID.nameConstraints,
  ]

  func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
    .meetsPolicy
  }
}
