import AASACore

/// A `<meta property="al:…">` element: the only kind of tag Bolts and the Facebook SDKs read.
public struct AppLinkTag: Sendable, Hashable {
  /// The `property` attribute, as written (`al:ios:url`).
  public var property: String
  public var value: TagValue
  /// Where the `content` attribute's value starts (the tag's `<` when it has none).
  public var contentLocation: SourceLocation
  public var isOutsideHead: Bool

  /// The names below `al`: `al:ios:url` gives `["ios", "url"]`.
  public var names: [Substring] {
    Array(property.split(separator: ":", omittingEmptySubsequences: false).dropFirst())
  }

  /// The tags of `elements` whose `property` starts with `al:` (case-sensitive), in order.
  public static func tags(in elements: [MetaElement]) -> [AppLinkTag] {
    elements.compactMap { element in
      guard let property = element.attribute("property"), property.value.hasPrefix("al:") else {
        return nil
      }
      let content = element.attribute("content")
      return AppLinkTag(
        property: property.value,
        value: TagValue(content: content?.value, location: element.location),
        contentLocation: content?.valueLocation ?? element.location,
        isOutsideHead: element.isOutsideHead)
    }
  }
}
