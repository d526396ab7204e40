/// A measurement event Bolts posts (`docs/applinks.md#measurement-events`): a name and flat
/// string fields, in the order the table there lists them.
public struct MeasurementEvent: Sendable, Hashable {
  public var name: String
  public var args: [(String, String)]

  public init(name: String, args: [(String, String)]) {
    self.name = name
    self.args = args
  }

  public static func == (lhs: MeasurementEvent, rhs: MeasurementEvent) -> Bool {
    lhs.name == rhs.name && lhs.args.elementsEqual(rhs.args, by: { $0 == $1 })
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    for (key, value) in args {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// The value of field `key`.
  public subscript(key: String) -> String? { args.first { $0.0 == key }?.1 }
}
