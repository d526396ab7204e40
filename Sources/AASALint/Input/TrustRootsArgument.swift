import AASALiveCheck

extension TrustRoots {
  /// `--ca-file PEM`, or the system's roots without it; an unreadable file is a usage error.
  /// The library speaks of the file; the command line names its option, here.
  package static func fromArgument(caFile: String?) throws -> TrustRoots {
    guard let caFile else { return .system }
    do {
      return try TrustRoots.caFile(caFile, named: "--ca-file \(caFile)")
    } catch {
      throw UsageError("cannot use --ca-file \(error.path): \(error.reason)")
    }
  }
}
