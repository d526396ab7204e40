import Crypto
import Foundation
import NIOPosix
import TestSupport
import Testing
import X509

/// Debian's Pebble (`pebble`, with `pebble-challtestsrv` as its DNS), started by a test on
/// 127.0.0.1 only: its HTTPS certificate made here, its ports free ones, every name it looks up
/// answered with 127.0.0.1 (and no AAAA record, or it would dial ::1). It validates challenges
/// on `httpPort` and `tlsPort` of 127.0.0.1, where the test's responders listen.
final class PebbleCA: Sendable {
  static let pebble = ExecutableLookup.path(of: "pebble")
  static let challengeTestServer = ExecutableLookup.path(of: "pebble-challtestsrv")
  /// `.ci/setup` installs them on Debian and Ubuntu only: a Mac without both skips. Linux CI
  /// must have them: there the tests run, and fail without them.
  static let runs: Bool = {
    if pebble != nil && challengeTestServer != nil { return true }
    #if os(Linux)
      return System.environmentVariable("CI") != nil
    #else
      return false
    #endif
  }()
  static let skipReason: Comment =
    "pebble and pebble-challtestsrv are not installed (Debian's pebble package; .ci/setup)"

  /// Refused by the CA's policy: the name of the "CA problem" case.
  static let blockedName = "blocked.example.test"

  let folder: TemporaryDirectory
  let server: SpawnedProcess
  let dns: SpawnedProcess
  let directoryURL: String
  /// The root of Pebble's HTTPS certificate, for ``ACMEClient/Configuration/trustRootFile``.
  let trustRootFile: String
  /// Pebble's management API (`/roots/0`: the root it issues under).
  let managementPort: Int

  private init(
    folder: TemporaryDirectory, server: SpawnedProcess, dns: SpawnedProcess, directoryURL: String,
    trustRootFile: String, managementPort: Int
  ) {
    self.managementPort = managementPort
    self.folder = folder
    self.server = server
    self.dns = dns
    self.directoryURL = directoryURL
    self.trustRootFile = trustRootFile
  }

  /// Starts challtestsrv and Pebble, validating on `httpPort` and `tlsPort`; `nonceReject` is
  /// the percentage of good nonces Pebble refuses with `badNonce`. Every authorization is reused
  /// once valid (`PEBBLE_AUTHZREUSE=100`).
  /// With `externalAccountKeys` (key identifier → base64url MAC key), every new account must
  /// carry an external account binding with one of them.
  /// `validity` is the issued certificates' lifetime in seconds (Pebble's default: about five
  /// years).
  static func start(
    httpPort: Int, tlsPort: Int, nonceReject: Int = 0, externalAccountKeys: [String: String]? = nil,
    validity: Int? = nil
  ) async throws -> PebbleCA {
    // Its ports are found free and then given to Pebble, and another test may bind one in
    // between: a start that lost a port is tried again with new ones.
    for attempt in 1... {
      do {
        return try await startOnce(
          httpPort: httpPort, tlsPort: tlsPort, nonceReject: nonceReject,
          externalAccountKeys: externalAccountKeys, validity: validity)
      } catch let failure as PebbleFailure where failure.lostAPort && attempt < 3 {
        continue
      }
    }
    preconditionFailure("unreachable: the last attempt returns or throws")
  }

  private static func startOnce(
    httpPort: Int, tlsPort: Int, nonceReject: Int, externalAccountKeys: [String: String]?,
    validity: Int?
  ) async throws -> PebbleCA {
    let pebble = try #require(Self.pebble, "pebble must be installed in CI (.ci/setup)")
    let testServer = try #require(
      Self.challengeTestServer, "pebble-challtestsrv must be installed in CI (.ci/setup)")
    let folder = try TemporaryDirectory(label: "pebble")
    let (root, leaf, leafKey) = try makeHTTPSCertificate()
    let rootFile = try folder.write("root.pem", root)
    try folder.write("cert.pem", leaf)
    try folder.write("key.pem", leafKey)

    let dnsPort = try await LoopbackPorts.free(udpToo: true)
    let dnsManagement = try await LoopbackPorts.free()
    let dns = try SpawnedProcess(
      testServer,
      [
        "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "", "-dns01", "127.0.0.1:\(dnsPort)",
        "-http01", "", "-https01", "", "-tlsalpn01", "", "-management",
        "127.0.0.1:\(dnsManagement)",
      ], stdout: .file(folder.file("challtestsrv.out")),
      stderr: .file(folder.file("challtestsrv.err")))

    let listen = try await LoopbackPorts.free()
    let management = try await LoopbackPorts.free()
    var settings: [String: Any] = [
      "listenAddress": "127.0.0.1:\(listen)",
      "managementListenAddress": "127.0.0.1:\(management)",
      "certificate": folder.file("cert.pem"), "privateKey": folder.file("key.pem"),
      "httpPort": httpPort, "tlsPort": tlsPort, "ocspResponderURL": "",
      "externalAccountBindingRequired": externalAccountKeys != nil,
      "externalAccountMACKeys": externalAccountKeys ?? [:], "domainBlocklist": [blockedName],
    ]
    if let validity { settings["certificateValidityPeriod"] = validity }
    let configuration: [String: Any] = ["pebble": settings]
    try folder.write("pebble.json", try JSONSerialization.data(withJSONObject: configuration))
    let server = try SpawnedProcess(
      pebble, ["-config", folder.file("pebble.json"), "-dnsserver", "127.0.0.1:\(dnsPort)"],
      stdout: .file(folder.file("pebble.out")), stderr: .file(folder.file("pebble.err")),
      environment: [
        "PEBBLE_VA_NOSLEEP": "1", "PEBBLE_WFE_NONCEREJECT": "\(nonceReject)",
        "PEBBLE_AUTHZREUSE": "100",
      ])
    let ca = PebbleCA(
      folder: folder, server: server, dns: dns,
      directoryURL: "https://127.0.0.1:\(listen)/dir", trustRootFile: rootFile,
      managementPort: management)
    do {
      try await ca.waitUntilListening(on: [listen, management, dnsManagement])
    } catch {
      await ca.stop()
      throw error
    }
    return ca
  }

  /// The root Pebble issues under, written to a file, for clients that verify what it issued.
  func issuingRootFile() async throws -> String {
    let curl = try ExecutableLookup.require("curl")
    let result = try await ChildProcess.run(
      curl,
      [
        "-sS", "--max-time", "10", "--cacert", trustRootFile,
        "https://127.0.0.1:\(managementPort)/roots/0",
      ])
    #expect(result.status == 0, "Pebble's root: \(result.stderr)")
    return try folder.write("issuing-root.pem", result.stdout)
  }

  /// Both programs stopped.
  func stop() async {
    await server.stop()
    await dns.stop()
  }

  /// What Pebble wrote, for failure messages.
  var log: String {
    ["pebble.out", "pebble.err", "challtestsrv.out", "challtestsrv.err"].map {
      (try? String(contentsOfFile: folder.file($0), encoding: .utf8)) ?? ""
    }.joined(separator: "\n")
  }

  private func waitUntilListening(on ports: [Int]) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    for port in ports {
      while true {
        if let descriptor = try? System.connectToLoopback(port: port) {
          System.close(descriptor)
          break
        }
        guard server.isRunning, dns.isRunning, ContinuousClock.now < deadline else {
          throw PebbleFailure(description: "pebble did not start:\n\(log)")
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  struct PebbleFailure: Error, CustomStringConvertible {
    var description: String
    /// A port found free was taken by someone else before Pebble or its DNS server bound it.
    var lostAPort: Bool { description.contains("address already in use") }
  }

  /// A root and a leaf for 127.0.0.1 signed by it, as minica makes for Pebble.
  static func makeHTTPSCertificate() throws -> (
    root: String, leaf: String, leafKey: String
  ) {
    let rootKey = P256.Signing.PrivateKey()
    let rootName = try DistinguishedName { CommonName("aasa test Pebble root") }
    let now = Date()
    let root = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(rootKey.publicKey),
      notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400),
      issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true))
      },
      issuerPrivateKey: Certificate.PrivateKey(rootKey))
    let leafKey = P256.Signing.PrivateKey()
    let leaf = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(),
      publicKey: Certificate.PublicKey(leafKey.publicKey),
      notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400),
      issuer: rootName, subject: try DistinguishedName { CommonName("127.0.0.1") },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames([.ipAddress(.init(contentBytes: [127, 0, 0, 1]))])
      },
      issuerPrivateKey: Certificate.PrivateKey(rootKey))
    return (
      try root.serializeAsPEM().pemString, try leaf.serializeAsPEM().pemString,
      leafKey.pemRepresentation
    )
  }
}
