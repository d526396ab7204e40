import AASAHosting
import ArgumentParser

/// The validator page's flags, declared once for both programs that serve it: `aasa-lint web`
/// and `aasa-serve --validator` include this group, so each flag is spelled, explained and read
/// the same in both. Only the address differs, being each program's own: `aasa-lint web
/// --listen` (on loopback by default) and `aasa-serve --validator` (which turns the page on).
public struct ValidatorFlags: ParsableArguments {
  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "A file holding the bearer token the API requires (16 bytes or more); needed beyond loopback.",
      valueName: "file"), completion: .file())
  public var tokenFile: String?

  /// `--allow`, `--ca-file` and `--cdn-base`, shared with `aasa-lint mcp`.
  @OptionGroup public var fetching: FetchPolicyFlags

  @Option(
    name: .customLong("host-name"),
    help: ArgumentHelp(
      "Another name the page is opened by (Host header), e.g. behind a proxy (repeatable).",
      valueName: "name"))
  var hostNames: [String] = []

  /// `aasa-serve`'s spelling of `--host-name` before the two programs shared their flags: still
  /// read, for the command lines and units written with it, but no longer shown.
  @Option(
    name: .customLong("validator-name"),
    help: ArgumentHelp("The old spelling of --host-name.", valueName: "name", visibility: .hidden))
  var validatorNames: [String] = []

  public init() {}

  /// Every `--host-name`, under either spelling.
  public var allHostNames: [String] { hostNames + validatorNames }

  /// Whether any of the flags was given: `aasa-serve`'s take effect only with `--validator`.
  public var isGiven: Bool {
    tokenFile != nil || fetching.isGiven || !allHostNames.isEmpty
  }

  /// The validator's configuration with these flags on `listen` (HOST:PORT), refusing what must
  /// not start (see ``ValidatorSetup``).
  public func configuration(listen: String) throws(ValidatorSetup.Problem) -> (
    ValidatorConfiguration, ListenAddress
  ) {
    try ValidatorSetup.configuration(
      listen: listen, tokenFile: tokenFile, allow: fetching.allow, caFile: fetching.caFile,
      hostNames: allHostNames, cdnBase: fetching.cdnBase)
  }
}
