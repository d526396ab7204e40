import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import AASAACME

/// When certificates are renewed and how long failing names wait; ARI's certificate identifier.
@Suite("ACME: renewal schedule")
struct RenewalScheduleTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func withoutARIAThirdOfTheLifetimeIsLeft() {
    let ninetyDays = start.addingTimeInterval(90 * 86_400)
    #expect(
      RenewalSchedule.renewalTime(notBefore: start, notAfter: ninetyDays)
        == start.addingTimeInterval(60 * 86_400))
    let sixDays = start.addingTimeInterval(160 * 3600)
    #expect(
      sixDays.timeIntervalSince(RenewalSchedule.renewalTime(notBefore: start, notAfter: sixDays))
        .rounded() == (160 * 3600 / 3.0).rounded())
    #expect(
      RenewalSchedule.emergencyTime(notBefore: start, notAfter: ninetyDays)
        == ninetyDays.addingTimeInterval(-90 * 86_400 / 20))
  }

  @Test func anARIWindowIsFollowedWithinItsBounds() {
    let end = start.addingTimeInterval(3600)
    let emergency = start.addingTimeInterval(10 * 86_400)
    let early = start.addingTimeInterval(-86_400)
    #expect(
      RenewalSchedule.renewalTime(
        windowStart: start, windowEnd: end, emergency: emergency, now: early, random: 0) == start)
    #expect(
      RenewalSchedule.renewalTime(
        windowStart: start, windowEnd: end, emergency: emergency, now: early, random: 0.5)
        == start.addingTimeInterval(1800))
    // A window in the past: now.
    let later = end.addingTimeInterval(60)
    #expect(
      RenewalSchedule.renewalTime(
        windowStart: start, windowEnd: end, emergency: emergency, now: later) == later)
    // The emergency time wins over a window after it.
    let tight = start.addingTimeInterval(600)
    #expect(
      RenewalSchedule.renewalTime(
        windowStart: start, windowEnd: end, emergency: tight, now: early, random: 0.9) == tight)
  }

  /// At most 3 attempts in the first hour (Let's Encrypt pauses at 5 failures per name and
  /// hour), and never more often than a day apart in the long run.
  @Test func backoffStaysUnderTheCAsLimits() {
    var elapsed = Duration.zero
    var attempts = 1
    var failures = 1
    while true {
      elapsed += RenewalSchedule.backoff(afterFailures: failures)
      guard elapsed < .seconds(3600) else { break }
      attempts += 1
      failures += 1
    }
    #expect(attempts <= 4)
    #expect(RenewalSchedule.backoff(afterFailures: 100) == .seconds(86_400))
    #expect(RenewalSchedule.backoff(afterFailures: 0) == .seconds(120))
  }

  /// RFC 9773 §4.1's worked example: keyIdentifier 69:88:5B:6B:87:46:40:41:E1:B3:7B:84:7B:A0:AE:
  /// 2C:DE:01:C8:D4 and serial 00:87:65:43:21 give `aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE`.
  @Test func theCertificateIDIsRFC9773s() throws {
    let key = P256.Signing.PrivateKey()
    let name = try DistinguishedName { CommonName("ari.example.test") }
    let keyIdentifier: [UInt8] = [
      0x69, 0x88, 0x5B, 0x6B, 0x87, 0x46, 0x40, 0x41, 0xE1, 0xB3, 0x7B, 0x84, 0x7B, 0xA0, 0xAE,
      0x2C, 0xDE, 0x01, 0xC8, 0xD4,
    ]
    let certificate = try Certificate(
      version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x00, 0x87, 0x65, 0x43, 0x21]),
      publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: start,
      notValidAfter: start.addingTimeInterval(86_400), issuer: name, subject: name,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        AuthorityKeyIdentifier(keyIdentifier: keyIdentifier[...])
      },
      issuerPrivateKey: Certificate.PrivateKey(key))
    #expect(ACMEClient.certificateID(of: certificate) == "aYhba4dGQEHhs3uEe6CuLN4ByNQ.AIdlQyE")
  }

  @Test func manageableNames() {
    #expect(ACMEManager.manageable("Links.Example.COM") == "links.example.com")
    for name in ["localhost", "_default", "127.0.0.1", "a..b", "a b.example", "*.example.com", ""] {
      #expect(ACMEManager.manageable(name) == nil, "\(name)")
    }
  }
}
