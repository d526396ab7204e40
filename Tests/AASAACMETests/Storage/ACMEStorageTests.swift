import Crypto
import Foundation
import TestSupport
import Testing
import X509

@testable import AASAACME
@testable import AASAServer

@Suite("ACME: storage")
struct ACMEStorageTests {
  static func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  /// Files other than the ones written: a temporary file left behind would be one.
  static func entries(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  /// A certificate for `name` with its key, as a CA would issue it (self-signed here).
  static func issued(for name: String) throws -> IssuedCertificate {
    let key = P256.Signing.PrivateKey()
    let subject = try DistinguishedName { CommonName(name) }
    let now = Date()
    let certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(key.publicKey),
      notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400),
      issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames([.dnsName(name)])
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    return IssuedCertificate(
      chainPEM: try certificate.serializeAsPEM().pemString, privateKeyPEM: key.pemRepresentation,
      certificates: [certificate], orderURL: "https://ca.example.test/order/1",
      challengesAnswered: 1)
  }

  @Test func anAccountIsKeptPerCAWithItsKeyReadableByTheOwnerOnly() throws {
    let folder = try TemporaryDirectory(label: "acme-storage")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let directoryURL = "https://127.0.0.1:14000/dir"
    #expect(try storage.loadAccount(directoryURL: directoryURL) == nil)
    let account = ACMEAccount(
      url: "https://127.0.0.1:14000/my-account/1", key: AccountKey(), status: "valid",
      created: true)
    try storage.saveAccount(account, directoryURL: directoryURL)
    let loaded = try #require(try storage.loadAccount(directoryURL: directoryURL))
    #expect(loaded.url == account.url)
    #expect(loaded.key.thumbprint == account.key.thumbprint)
    let accountFolder = folder.file("acme/accounts/127.0.0.1_14000")
    #expect(try Self.entries(accountFolder) == ["account.json", "account.key"])
    #expect(try Self.permissions(accountFolder + "/account.key") == 0o600)
    for path in ["acme", "acme/accounts", "acme/accounts/127.0.0.1_14000"] {
      #expect(try Self.permissions(folder.file(path)) == 0o700, "\(path)")
    }
    // Another CA has an account of its own.
    #expect(try storage.loadAccount(directoryURL: "https://acme.example.test/directory") == nil)
    // A new key replaces the old one in place.
    let replaced = ACMEAccount(
      url: "https://127.0.0.1:14000/my-account/2", key: AccountKey(), status: "valid",
      created: true)
    try storage.saveAccount(replaced, directoryURL: directoryURL)
    let again = try #require(try storage.loadAccount(directoryURL: directoryURL))
    #expect(again.key.thumbprint == replaced.key.thumbprint)
    #expect(try Self.entries(accountFolder) == ["account.json", "account.key"])
  }

  /// What is written is what `--tls-dir` reads: aasa-serve's own folder scan and loader accept
  /// it, and a renewal replaces both files with nothing left beside them.
  @Test func certificatesAreInTheLayoutTheTLSFolderLoaderReads() throws {
    let folder = try TemporaryDirectory(label: "acme-storage")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let first = try Self.issued(for: "shop.example.test")
    let paths = try storage.saveCertificate(first, name: "shop.example.test")
    #expect(paths.chain == storage.certificatesDirectory + "/shop.example.test.crt")
    #expect(try Self.permissions(paths.key) == 0o600)
    #expect(try Self.permissions(storage.certificatesDirectory) == 0o700)
    #expect(try String(contentsOfFile: paths.chain, encoding: .utf8) == first.chainPEM)

    func loadedSerial() throws -> Certificate.SerialNumber {
      let found = CertificateFolder(directory: storage.certificatesDirectory).scan()
      #expect(Array(found.keys) == ["shop.example.test"])
      let pair = try #require(found["shop.example.test"]).pair
      let loaded = try CertificateLoader.load(pair, allowUntrusted: true)
      #expect(loaded.entry.dnsNames == ["shop.example.test"])
      let chain = try Certificate(
        pemEncoded: try String(contentsOfFile: pair.chain, encoding: .utf8))
      return chain.serialNumber
    }
    #expect(try loadedSerial() == first.leaf.serialNumber)

    let renewed = try Self.issued(for: "shop.example.test")
    try storage.saveCertificate(renewed, name: "shop.example.test")
    #expect(try loadedSerial() == renewed.leaf.serialNumber)
    #expect(
      try Self.entries(storage.certificatesDirectory) == [
        "shop.example.test.crt", "shop.example.test.key",
      ])
  }

  @Test func namesThatAreNotSafeFileNamesAreRefused() throws {
    let folder = try TemporaryDirectory(label: "acme-storage")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let issued = try Self.issued(for: "shop.example.test")
    for name in ["", "../shop", "a/b", ".hidden", "Shop.example.test", "a..b", "a b"] {
      #expect(throws: ACMEStorage.Failure.self, "\(name)") {
        try storage.saveCertificate(issued, name: name)
      }
    }
    #expect(!FileManager.default.fileExists(atPath: storage.certificatesDirectory))
  }
}
