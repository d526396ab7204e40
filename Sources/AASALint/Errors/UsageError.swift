/// Options that contradict each other or the input: every subcommand's usage error, shown as
/// `aasa-lint: error: MESSAGE` with exit status 2.
package struct UsageError: Error, CustomStringConvertible, InputProblem {
  package var description: String
  package init(_ description: String) { self.description = description }
}
