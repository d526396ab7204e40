/// The fingerprint of an app's signing certificate, as `sha256_cert_fingerprints` lists it.
///
/// Google wants the SHA-256 digest of the certificate written as 32 uppercase hex pairs joined by
/// `:` (`14:6D:E9:…:44:E5`), which is exactly what `keytool -list -v` and the Play Console print.
/// People paste other things: lowercase, no colons, the SHA-1 line of the same `keytool` output.
/// This type reads all of those leniently, so the tool can both say what is wrong with the text
/// and still compare the bytes, and ``CertificateFingerprint/problems(in:)`` names each deviation.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// The digest bytes. 32 for a SHA-256 fingerprint; anything else is reported.
  public let bytes: [UInt8]

  /// How many bytes a SHA-256 digest has.
  public static let sha256ByteCount = 32
  /// How many bytes a SHA-1 digest has: the length of the fingerprint people paste by mistake.
  public static let sha1ByteCount = 20

  /// Reads hex pairs joined by `:`, or a plain run of hex digits, in either case.
  /// Returns nil for anything that is not hex bytes at all.
  public init?(_ text: String) {
    let pairs: [Substring]
    if text.contains(":") {
      pairs = text.split(separator: ":", omittingEmptySubsequences: false)
      guard pairs.allSatisfy({ $0.count == 2 }) else { return nil }
    } else {
      guard !text.isEmpty, text.count.isMultiple(of: 2) else { return nil }
      var remaining = Substring(text)
      var collected: [Substring] = []
      while !remaining.isEmpty {
        collected.append(remaining.prefix(2))
        remaining = remaining.dropFirst(2)
      }
      pairs = collected
    }
    var bytes: [UInt8] = []
    for pair in pairs {
      guard pair.allSatisfy(\.isHexDigit), pair.allSatisfy(\.isASCII),
        let byte = UInt8(pair, radix: 16)
      else { return nil }
      bytes.append(byte)
    }
    self.bytes = bytes
  }

  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The form Google expects: uppercase hex pairs joined by `:`.
  public var canonicalText: String {
    bytes.map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      return hex.count == 1 ? "0" + hex : hex
    }.joined(separator: ":")
  }

  public var description: String { canonicalText }

  /// Whether it has the length of a SHA-256 digest.
  public var isSHA256: Bool { bytes.count == Self.sha256ByteCount }

  /// One way a written fingerprint differs from the form Google accepts.
  public enum Problem: Hashable, Sendable {
    /// Not hex pairs at all (stray characters, odd digits, a `SHA256:` prefix).
    case notHex
    /// Hex, but of a length no SHA-256 digest has.
    case wrongLength(bytes: Int)
    /// 20 bytes: the certificate's SHA-1 fingerprint.
    case sha1
    /// The hex digits are not separated by `:`.
    case missingColons
    /// Some hex letters are lowercase.
    case lowercase
  }

  /// Everything wrong with `text` as a `sha256_cert_fingerprints` entry; empty when it is right.
  public static func problems(in text: String) -> [Problem] {
    guard let fingerprint = CertificateFingerprint(text) else { return [.notHex] }
    var problems: [Problem] = []
    switch fingerprint.bytes.count {
    case sha256ByteCount: break
    case sha1ByteCount: problems.append(.sha1)
    case let count: problems.append(.wrongLength(bytes: count))
    }
    // A single byte has nothing to separate, so it cannot be missing colons.
    if !text.contains(":"), fingerprint.bytes.count > 1 { problems.append(.missingColons) }
    if text.contains(where: { ("a"..."f").contains($0) }) { problems.append(.lowercase) }
    return problems
  }
}
