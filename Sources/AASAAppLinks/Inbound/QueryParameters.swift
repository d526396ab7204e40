/// A query read as `BFURL` reads it (`docs/applinks.md#receiving-a-link`): split on `&`, each item
/// on its first `=`, names and values percent-decoded with `+` left as it is; an item without `=`
/// has no value; a repeated name keeps the last value; an empty query gives nothing.
public struct QueryParameters: Sendable, Hashable {
  public struct Item: Sendable, Hashable {
    public var name: String
    /// nil for an item without `=`.
    public var value: String?
    /// The raw text of the value, before decoding.
    public var rawValue: Substring?
  }

  /// One item per name (the last), in the order names first appeared.
  public private(set) var items: [Item] = []
  /// Every item as written, in order, duplicates included.
  public private(set) var rawItems: [Substring] = []

  public init(query: Substring?) {
    guard let query, !query.isEmpty else { return }
    var positions: [String: Int] = [:]
    for raw in query.split(separator: "&", omittingEmptySubsequences: false) {
      rawItems.append(raw)
      guard !raw.isEmpty else { continue }
      let item: Item
      if let equals = raw.firstIndex(of: "=") {
        let rawValue = raw[raw.index(after: equals)...]
        item = Item(
          name: QueryEncoding.decode(raw[..<equals]), value: QueryEncoding.decode(rawValue),
          rawValue: rawValue)
      } else {
        item = Item(name: QueryEncoding.decode(raw), value: nil, rawValue: nil)
      }
      if let position = positions[item.name] {
        items[position] = item
      } else {
        positions[item.name] = items.count
        items.append(item)
      }
    }
  }

  public subscript(name: String) -> Item? { items.first { $0.name == name } }
}
