import Foundation

/// How long Apple's CDN keeps an answer, from its `Cache-Control` (`max-age=3600,public`, with no
/// space after the comma) and `Age` headers: a failure is kept 30 to 60 minutes, a copy hours; the
/// CDN asks the origin again only once the answer it holds has expired.
public struct CDNCaching: Sendable, Hashable {
  /// `max-age`, in seconds.
  public var maxAge: Int?
  /// `Age`: how long the CDN has held this answer, in seconds.
  public var age: Int?

  public init(cacheControl: String?, age: String?) {
    maxAge = cacheControl.flatMap { header in
      header.split(separator: ",").lazy.compactMap { directive -> Int? in
        let parts = directive.split(separator: "=", maxSplits: 1)
        guard parts.count == 2,
          parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age"
        else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }.first
    }
    self.age = age.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// Seconds until the answer expires and the CDN will ask the origin again.
  public var secondsLeft: Int? {
    maxAge.map { max(0, $0 - (age ?? 0)) }
  }

  /// "in about 15 minutes (it keeps this answer 30 minutes and has held it 15)".
  public func retryText(of what: String) -> String? {
    guard let maxAge, let left = secondsLeft else { return nil }
    let held = age.map { " and has held it \(Self.duration($0))" } ?? ""
    let when = left == 0 ? "at the next request for it" : "in about \(Self.duration(left))"
    return "the CDN keeps \(what) \(Self.duration(maxAge))\(held): it asks the origin again \(when)"
  }

  /// `45 s`, `15 minutes`, `6 hours`.
  static func duration(_ seconds: Int) -> String {
    if seconds < 90 { return "\(seconds) s" }
    let minutes = (seconds + 30) / 60
    if minutes < 120 { return "\(minutes) minutes" }
    let hours = Double(seconds) / 3600
    return hours == hours.rounded() ? "\(Int(hours)) hours" : "\(Int(hours.rounded())) hours"
  }
}
