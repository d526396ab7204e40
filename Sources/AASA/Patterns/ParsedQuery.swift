/// One `name=value` item of a URL query.
public struct QueryItem: Sendable, Hashable {
  /// The name as written in the URL.
  public let rawName: Substring
  /// The value as written, or `nil` for an item without `=` (`?flag`).
  public let rawValue: Substring?

  /// The percent-decoded name, compared with listed names when `percentEncoded` is `false`.
  public var decodedName: String {
    guard rawName.utf8.contains(UInt8(ascii: "%")) else { return String(rawName) }
    let decoded = ComponentPercentDecoding.decode(rawName.unicodeScalars.map(\.value))
    var result = ""
    result.unicodeScalars.append(contentsOf: decoded.compactMap(Unicode.Scalar.init))
    return result
  }

  /// The item's name as a component with the given `percentEncoded` setting sees it.
  public func name(percentEncoded: Bool) -> Substring {
    percentEncoded || !rawName.utf8.contains(UInt8(ascii: "%")) ? rawName : Substring(decodedName)
  }

  /// Whether the item's name, as a component with the given `percentEncoded` setting sees it, is
  /// exactly `listed`: the same Unicode scalars, not merely canonically equivalent ones.
  public func hasName(_ listed: String, percentEncoded: Bool) -> Bool {
    let name = name(percentEncoded: percentEncoded)
    return name.utf8.count == listed.utf8.count && name.utf8.elementsEqual(listed.utf8)
  }
}

/// A URL query split into items once per URL, for object-shaped `?` patterns.
///
/// Items are separated by `&` and split at their first `=`. An item without `=` has no value
/// (counted as `""` when matched). `+` is not decoded as a space.
public struct ParsedQuery: Sendable {
  /// The query as written, without the leading `?` (`""` when the URL has none).
  public let raw: Substring
  /// The items in URL order, repeated names included.
  public let items: [QueryItem]

  /// Splits `rawQuery` (without the leading `?`; `""` when the URL has no query).
  public init(_ raw: Substring) {
    self.raw = raw
    guard !raw.isEmpty else {
      self.items = []
      return
    }
    // `&` and `=` are ASCII, so the UTF-8 view finds them without Character segmentation, and its
    // indices are valid indices of `raw`.
    var items: [QueryItem] = []
    let bytes = raw.utf8
    var itemStart = bytes.startIndex
    var equals: String.Index?
    var index = bytes.startIndex
    while true {
      let atEnd = index == bytes.endIndex
      if atEnd || bytes[index] == UInt8(ascii: "&") {
        if let equals {
          items.append(
            QueryItem(
              rawName: raw[itemStart..<equals], rawValue: raw[bytes.index(after: equals)..<index]))
        } else {
          items.append(QueryItem(rawName: raw[itemStart..<index], rawValue: nil))
        }
        if atEnd { break }
        itemStart = bytes.index(after: index)
        equals = nil
      } else if equals == nil && bytes[index] == UInt8(ascii: "=") {
        equals = index
      }
      index = bytes.index(after: index)
    }
    self.items = items
  }
}

/// The object form of a `?` pattern: query item name → value pattern
/// (`docs/matching.md#query-and-fragment`).
///
/// Every listed name must match; unlisted items are ignored. A missing item, or one without a
/// value, counts as `""` (so `{"b": "*"}` and `{"b": ""}` match when `b` is absent, `{"b": "?*"}`
/// does not). Every occurrence of a repeated name must match.
///
/// Names are exact strings: no wildcards, and case always matters, even when `caseSensitive` is
/// `false` (which folds the values only). With `percentEncoded: false` the URL's names are
/// percent-decoded before the comparison, like the values; the listed names are used as written.
public struct QueryItemPatterns: Sendable {
  /// The listed items in the order written: name and compiled value pattern.
  public var items: [(name: String, value: Pattern)] { Array(zip(names, patterns)) }
  // Two arrays rather than one of pairs: matching reads a pattern in place, where reading a pair
  // out of an array copies the pattern and retains each of its arrays.
  private let names: [String]
  private let patterns: [Pattern]

  /// Compiles the value patterns of `items` (name, value pattern as written).
  public init(
    _ items: [(name: String, value: String)], caseSensitive: Bool = true,
    variables: VariableTable = .builtIns
  ) {
    self.init(items, caseSensitive: caseSensitive, variables: variables, scratch: .shared)
  }

  /// Compiles the value patterns of `items`, whose automata run in memory from `scratch`.
  init(
    _ items: [(name: String, value: String)], caseSensitive: Bool, variables: VariableTable,
    scratch: AutomatonScratchPool
  ) {
    names = items.map(\.name)
    patterns = items.map {
      Pattern(
        $0.value, part: .queryItemValue, caseSensitive: caseSensitive, variables: variables,
        scratch: scratch)
    }
  }

  /// Whether every listed value pattern matches any value, so the query constrains nothing.
  public var matchesEveryQuery: Bool { patterns.allSatisfy(\.matchesEverything) }

  /// The name of the listed item at `index` (an index ``firstFailingItem(in:percentEncoded:)``
  /// returned).
  public func name(at index: Int) -> String { names[index] }

  /// The index (in ``items``) of the first listed item the query fails, or `nil` when it matches.
  public func firstFailingItem(in query: ParsedQuery, percentEncoded: Bool) -> Int? {
    // Patterns are read in place (`patterns[index]`), never bound to a local: a copy of a pattern
    // retains each of its arrays.
    for index in patterns.indices where !patterns[index].matchesEverything {
      let caseSensitive = patterns[index].caseSensitive
      var found = false
      for candidate in query.items
      where candidate.hasName(names[index], percentEncoded: percentEncoded) {
        found = true
        let value = PreparedText(
          candidate.rawValue ?? Substring(), part: .queryItemValue, percentEncoded: percentEncoded,
          caseSensitive: caseSensitive)
        if !patterns[index].matches(value) { return index }
      }
      if !found
        && !patterns[index].matches(
          PreparedText(Substring(), part: .queryItemValue, caseSensitive: caseSensitive))
      {
        return index
      }
    }
    return nil
  }

  /// Whether every listed item matches.
  public func matches(_ query: ParsedQuery, percentEncoded: Bool) -> Bool {
    firstFailingItem(in: query, percentEncoded: percentEncoded) == nil
  }
}

extension ParsedQuery {
  /// Splits `raw` (without the leading `?`; `""` when the URL has no query).
  public init(_ raw: String) {
    self.init(Substring(raw))
  }
}
