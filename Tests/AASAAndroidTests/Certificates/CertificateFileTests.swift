import AASAAndroidSigning
import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

/// A certificate (``TestCertificate``) and the keystores and signed APK made from it at test time
/// with openssl, keytool, jar and jarsigner (the JDK's): each yields the fingerprint openssl
/// computes for the certificate.
@Suite(.serialized) struct CertificateFileTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate
  /// openssl's own SHA-256 of the test certificate, `AB:CD:…`.
  let expected: String

  init() async throws {
    directory = try TemporaryDirectory(label: "certificates")
    certificate = try TestCertificate.selfSigned(
      in: directory, name: "cert", commonName: "Test Upload Key", alternativeNames: [], days: 2,
      keyType: .rsa)
    let fingerprint = try await Self.succeed(
      ExecutableLookup.require("openssl"),
      ["x509", "-in", certificate.certificatePath, "-noout", "-fingerprint", "-sha256"])
    expected = String(fingerprint.split(separator: "=").last ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @discardableResult
  static func succeed(_ tool: String, _ arguments: [String]) async throws -> String {
    let result = try await ChildProcess.run(tool, arguments, timeout: .seconds(120))
    guard result.status == 0 else {
      throw ChildProcess.Failure(description: "\(tool) \(arguments): \(result.stderr)")
    }
    return result.stdout
  }

  func read(_ path: String, password: String? = nil) throws -> [SigningCertificate] {
    try CertificateFile.certificates(
      in: Array(try Data(contentsOf: URL(fileURLWithPath: path))), password: password)
  }

  @Test func pemAndDERGiveOpenSSLsFingerprint() async throws {
    #expect(expected.count == 95)
    // The fingerprint other suites take from the test certificate is openssl's.
    #expect(try certificate.sha256Fingerprint == expected)
    let pem = try read(certificate.certificatePath)
    #expect(pem.map(\.fingerprint.canonicalText) == [expected])
    #expect(pem.first?.subject.contains("Test Upload Key") == true)
    let der = try directory.write("cert.der", try certificate.derBytes)
    #expect(try read(der).map(\.fingerprint.canonicalText) == [expected])
  }

  @Test func pkcs12NeedsItsPassword() async throws {
    try await Self.succeed(
      ExecutableLookup.require("openssl"),
      [
        "pkcs12", "-export", "-in", certificate.certificatePath, "-inkey", certificate.keyPath,
        "-out", directory.file("key.p12"), "-passout", "pass:secret-pw", "-name", "upload",
      ])
    let found = try read(directory.file("key.p12"), password: "secret-pw")
    #expect(found.map(\.fingerprint.canonicalText) == [expected])
    #expect(throws: CertificateFileError.self) { try read(directory.file("key.p12")) }
  }

  /// A JKS keystore made by keytool, and the APK jarsigner signs with it.
  func makeKeyStore() async throws -> (path: String, fingerprint: String) {
    let keytool = try ExecutableLookup.require("keytool")
    let path = directory.file("upload.jks")
    try await Self.succeed(
      keytool,
      [
        "-genkeypair", "-keystore", path, "-storetype", "JKS", "-storepass", "secret-pw",
        "-keypass", "secret-pw", "-alias", "upload", "-dname", "CN=JKS Upload", "-keyalg", "RSA",
        "-keysize", "2048", "-validity", "2",
      ])
    let listing = try await Self.succeed(
      keytool, ["-list", "-v", "-keystore", path, "-storepass", "secret-pw"])
    let line = try #require(listing.split(separator: "\n").first { $0.contains("SHA256:") })
    let fingerprint = String(line.split(separator: " ").last ?? "")
    _ = try directory.write("keytool.txt", listing)
    return (path, fingerprint)
  }

  /// keytool, jar and jarsigner come with a JDK (`.ci/setup` installs one).
  static let hasJDK = ["keytool", "jar", "jarsigner"].allSatisfy {
    ExecutableLookup.path(of: $0) != nil
  }

  @Test(.enabled(if: hasJDK, "needs a JDK's keytool, jar and jarsigner"))
  func jksAndPastedKeytoolOutputGiveKeytoolsFingerprint() async throws {
    let (path, fingerprint) = try await makeKeyStore()
    let found = try read(path)
    #expect(found.map(\.fingerprint.canonicalText) == [fingerprint])
    #expect(found.first?.origin == "keystore entry \"upload\"")
    let pasted = try read(directory.file("keytool.txt"))
    #expect(pasted.map(\.fingerprint.canonicalText) == [fingerprint])
    #expect(pasted.first?.origin == "keytool entry \"upload\"")
  }

  @Test(.enabled(if: hasJDK, "needs a JDK's keytool, jar and jarsigner"))
  func aV1SignedAPKGivesItsSignersFingerprint() async throws {
    let (keystore, fingerprint) = try await makeKeyStore()
    let jar = try ExecutableLookup.require("jar")
    let jarsigner = try ExecutableLookup.require("jarsigner")
    _ = try directory.write("apk/AndroidManifest.xml", "<manifest/>")
    let apk = directory.file("app.apk")
    try await Self.succeed(jar, ["cf", apk, "-C", directory.file("apk"), "AndroidManifest.xml"])
    try await Self.succeed(
      jarsigner, ["-keystore", keystore, "-storepass", "secret-pw", apk, "upload"])
    let found = try read(apk)
    #expect(found.map(\.fingerprint.canonicalText) == [fingerprint])
    #expect(found.first?.origin.hasPrefix("v1 (JAR) signature META-INF/UPLOAD.") == true)
  }

  @Test func pastedApksignerOutputIsRead() throws {
    let hex = expected.replacingOccurrences(of: ":", with: "").lowercased()
    let text = """
      Signer #1 certificate DN: CN=Test Upload Key
      Signer #1 certificate SHA-256 digest: \(hex)
      Signer #1 certificate SHA-1 digest: 0123456789abcdef0123456789abcdef01234567
      """
    let found = try CertificateFile.certificates(in: Array(text.utf8))
    #expect(found.map(\.fingerprint.canonicalText) == [expected])
    #expect(found.first?.subject == "CN=Test Upload Key")
  }

  @Test func somethingElseIsAnError() {
    #expect(throws: CertificateFileError.self) {
      try CertificateFile.certificates(in: Array("hello".utf8))
    }
    #expect(throws: CertificateFileError.self) {
      try CertificateFile.certificates(in: [0xFE, 0xED, 0xFE, 0xED, 0, 0, 0, 2, 0xFF, 0xFF])
    }
  }
}

@Suite struct APKSigningBlockTests {
  /// A minimal archive whose Signing Block holds one v2 signer with `certificate`.
  static func apk(certificate: [UInt8]) -> [UInt8] {
    func u32(_ value: Int) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func u64(_ value: Int) -> [UInt8] {
      (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func prefixed(_ bytes: [UInt8]) -> [UInt8] { u32(bytes.count) + bytes }
    let certificates = prefixed(prefixed(certificate))
    let signedData = prefixed([]) + certificates + prefixed([])
    let signer = prefixed(signedData) + prefixed([]) + prefixed([])
    let value = prefixed(prefixed(signer))
    let pair = u64(4 + value.count) + u32(0x7109_871a) + value
    let size = pair.count + 8 + 16
    let block = u64(size) + pair + u64(size) + Array("APK Sig Block 42".utf8)
    let entries: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 26)
    let directoryOffset = entries.count + block.count
    let end: [UInt8] =
      [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 12) + u32(directoryOffset) + [0, 0]
    return entries + block + end
  }

  @Test func aV2SignerIsRead() throws {
    let certificate = Array("not really DER".utf8)
    let found = try CertificateFile.certificates(in: Self.apk(certificate: certificate))
    #expect(found.count == 1)
    #expect(found.first?.origin == "APK Signature Scheme v2 signer 1")
    #expect(
      found.first?.fingerprint == SigningCertificate(der: certificate, origin: "").fingerprint)
  }

  @Test func everyTruncationFailsCleanly() {
    let whole = Self.apk(certificate: Array(repeating: 0x30, count: 40))
    for length in stride(from: 0, to: whole.count, by: 3) {
      _ = try? CertificateFile.certificates(in: Array(whole.prefix(length)))
    }
    var corrupted = whole
    for index in stride(from: 30, to: whole.count - 22, by: 5) {
      corrupted[index] = 0xFF
      _ = try? CertificateFile.certificates(in: corrupted)
    }
  }
}
