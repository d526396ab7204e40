import AASACore
import AASANetworkWords

/// An error as a log line or a refusal of the manager's says it: the target's own errors (the
/// CA's problems, its answers, storage, the network, the system) are worded already and are
/// given as they are; any other (a library's, such as swift-certificates' parse errors) goes
/// through ``NetworkFailure/words(_:)``, which keeps no type name, error number or path.
enum ErrorWords {
  static func of(_ error: any Error) -> String {
    switch error {
    case let error as ACMEError: error.description
    case let error as ACMEProblem: error.description
    case let error as ACMEAccountRefusal: error.description
    case let error as ACMEStorage.Failure: error.description
    case let error as NetworkFailure: error.description
    case let error as SystemError: error.description
    default: NetworkFailure.words(error)
    }
  }
}
