/// Why a file named as a signing certificate could not be read; said in words for the command
/// line.
public struct CertificateFileError: Error, CustomStringConvertible, Sendable {
  public var description: String
  /// The file may be a PKCS#12 keystore and no password was given: the caller says how to give
  /// one (the command line names its flag; the library names none).
  public var passwordMissing = false
  public init(_ description: String, passwordMissing: Bool = false) {
    self.description = description
    self.passwordMissing = passwordMissing
  }
}
