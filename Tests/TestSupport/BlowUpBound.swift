/// The only wall-clock bound a test asserts: whether work that takes milliseconds (or a few
/// seconds, in a debug build beside the rest of the suite on two cores) instead grew without
/// bound, quadratic or exponential in its input, as a fixed bug once did. It is 60 s, so that
/// a slow or busy machine cannot fail a test that works; what a test is expected to take is
/// measured in `Benchmarks/`, not asserted here. Each test that uses it says what the blow-up
/// took before its fix, and sizes its input so that the blow-up would pass this bound by far.
public enum BlowUpBound {
  public static let limit: Duration = .seconds(60)
}
