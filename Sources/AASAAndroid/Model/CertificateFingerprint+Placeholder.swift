extension CertificateFingerprint {
  /// Whether `text` is a template's stand-in rather than a mistyped fingerprint:
  /// `SHA256_FINGERPRINT_PENDING`, `REPLACE_WITH_SHA256_FINGERPRINT`, `TODO: add the release
  /// key`, `<your fingerprint>`. A real fingerprint, however mangled, is mostly hex digits and
  /// separators; a placeholder is words.
  public static func isPlaceholder(_ text: String) -> Bool {
    let upper = text.uppercased()
    if upper.hasPrefix("TODO") || upper.hasPrefix("FIXME") || upper.hasPrefix("<")
      || upper.contains("${") || upper.contains("{{")
    {
      return true
    }
    let words = [
      "PENDING", "REPLACE", "PLACEHOLDER", "YOUR", "FINGERPRINT", "INSERT", "CHANGE", "EXAMPLE",
      "RELEASE", "DEBUG", "UPLOAD", "XX:XX",
    ]
    guard words.contains(where: { upper.contains($0) }) else { return false }
    // Past the `SHA256:` a pasted keytool line starts with, what is left is not mostly hex.
    let rest = upper.hasPrefix("SHA256:") ? upper.dropFirst(7) : Substring(upper)
    let hex = rest.unicodeScalars.filter { $0.properties.isASCIIHexDigit }.count
    return hex * 2 < rest.unicodeScalars.count || rest.contains("_")
  }
}
