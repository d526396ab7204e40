import Foundation

/// What the server writes as JSON, one object per line, with one encoder configuration: compact,
/// and `/` left as it is, since paths are full of them.
enum JSONLine {
  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    // A value that is not a number in JSON is written as text rather than failing the line.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }()

  /// `value` as one line of JSON. Control characters are escaped, so a hostile User-Agent cannot
  /// forge log lines; DEL too, which the encoder leaves alone but terminals act on.
  static func encode(_ value: some Encodable) -> String {
    guard var bytes = try? encoder.encode(value) else { return "{}" }
    if bytes.contains(0x7F) {
      // Outside strings JSON has no DEL, so every one found is inside a string.
      bytes = Data(bytes.flatMap { $0 == 0x7F ? Array(#"\u007f"#.utf8) : [$0] })
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
