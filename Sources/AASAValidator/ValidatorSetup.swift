import AASALiveCheck
import AASAServer
import Foundation

/// Reads the flags both executables share (`--listen`/`--validator`, `--token-file`, `--allow`,
/// `--ca-file`, `--host-name`) into a ``ValidatorConfiguration``, refusing what must not start.
public enum ValidatorSetup {
  public struct Problem: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public static func configuration(
    listen: String, tokenFile: String?, allow: [String], caFile: String?, hostNames: [String]
  ) throws(Problem) -> (ValidatorConfiguration, AdminAddress) {
    guard let address = AdminAddress(listen) else {
      throw Problem(message: "\(listen) is not HOST:PORT, e.g. 127.0.0.1:7780 or [::1]:7780")
    }
    var rules: [AllowRule] = []
    for text in allow {
      do {
        rules.append(try AllowRule(parsing: text))
      } catch {
        throw Problem(message: error.description)
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
    let configuration = ValidatorConfiguration(
      listenHost: address.host, hostNames: hostNames, token: token,
      policy: FetchPolicy(rules: rules), caFile: caFile)
    if let problem = configuration.startupProblem { throw Problem(message: problem) }
    return (configuration, address)
  }
}
