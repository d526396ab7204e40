import AASACore

/// `{"include": "https://…"}`: a pointer to another statement list that Google fetches and
/// merges into this one.
public struct IncludeStatement: Hashable, Sendable {
  public var index: Int
  public var location: SourceLocation
  public var url: String
  /// Whether Google accepts it: false when the URL is not an https URL.
  public var isValid: Bool

  public init(index: Int, location: SourceLocation, url: String, isValid: Bool) {
    self.index = index
    self.location = location
    self.url = url
    self.isValid = isValid
  }
}
