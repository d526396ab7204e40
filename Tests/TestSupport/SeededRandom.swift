/// A small deterministic random generator for randomized tests (SplitMix64), so that a failure
/// reproduces from the seed its message names.
public struct SeededRandom: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  public mutating func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

  /// One of `values`.
  public mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

  /// Up to `maxLength` pieces of `alphabet`, joined.
  public mutating func string(from alphabet: [String], maxLength: Int) -> String {
    (0..<next(maxLength + 1)).map { _ in pick(alphabet) }.joined()
  }
}
