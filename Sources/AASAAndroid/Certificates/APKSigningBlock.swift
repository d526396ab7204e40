/// Reads the signers' certificates from an APK's Signing Block (APK Signature Scheme v2, v3 and
/// v3.1), which sits just before the ZIP central directory:
///
/// ```
/// … entries … | APK Signing Block | central directory | end of central directory
/// block: size (UInt64) | pairs: (length UInt64, id UInt32, value)… | size (UInt64) | "APK Sig Block 42"
/// v2/v3 value: signers: [signer: [signed data: [digests] [certificates: [cert]…] …] …] …
/// ```
/// Every sequence is a little-endian `UInt32` length followed by its bytes; every read is
/// bounded by what is left (``ByteCursor``).
public enum APKSigningBlock {
  static let magic = Array("APK Sig Block 42".utf8)
  static let schemes: [(id: UInt64, name: String)] = [
    (0x7109_871a, "APK Signature Scheme v2"), (0xf053_68c0, "APK Signature Scheme v3"),
    (0x1b93_ad61, "APK Signature Scheme v3.1"),
  ]
  static let maximumSigners = 100
  static let maximumCertificates = 100

  /// The certificates of every signer of every scheme present, or [] when the APK has no
  /// Signing Block (a v1-only APK).
  public static func certificates(in bytes: [UInt8]) throws(CertificateFileError)
    -> [CertificateEntry]
  {
    do {
      guard let block = try signingBlock(bytes) else { return [] }
      var reader = ByteCursor(block)
      var found: [CertificateEntry] = []
      while !reader.isAtEnd {
        let length = try reader.littleEndian(8)
        guard length >= 4, length <= UInt64(reader.remaining) else { throw ByteCursor.Truncated() }
        var pair = ByteCursor(try reader.take(Int(length)))
        let id = try pair.littleEndian(4)
        guard let scheme = schemes.first(where: { $0.id == id }) else { continue }
        found += try signers(pair.take(pair.remaining), scheme: scheme.name)
      }
      return found
    } catch let error as CertificateFileError {
      throw error
    } catch {
      throw CertificateFileError("the APK Signing Block is truncated or malformed")
    }
  }

  private static func signers(_ value: ArraySlice<UInt8>, scheme: String) throws
    -> [CertificateEntry]
  {
    var outer = ByteCursor(value)
    var signerList = ByteCursor(try outer.lengthPrefixed())
    var found: [CertificateEntry] = []
    var signerNumber = 0
    while !signerList.isAtEnd {
      signerNumber += 1
      guard signerNumber <= maximumSigners else { break }
      var signer = ByteCursor(try signerList.lengthPrefixed())
      var signedData = ByteCursor(try signer.lengthPrefixed())
      _ = try signedData.lengthPrefixed()  // digests
      var certificates = ByteCursor(try signedData.lengthPrefixed())
      var certificateNumber = 0
      while !certificates.isAtEnd, certificateNumber < maximumCertificates {
        certificateNumber += 1
        let der = Array(try certificates.lengthPrefixed())
        let role = certificateNumber == 1 ? "" : " (certificate \(certificateNumber))"
        found.append(
          CertificateEntry(der: der, origin: "\(scheme) signer \(signerNumber)\(role)"))
      }
    }
    return found
  }

  /// The pairs of the Signing Block, or nil when there is none.
  private static func signingBlock(_ bytes: [UInt8]) throws -> ArraySlice<UInt8>? {
    guard let endRecord = endOfCentralDirectory(bytes) else {
      throw CertificateFileError("the APK is not a ZIP archive (no end of central directory)")
    }
    var record = ByteCursor(bytes[(endRecord + 16)...])
    let directoryOffset = Int(try record.littleEndian(4))
    guard directoryOffset >= 24 + magic.count, directoryOffset <= endRecord else { return nil }
    guard bytes[(directoryOffset - 16)..<directoryOffset].elementsEqual(magic) else { return nil }
    var footer = ByteCursor(bytes[(directoryOffset - 24)..<(directoryOffset - 16)])
    let size = try footer.littleEndian(8)
    // The size counts everything after the leading size field: the pairs, the size and magic.
    guard size >= 24, size <= UInt64(directoryOffset - 8) else { throw ByteCursor.Truncated() }
    let start = directoryOffset - Int(size) - 8
    var header = ByteCursor(bytes[start..<(start + 8)])
    guard try header.littleEndian(8) == size else {
      throw CertificateFileError("the APK Signing Block's two sizes differ")
    }
    return bytes[(start + 8)..<(directoryOffset - 24)]
  }

  /// The offset of the end-of-central-directory record: its signature, searched backwards
  /// over at most the 64 KiB a ZIP comment can take.
  static func endOfCentralDirectory(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    let lowest = max(0, bytes.count - 22 - 0xFFFF)
    var index = bytes.count - 22
    while index >= lowest {
      if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 0x05,
        bytes[index + 3] == 0x06
      {
        return index
      }
      index -= 1
    }
    return nil
  }
}
