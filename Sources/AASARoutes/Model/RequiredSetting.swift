import AASACore

/// A `required` value as written. The platforms read it differently: iOS counts only the string
/// `"true"`; Android reads it as a boolean, so a JSON `true` counts, and so does a string that
/// `Boolean.parseBoolean` accepts (`"true"` in any case).
public enum RequiredSetting: Hashable, Sendable {
  case absent
  case boolean(Bool)
  case string(String)
  /// A number, an object, an array or null: neither library reads it as required.
  case other

  public func isRequired(on platform: Platform) -> Bool {
    switch (self, platform) {
    case (.string(let text), .ios): text == "true"
    case (.string(let text), .android): text.lowercased() == "true"
    case (.boolean(let value), .android): value
    default: false
    }
  }
}
