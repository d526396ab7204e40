import AASACore
import AASALiveCheck
import Foundation

/// The answers of Apple's CDN and Google's API, kept per URL (so per target) for as long as their
/// own headers allow: Apple's CDN says `Cache-Control: max-age=21600` less its `Age` for a copy
/// (`max-age=3600` for a failure), and asking it again sooner learns nothing, since the CDN itself
/// does not look at the origin before then; Google's `statements:list` says `maxAge` and has a
/// fetch budget of its own. Prometheus's guide allows such caching when it is said in the HELP
/// text, which the metrics do ("Writing exporters": caching of expensive metrics).
///
/// Bounds: an answer is kept a day at most whatever it says (CDNCaching already reads
/// `max-age=9223372036854775807` as 68 years), and 1,024 answers at most, the oldest dropped
/// first, so a wide `--allow *.example.com` cannot grow the process. A failure to ask is never
/// kept. An answer served from here has its `Age` raised by the time it was held, as an HTTP
/// cache does (RFC 9111 §4.2.3), so the exported age and "asks the origin again in" stay true.
public actor ThirdPartyCache {
  public static let longestKept: Double = 86_400
  public static let capacity = 1_024

  struct Entry {
    var answer: FetchedResource
    var party: ThirdParty
    /// When it was asked, for `aasa_*_fetched_timestamp_seconds`.
    var fetchedAt: Date
    var storedAt: ContinuousClock.Instant
    var freshFor: Duration
  }

  private var entries: [String: Entry] = [:]
  private let clock = ContinuousClock()
  /// Answers served from here and answers asked, by party, for the exporter's own metrics.
  public private(set) var hits: [ThirdParty: Int] = [:]
  public private(set) var misses: [ThirdParty: Int] = [:]

  public init() {}

  /// The answer and when it was asked: a kept one while fresh, else `fetch()`'s, kept when its
  /// headers allow.
  func answer(
    _ url: String, from party: ThirdParty,
    fetch: @Sendable () async throws -> FetchedResource
  ) async throws -> (answer: FetchedResource, fetchedAt: Date, fromCache: Bool) {
    let now = clock.now
    if let entry = entries[url], now - entry.storedAt < entry.freshFor {
      hits[party, default: 0] += 1
      let held = Int((now - entry.storedAt).components.seconds)
      return (Self.aged(entry.answer, by: held), entry.fetchedAt, true)
    }
    entries[url] = nil
    misses[party, default: 0] += 1
    let answer = try await fetch()
    let fetchedAt = Date()
    if let seconds = Self.freshness(of: answer, from: party), seconds > 0 {
      if entries.count >= Self.capacity,
        let oldest = entries.min(by: { $0.value.storedAt < $1.value.storedAt })
      {
        entries[oldest.key] = nil
      }
      entries[url] = Entry(
        answer: answer, party: party, fetchedAt: fetchedAt, storedAt: clock.now,
        freshFor: .seconds(min(seconds, Self.longestKept)))
    }
    return (answer, fetchedAt, false)
  }

  /// How many answers are kept now.
  public var count: Int { entries.count }

  /// Drops every answer (a reload of the configuration changes what is asked).
  public func removeAll() { entries.removeAll() }

  /// Seconds the answer may be kept: the CDN's `max-age` less its `Age`; Google's `maxAge`
  /// (`"86400s"`, a protobuf Duration) of a 200, else its `Cache-Control`. Nil: not kept.
  static func freshness(of answer: FetchedResource, from party: ThirdParty) -> Double? {
    let caching = CDNCaching(
      cacheControl: answer.header("Cache-Control"), age: answer.header("Age"))
    switch party {
    case .appleCDN:
      return caching.secondsLeft.map(Double.init)
    case .googleAPI:
      if answer.status == 200, let maxAge = JSONReader.read(answer.body).value?["maxAge"]?.string,
        maxAge.hasSuffix("s"), let seconds = Double(maxAge.dropLast()), seconds.isFinite
      {
        return max(0, seconds)
      }
      return caching.secondsLeft.map(Double.init)
    }
  }

  /// The answer with its `Age` raised by `seconds` (or set, when it had none and was held).
  static func aged(_ answer: FetchedResource, by seconds: Int) -> FetchedResource {
    guard seconds > 0 else { return answer }
    var aged = answer
    let previous = CDNCaching(cacheControl: nil, age: answer.header("Age")).age ?? 0
    let age = String(min(previous + seconds, CDNCaching.largestSeconds))
    if let index = aged.headers.firstIndex(where: { $0.name.lowercased() == "age" }) {
      aged.headers[index].value = age
    } else {
      aged.headers.append(FetchedResource.Header(name: "Age", value: age))
    }
    return aged
  }
}
