// applinks-depth: the nesting estimate against gumbo's tree (security review S4-4).
//
// Input: an HTML page (any bytes). Checks: `NestingEstimate` never traps and stays linear; unless
// it flags markup on which gumbo aborts, the page parses, and no element of gumbo's tree is more
// than the estimate plus three deep (html; body or head; a void element as a leaf, which gumbo
// inserts and pops at once). Pages the reader refuses (deeper than the limit, or past the work
// bound) are not parsed: gumbo would take seconds, and the reader never parses them either.

@testable import AASAAppLinks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLinksDepth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let estimate = NestingEstimate.estimate(bytes)
  let bounded = NestingEstimate.estimate(
    bytes, depthLimit: HTMLReader.maximumNesting, workLimit: HTMLReader.maximumWork)
  // Stopping at the reader's limits changes nothing for a page within them.
  let within =
    estimate.depth <= HTMLReader.maximumNesting && estimate.work <= HTMLReader.maximumWork
  require(!within || bounded == estimate, "the bounded estimate differs: \(bounded), \(estimate)")
  guard within, !estimate.crashesParser else { return 0 }
  guard let depth = GumboTreeDepth.parse(bytes) else {
    require(false, "gumbo stopped at 30 s of CPU or ran out of memory")
    return 0
  }
  require(
    depth <= estimate.depth + 3,
    "gumbo nests \(depth) deep, the estimate says \(estimate.depth): \(debugDescription(bytes))")
  return 0
}
