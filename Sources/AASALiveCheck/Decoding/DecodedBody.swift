/// A body after its `Content-Encoding` was undone, up to a size limit.
public struct DecodedBody: Sendable, Hashable {
  /// At most the limit plus one byte.
  public var bytes: [UInt8]
  /// The decoded body is larger than the limit; decoding stopped there, so that a small
  /// compressed body that expands to gigabytes (a decompression bomb) costs nothing.
  public var exceededLimit: Bool

  public init(bytes: [UInt8], exceededLimit: Bool) {
    self.bytes = bytes
    self.exceededLimit = exceededLimit
  }
}

/// The body cannot be decoded as its `Content-Encoding` says: Apple's fetcher fails on it too.
public struct UndecodableBody: Error, Hashable, CustomStringConvertible {
  public var coding: String
  public var reason: String

  public init(coding: String, reason: String) {
    self.coding = coding
    self.reason = reason
  }

  public var description: String { "the body is not valid \(coding): \(reason)" }
}
