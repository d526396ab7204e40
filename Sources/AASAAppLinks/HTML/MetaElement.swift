import AASACore

/// A `<meta>` element as the HTML5 parser built it: what a browser's
/// `document.querySelectorAll("meta")` would return, in document order.
public struct MetaElement: Sendable, Hashable {
  public struct Attribute: Sendable, Hashable {
    /// Lower-cased, as HTML attribute names are.
    public var name: String
    /// Character references decoded (`&amp;` is `&`).
    public var value: String
    /// Where the attribute's name starts.
    public var location: SourceLocation
    /// Where its value starts (its opening quote, if quoted); the name's location if it has none.
    public var valueLocation: SourceLocation
    /// Whether the attribute was written with a value (`content=""` has one, `content` has not).
    public var hasValue: Bool
  }

  /// Where the tag's `<` stands.
  public var location: SourceLocation
  public var attributes: [Attribute]
  /// Whether the tag stands, in the source, after an explicit `</head>` or inside `<body>`.
  /// (The parser moves a `<meta>` written between `</head>` and `<body>` back into the head, so
  /// the tree alone cannot tell.)
  public var isOutsideHead: Bool

  /// The first attribute named `name`; HTML ignores later duplicates.
  public func attribute(_ name: String) -> Attribute? {
    attributes.first { $0.name == name }
  }
}
