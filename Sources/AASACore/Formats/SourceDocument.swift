/// One input to a format's linter: the bytes as read, the name findings are reported under, and
/// the JSON reading when whoever made the document already has one.
///
/// Carrying the reading is what lets the tools parse a file once: detecting a file's format
/// (`FileKind.detect`, the CLI's content sniffing) reads its JSON, and the linter it then picks
/// takes that reading instead of reading the bytes again.
public struct SourceDocument: Sendable {
  /// What findings are reported under: a path, `-` for standard input, or a URL.
  public var name: String
  public var bytes: [UInt8]
  private var reading: JSONReader.Result?

  public init(name: String, bytes: [UInt8], jsonReading: JSONReader.Result? = nil) {
    self.name = name
    self.bytes = bytes
    self.reading = jsonReading
  }

  /// The bytes read as JSON: the reading the document was made with, or a new one.
  public var json: JSONReader.Result { reading ?? JSONReader.read(bytes) }

  /// The same document, carrying its JSON reading from now on.
  public func readingJSON() -> SourceDocument {
    reading == nil ? SourceDocument(name: name, bytes: bytes, jsonReading: json) : self
  }
}
