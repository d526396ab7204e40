#if canImport(Testing)
  import Testing

  extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite that runs the package's programs: a guard against a hang, not a
    /// measure. Its tests wait, suspended, for one of the ``ProcessSlots`` before each program,
    /// and Swift Testing counts that wait too, so under a full run on 2 cores a test of a few
    /// seconds alone has taken over two minutes (three suites did at a 2-minute limit while the
    /// rest of the run held every slot). One figure for every such suite, well inside the 30
    /// minutes `.ci/run` gives a whole run.
    public static var programsTimeLimit: Self { .timeLimit(.minutes(10)) }
  }
#endif
