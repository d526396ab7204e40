/// The question `--grants PACKAGE:FINGERPRINT` asks: an app, by package name and the SHA-256
/// fingerprint of its signing certificate.
public struct GrantQuery: Hashable, Sendable {
  public var packageName: String
  public var fingerprint: CertificateFingerprint

  public init(packageName: String, fingerprint: CertificateFingerprint) {
    self.packageName = packageName
    self.fingerprint = fingerprint
  }

  /// Why a `PACKAGE:FINGERPRINT` argument could not be read.
  public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingSeparator(String)
    case invalidPackageName(String, problem: String)
    case invalidFingerprint(String)
    case notSHA256(String, byteCount: Int)

    public var description: String {
      let example = "com.example.app:14:6D:E9:…:44:E5"
      switch self {
      case .missingSeparator(let argument):
        return "\"\(argument)\" is not PACKAGE:FINGERPRINT; write it as \(example)"
      case .invalidPackageName(let name, let problem):
        return "the package name \"\(name)\" \(problem); write PACKAGE:FINGERPRINT, e.g. \(example)"
      case .invalidFingerprint(let text):
        return "\"\(text)\" is not a fingerprint; write 32 hex pairs joined by `:`, e.g. \(example)"
      case .notSHA256(_, let count) where count == CertificateFingerprint.sha1ByteCount:
        return
          "the fingerprint has 20 bytes, so it is a SHA-1; give the certificate's SHA-256 (32 bytes)"
      case .notSHA256(_, let count):
        return "the fingerprint has \(count) bytes; a SHA-256 fingerprint has 32"
      }
    }
  }

  /// Reads `com.example.app:14:6D:…`, splitting at the first `:` (package names have none).
  /// The fingerprint may be in either case, with or without colons, but must be 32 bytes.
  public static func parse(_ argument: String) throws(ParseError) -> GrantQuery {
    guard let colon = argument.firstIndex(of: ":") else {
      throw .missingSeparator(argument)
    }
    let packageName = String(argument[..<colon])
    let fingerprintText = String(argument[argument.index(after: colon)...])
    if let problem = AndroidPackageName.problem(with: packageName) {
      throw .invalidPackageName(packageName, problem: problem)
    }
    guard let fingerprint = CertificateFingerprint(fingerprintText) else {
      throw .invalidFingerprint(fingerprintText)
    }
    guard fingerprint.isSHA256 else {
      throw .notSHA256(fingerprintText, byteCount: fingerprint.bytes.count)
    }
    return GrantQuery(packageName: packageName, fingerprint: fingerprint)
  }
}
