/// Why a file named as a signing certificate could not be read; said in words for the command
/// line.
public struct CertificateFileError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
