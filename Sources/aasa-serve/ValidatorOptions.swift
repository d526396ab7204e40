import AASAServer
import AASAValidator
import ArgumentParser
import Logging

/// `--validator ADDR:PORT` and the validator's flags (``ValidatorFlags``, the same as
/// `aasa-lint web`'s): the validator page (docs/validator.md) beside the sites, on a listener
/// with the server's limits, logs and metrics.
struct ValidatorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Serve the validator page and its API on this address (plain HTTP). Off by default; beyond loopback it needs --token-file.",
      valueName: "host:port"))
  var validator: String?

  @OptionGroup var flags: ValidatorFlags

  func validate() throws {
    guard let validator else {
      if flags.isGiven {
        throw ValidationError(
          "--token-file, --allow, --ca-file and --host-name go with --validator")
      }
      return
    }
    do {
      _ = try flags.configuration(listen: validator)
    } catch {
      throw ValidationError("--validator: \(error.message)")
    }
  }

  /// The listener to host, or none without `--validator`.
  func services(logger: Logger) -> [HostedService] {
    guard let validator, let (configuration, address) = try? flags.configuration(listen: validator)
    else { return [] }
    return [
      HostedService(
        address: address, flag: "--validator", name: "validator",
        handler: ValidatorHandler(configuration: configuration, logger: logger))
    ]
  }
}
