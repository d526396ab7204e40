import AASALiveCheck

extension TrustRoots {
  /// `--ca-file PEM`, or the system's roots without it; an unreadable file is a usage error.
  package static func fromArgument(caFile: String?) throws -> TrustRoots {
    guard let caFile else { return .system }
    do {
      return try TrustRoots.caFile(caFile)
    } catch {
      throw UsageError(error.description)
    }
  }
}
