import AASALiveCheck
import Foundation

extension TrustRoots {
  /// The roots a fetch for a client trusts: the system's, and the validator's `--ca-file`'s when
  /// it has one. Every fetch of the API and the agents' tools takes its roots here, so that each
  /// detail names the file as the answer's command line does, `--ca-file NAME`, by its name
  /// alone: the folder is the server's business, and a client's line is run beside its own copy.
  static func validator(caFile: String?) throws(UnreadableCAFile) -> TrustRoots {
    guard let caFile else { return .system }
    let name = URL(fileURLWithPath: caFile).lastPathComponent
    return try TrustRoots.caFile(caFile, named: "--ca-file \(name)")
  }
}
