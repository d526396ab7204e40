/// A connection's last request counters. Requests on one connection nearly always get the same
/// status for the same site, so keeping the last counters spares each request the string key,
/// the lock both event loops share and the dictionary look-up of
/// `ServerMetrics.requestCounters`.
struct RequestCounterCache {
  private var last: ServerMetrics.RequestCounters?

  /// - Parameter site: With `--sites`, the site that answered
  ///   (``SiteRouter/metricsLabel(forAuthority:)``); nil with `--root`.
  mutating func counters(status: UInt, protocolName: String, site: String?)
    -> ServerMetrics.RequestCounters
  {
    if let last, last.status == status, last.site == site, last.protocolName == protocolName {
      return last
    }
    let counters = ServerMetrics.shared.requestCounters(
      status: status, protocolName: protocolName, site: site)
    last = counters
    return counters
  }
}
