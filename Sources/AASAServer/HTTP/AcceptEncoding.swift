/// Reads `Accept-Encoding` for the one coding the server offers.
public enum AcceptEncoding {
  /// Whether the client accepts gzip: listed (or covered by `*`) with a non-zero quality.
  public static func acceptsGzip(_ values: [String]) -> Bool {
    var gzipQuality: Double?
    var wildcardQuality: Double?
    for value in values {
      for item in value.split(separator: ",") {
        let parts = item.split(separator: ";")
        guard let name = parts.first?.trimmingSpaces() else { continue }
        var quality = 1.0
        for parameter in parts.dropFirst() {
          let pair = parameter.split(separator: "=", maxSplits: 1)
          if pair.count == 2, pair[0].trimmingSpaces().lowercased() == "q" {
            quality = Double(pair[1].trimmingSpaces()) ?? 0
          }
        }
        switch name.lowercased() {
        case "gzip", "x-gzip": gzipQuality = quality
        case "*": wildcardQuality = quality
        default: break
        }
      }
    }
    return (gzipQuality ?? wildcardQuality ?? 0) > 0
  }
}
