import AASAServer
import AASAValidator
import ArgumentParser
import Logging

/// `--validator ADDR:PORT` and its flags: the validator page (docs/validator.md) beside the
/// sites, on a listener with the server's limits, logs and metrics.
struct ValidatorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Serve the validator page and its API on this address (plain HTTP). Off by default; beyond loopback it needs --token-file.",
      valueName: "host:port"))
  var validator: String?

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "With --validator: a file holding the bearer token its API requires (16 bytes or more).",
      valueName: "file"))
  var tokenFile: String?

  @Option(
    help: ArgumentHelp(
      "With --validator: also fetch from CIDR, HOST or *.DOMAIN, optionally :PORT (repeatable).",
      valueName: "rule"))
  var allow: [String] = []

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "With --validator: trust this PEM file's roots too, for internal sites.", valueName: "pem"))
  var caFile: String?

  @Option(
    name: .customLong("validator-name"),
    help: ArgumentHelp(
      "With --validator: another name the page is opened by (Host header), e.g. behind a proxy (repeatable).",
      valueName: "name"))
  var validatorNames: [String] = []

  func validate() throws {
    guard let validator else {
      if tokenFile != nil || !allow.isEmpty || caFile != nil || !validatorNames.isEmpty {
        throw ValidationError(
          "--token-file, --allow, --ca-file and --validator-name go with --validator")
      }
      return
    }
    do {
      _ = try ValidatorSetup.configuration(
        listen: validator, tokenFile: tokenFile, allow: allow, caFile: caFile,
        hostNames: validatorNames)
    } catch {
      throw ValidationError("--validator: \(error.message)")
    }
  }

  /// The listener to host, or none without `--validator`.
  func services(logger: Logger) -> [HostedService] {
    guard let validator,
      let (configuration, address) = try? ValidatorSetup.configuration(
        listen: validator, tokenFile: tokenFile, allow: allow, caFile: caFile,
        hostNames: validatorNames)
    else { return [] }
    return [
      HostedService(
        address: address, flag: "--validator", name: "validator",
        handler: ValidatorHandler(configuration: configuration, logger: logger))
    ]
  }
}
