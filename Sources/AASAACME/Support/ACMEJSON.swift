import Foundation

/// The one JSON encoder and decoder of ACME bodies: keys sorted (requests are reproducible),
/// slashes unescaped (URLs in headers read as sent).
enum ACMEJSON {
  static func encode(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(value))
  }

  /// `bytes` read as `type`; a body that does not fit is the CA's mistake, said with `what`.
  static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], what: String)
    throws(ACMEError) -> Value
  {
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch {
      throw .unexpectedResponse("\(what) is not the JSON ACME defines: \(Self.reason(error))")
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _): return "no \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\"\(path)\": \(context.debugDescription)"
    default: return ErrorWords.of(error)
    }
  }
}
