/// A run that says which output formats its report can be written in. The command line offers
/// exactly these for the subcommand (one generic option type, no enum per subcommand), and
/// ``ReportRenderer`` relies on it.
package protocol FormatDeclaring {
  static var formats: [OutputFormat] { get }
}
