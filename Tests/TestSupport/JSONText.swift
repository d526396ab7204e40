import Foundation

/// Reads a tool's JSON output for assertions about what it says, not how it is laid out.
public enum JSONText {
  /// The document as Foundation objects; nil when it is not JSON.
  public static func parse(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  /// Every object anywhere in the document, depth first.
  public static func objects(in text: String) -> [[String: Any]] {
    var found: [[String: Any]] = []
    var pending: [Any] = parse(text).map { [$0] } ?? []
    while let value = pending.popLast() {
      if let object = value as? [String: Any] {
        found.append(object)
        pending.append(contentsOf: object.values)
      } else if let array = value as? [Any] {
        pending.append(contentsOf: array)
      }
    }
    return found
  }

  /// Whether some object in the document has every one of `members` (compared as text).
  public static func contains(_ text: String, object members: [String: String]) -> Bool {
    objects(in: text).contains { object in
      members.allSatisfy { key, value in
        guard let found = object[key] else { return false }
        if value == "true" || value == "false", let flag = found as? Bool {
          return "\(flag)" == value
        }
        return "\(found)" == value
      }
    }
  }
}
