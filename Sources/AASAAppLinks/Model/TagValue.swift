import AASACore

/// The value one `al:*` tag gave a key, and where the tag stands.
public struct TagValue: Sendable, Hashable {
  /// The `content` attribute, decoded; nil when the tag has none (a marker).
  public var content: String?
  /// Where the tag's `<` stands.
  public var location: SourceLocation

  public init(content: String?, location: SourceLocation) {
    self.content = content
    self.location = location
  }
}
