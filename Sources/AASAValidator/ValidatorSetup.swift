import AASAHosting
import AASALiveCheck
import Foundation

/// Reads the flags both executables share (`--listen`/`--validator`, `--token-file`, `--allow`,
/// `--ca-file`, `--host-name`) into a ``ValidatorConfiguration``, refusing what must not start.
public enum ValidatorSetup {
  public struct Problem: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// `cdnBase`: Apple's CDN unless given (a mirror, or a stub in tests); `googleBase`: Google's
  /// Digital Asset Links API unless given; each an `https` URL.
  public static func configuration(
    listen: String, tokenFile: String?, allow: [String], caFile: String?, hostNames: [String],
    cdnBase: String? = nil, googleBase: String? = nil
  ) throws(Problem) -> (ValidatorConfiguration, ListenAddress) {
    guard let address = ListenAddress(listen) else {
      throw Problem(message: "\(listen) is not HOST:PORT, e.g. 127.0.0.1:7780 or [::1]:7780")
    }
    var rules: [AllowRule] = []
    for text in allow {
      do {
        rules.append(try AllowRule(parsing: text))
      } catch {
        throw Problem(message: "--allow \(error.description)")
      }
    }
    var token: AccessToken?
    if let tokenFile {
      guard let contents = FileManager.default.contents(atPath: tokenFile) else {
        throw Problem(message: "--token-file \(tokenFile) cannot be read")
      }
      guard let read = AccessToken(fileContents: [UInt8](contents)) else {
        throw Problem(message: "--token-file \(tokenFile) holds fewer than 16 bytes")
      }
      token = read
    }
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw Problem(message: "--ca-file \(caFile) cannot be read")
    }
    for (flag, base) in [("--cdn-base", cdnBase), ("--google-base", googleBase)] {
      guard let base else { continue }
      guard base.lowercased().hasPrefix("https://"), (try? SiteAddress(parsing: base)) != nil
      else {
        throw Problem(message: "\(flag) \(base) is not an https URL")
      }
    }
    var configuration = ValidatorConfiguration(
      listenHost: address.host, hostNames: hostNames, token: token,
      policy: FetchPolicy(rules: rules), caFile: caFile,
      cdnBase: cdnBase ?? LiveCheckOptions.appleCDNBase)
    configuration.googleBase = googleBase ?? LiveCheckOptions.googleBase
    if let problem = configuration.startupProblem { throw Problem(message: problem) }
    return (configuration, address)
  }

  /// The help of a refused fetch: the `--allow` rules that would lift it, as the operator would
  /// type them. Worded here, beside the flag, because the fetch policy speaks only of rules.
  public static func help(lifting refusal: FetchPolicy.Refusal) -> String {
    guard let first = refusal.liftingRules.first else { return refusal.fix ?? "" }
    let others = refusal.liftingRules.dropFirst()
    guard let network = others.first else {
      return "the operator can allow it at start-up with --allow \(first)"
    }
    let byName = others.dropFirst().map { ", or --allow \($0)" }.joined()
    return
      "the operator can allow it at start-up with --allow \(first) (or a CIDR such as --allow \(network)\(byName))"
  }

  /// What `/api/v1/about` says may be fetched.
  public static func fetchSummary(_ policy: FetchPolicy) -> [String] {
    ["https on port 443 of public addresses"] + policy.rules.map { "allowed by --allow \($0)" }
  }
}
