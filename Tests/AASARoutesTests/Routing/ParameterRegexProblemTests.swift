import AASARoutes
import Testing

/// A `regex` ICU cannot compile is said in words: Foundation's error text
/// (`Error Domain=NSCocoaErrorDomain Code=2048 …`) never reaches the report.
@Suite struct ParameterRegexProblemTests {
  @Test(arguments: ["a(b", "*x", "[z"])
  func anUncompilablePatternIsSaidInWords(pattern: String) throws {
    let regex = ParameterRegex(pattern)
    let problem = try #require(regex.problem)
    #expect(problem == "ICU cannot compile it")
    #expect(!problem.contains("Domain"))
    #expect(!regex.accepts("ab", on: .ios))
  }

  @Test func aCompilablePatternHasNoProblem() {
    #expect(ParameterRegex("[0-9]+").problem == nil)
  }
}
