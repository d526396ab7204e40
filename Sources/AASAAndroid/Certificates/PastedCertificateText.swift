/// Reads fingerprints out of text pasted from `keytool -list -v` (`SHA256: 14:6D:…`) or
/// `apksigner verify --print-certs` (`Signer #1 certificate SHA-256 digest: 146de9…`), with the
/// owner or DN each belongs to.
public enum PastedCertificateText {
  public static func looksLikePaste(_ text: String) -> Bool {
    text.contains("SHA256:") || text.contains("SHA-256 digest:")
  }

  public static func certificates(in text: String) -> [PastedCertificate] {
    var found: [PastedCertificate] = []
    var alias: String?
    var owner: String?
    var signerDN: [String: String] = [:]
    var lineCount = 0
    for rawLine in text.split(whereSeparator: \.isNewline) {
      lineCount += 1
      guard lineCount <= 100_000 else { break }
      let line = rawLine.trimmed(of: " \t")
      if let value = line.value(after: "Alias name:") {
        alias = value
      } else if let value = line.value(after: "Owner:") {
        owner = value
      } else if let value = line.value(after: "SHA256:"),
        let fingerprint = CertificateFingerprint(value), fingerprint.isSHA256
      {
        let origin = alias.map { "keytool entry \"\($0)\"" } ?? "keytool output"
        found.append(
          PastedCertificate(subject: owner ?? "?", fingerprint: fingerprint, origin: origin))
      } else if line.hasPrefix("Signer #"), let colon = line.firstIndex(of: ":") {
        let label = line[..<colon]
        let value = line[line.index(after: colon)...].trimmed(of: " \t")
        let signer = label.split(separator: " ").prefix(2).joined(separator: " ")
        if label.hasSuffix("certificate DN") {
          signerDN[signer] = value
        } else if label.hasSuffix("certificate SHA-256 digest"),
          let fingerprint = CertificateFingerprint(value), fingerprint.isSHA256
        {
          found.append(
            PastedCertificate(
              subject: signerDN[signer] ?? "?", fingerprint: fingerprint,
              origin: "apksigner \(signer)"))
        }
      }
    }
    return found
  }
}

extension String {
  fileprivate func trimmed(of characters: String) -> String {
    let set = Set(characters)
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }

  fileprivate func value(after label: String) -> String? {
    guard hasPrefix(label) else { return nil }
    return String(dropFirst(label.count)).trimmed(of: " \t")
  }
}

extension Substring {
  fileprivate func trimmed(of characters: String) -> String {
    String(self).trimmed(of: characters)
  }
}
