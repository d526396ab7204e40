import AASACore

extension StringProtocol {
  /// Without the spaces and tabs HTTP allows around a header's values (RFC 9110's OWS).
  func trimmingSpaces() -> String {
    String(trimming(while: { $0 == " " || $0 == "\t" }))
  }
}
