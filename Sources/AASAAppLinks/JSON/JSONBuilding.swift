import AASACore

/// Building JSON values that were never read from a file (`al_applink_data`, events): their
/// location is the start, and objects keep members in the order they were set.
extension JSONValue {
  public static func string(_ text: String) -> JSONValue { JSONValue(.string(text), at: .start) }

  public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    JSONValue(
      .object(members.map { Member(key: $0.0, keyLocation: .start, value: $0.1) }), at: .start)
  }

  /// Sets `key`: in place when present (the last of duplicates), else appended.
  public func setting(_ key: String, to value: JSONValue) -> JSONValue {
    var members = self.members ?? []
    if let index = members.lastIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append(Member(key: key, keyLocation: .start, value: value))
    }
    return JSONValue(.object(members), at: location)
  }
}
