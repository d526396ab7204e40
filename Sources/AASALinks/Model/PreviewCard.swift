/// What a chat app shows for a link: the `og` object of a rule (over the defaults' one, key by
/// key), written into the preview page's `og:` tags.
public struct PreviewCard: Sendable, Hashable {
  public var title: String?
  public var description: String?
  /// An `https` URL, checked like a destination.
  public var image: String?

  public init(title: String? = nil, description: String? = nil, image: String? = nil) {
    self.title = title
    self.description = description
    self.image = image
  }

  /// This card's keys where it has them, `base`'s elsewhere.
  public func merged(over base: PreviewCard) -> PreviewCard {
    PreviewCard(
      title: title ?? base.title, description: description ?? base.description,
      image: image ?? base.image)
  }
}
