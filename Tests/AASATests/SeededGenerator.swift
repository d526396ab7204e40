/// A small deterministic random generator for randomized tests, so that failures reproduce.
struct SeededGenerator {
  var state: UInt64

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// One of `values`.
  mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

  /// Up to `maxLength` pieces of `alphabet`, joined.
  mutating func string(from alphabet: [String], maxLength: Int) -> String {
    (0..<next(maxLength + 1)).map { _ in pick(alphabet) }.joined()
  }
}
