/// What a route (or the `defaultRoute`) leads to: handlers run in array order, then a screen.
///
/// iOS shows a storyboard's `identifier`, or a nib (`class` + `identifier`), or a `class` alone;
/// Android starts the `class` Activity. A target with handlers only shows nothing by itself.
public struct RouteTarget: Hashable, Sendable {
  public var className: String?
  /// iOS only. The seed's rule "without an identifier, the class name with a lower-case first
  /// letter" is not applied: the library's last version does not apply it.
  public var identifier: String?
  /// iOS only; `nil` means the file's top-level storyboard, if any.
  public var storyboard: Storyboard?
  /// Handler names, in the order they run.
  public var handlers: [String]

  public init(
    className: String? = nil, identifier: String? = nil, storyboard: Storyboard? = nil,
    handlers: [String] = []
  ) {
    self.className = className
    self.identifier = identifier
    self.storyboard = storyboard
    self.handlers = handlers
  }

  /// Whether it leads anywhere at all: a screen or at least one handler.
  public var leadsSomewhere: Bool {
    className != nil || identifier != nil || !handlers.isEmpty
  }
}
