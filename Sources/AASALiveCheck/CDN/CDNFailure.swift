import AASACore

/// Why Apple's CDN has no copy of a site's file, as its response headers say
/// (`Apple-Failure-Reason`, `Apple-Failure-Details`): ``AppleCDNFailure`` (shared with the
/// reading of a pasted capture in `AASADevice`), with the advice pointing at this check's lines.
public struct CDNFailure: Sendable, Hashable {
  public typealias Cause = AppleCDNFailure.Cause

  /// The headers, read and classified.
  public let explained: AppleCDNFailure

  /// `SWCERR00101`, when the reason starts with a code.
  public var code: String? { explained.code }
  /// The reason as sent.
  public var reason: String { explained.reason }
  /// `Apple-Failure-Details` as key and value pairs.
  public var details: [(key: String, value: String)] { explained.details }
  public var cause: Cause { explained.cause }

  public static func == (lhs: CDNFailure, rhs: CDNFailure) -> Bool {
    lhs.explained == rhs.explained
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(explained) }

  /// Reads the two headers; nil when the CDN sent neither.
  public init?(reason reasonHeader: String?, details detailsHeader: String?) {
    guard let explained = AppleCDNFailure(reason: reasonHeader, details: detailsHeader) else {
      return nil
    }
    self.explained = explained
  }

  /// What the failure means, in words.
  public var meaning: String { explained.meaning }

  /// What to change, pointing at this check's lines.
  public var advice: String { explained.advice(pointingAtCheckLines: true) }
}
