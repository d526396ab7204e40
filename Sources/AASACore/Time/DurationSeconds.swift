extension Duration {
  /// The span in (fractional) seconds, as Foundation's `TimeInterval` and the flags count them:
  /// the one conversion every target uses where an API takes seconds, instead of each adding
  /// `components.seconds` and `components.attoseconds` by hand.
  public var timeInterval: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
