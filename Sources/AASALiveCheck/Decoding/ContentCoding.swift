import AASACore

/// A `Content-Encoding` a server applied to a body. Apple's fetcher (NSURLSession) asks for
/// `gzip, deflate, br` and decodes those three transparently; anything else it cannot read.
public enum ContentCoding: String, Sendable, Hashable, CaseIterable {
  case gzip
  /// HTTP's "deflate" is zlib-wrapped (RFC 9110); raw deflate is common too and accepted alike.
  case deflate
  case brotli = "br"

  /// The codings of a `Content-Encoding` value, in the order they were applied, or the first name
  /// that is not one of them. `identity` and empty entries are skipped; `x-gzip` is `gzip`.
  public static func parse(_ header: String) -> Result<[ContentCoding], UnknownCoding> {
    var codings: [ContentCoding] = []
    for entry in header.split(separator: ",") {
      let name = entry.trimming(while: { $0 == " " || $0 == "\t" }).lowercased()
      if name.isEmpty || name == "identity" { continue }
      guard let coding = ContentCoding(rawValue: name == "x-gzip" ? "gzip" : name) else {
        return .failure(UnknownCoding(name: name))
      }
      codings.append(coding)
    }
    return .success(codings)
  }

  /// A coding Apple's fetcher cannot decode, e.g. `zstd` or `compress`.
  public struct UnknownCoding: Error, Hashable, CustomStringConvertible {
    public var name: String
    public init(name: String) { self.name = name }
    public var description: String { description(fetcher: "Apple's fetcher") }

    /// The same, naming whose fetcher cannot read it (Google's verifier for assetlinks.json).
    public func description(fetcher: String) -> String {
      "\(name) is not an encoding \(fetcher) decodes (it reads gzip, deflate and br)"
    }
  }
}
