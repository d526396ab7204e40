/// A single-pass checker that collects findings as it walks a JSON document.
///
/// At most ``FindingTally/maximumPerCode`` findings of one code are kept; past that they are
/// only counted (``FindingTally``), without building their messages, so a file of a million
/// identical mistakes is checked in linear time and reported in a page.
public protocol DiagnosticReporting {
  var diagnostics: [Diagnostic] { get set }
  var tally: FindingTally { get set }
}

/// What a checker reported, counted per code, including what it did not keep.
public struct FindingTally: Sendable {
  /// How many findings of one code are kept.
  public static let maximumPerCode = 1_000

  /// Every error reported, kept or not: a statement is invalid when it raised this count.
  public private(set) var errors = 0
  private var counts: [DiagnosticCode: Int] = [:]
  /// The first finding of each code that was not kept, with the count of those not kept.
  public init() {}

  private var unlisted: [DiagnosticCode: (first: Diagnostic, count: Int)] = [:]

  /// Counts a finding of `code`; whether it is to be kept.
  public mutating func count(_ code: DiagnosticCode, severity: Severity) -> Bool {
    if severity == .error { errors += 1 }
    let count = counts[code, default: 0] + 1
    counts[code] = count
    return count <= Self.maximumPerCode
  }

  /// Counts a finding not kept; the first one of its code is made, the others only counted.
  public mutating func notList(_ code: DiagnosticCode, _ diagnostic: () -> Diagnostic) {
    if let previous = unlisted[code] {
      unlisted[code] = (previous.first, previous.count + 1)
    } else {
      unlisted[code] = (diagnostic(), 1)
    }
  }

  /// One finding per code that counts the findings not kept, where the first of them stood.
  public var summaries: [Diagnostic] {
    unlisted.map { _, entry in
      Diagnostic(
        .JSON.tooManySlips, at: entry.first.location, path: entry.first.path,
        message:
          "\(entry.count) more \(entry.first.code) (\(entry.first.code.title)) findings from here on are not listed (only the first \(Self.maximumPerCode) are)",
        severity: entry.first.severity)
    }
  }
}

extension DiagnosticReporting {
  /// Reports a finding about `value`, located where the value starts.
  public mutating func report(
    _ code: DiagnosticCode, _ value: JSONValue, _ path: String,
    _ message: @autoclosure () -> String, help: @autoclosure () -> String? = nil
  ) {
    report(code, at: value.location, path, message(), help: help())
  }

  public mutating func report(
    _ code: DiagnosticCode, at location: SourceLocation, _ path: String,
    _ message: @autoclosure () -> String, help: @autoclosure () -> String? = nil
  ) {
    guard tally.count(code, severity: code.severity) else {
      tally.notList(code) { Diagnostic(code, at: location, path: path, message: "", help: "") }
      return
    }
    diagnostics.append(
      Diagnostic(code, at: location, path: path, message: message(), help: help()))
  }

  /// The findings kept, and one that counts the rest of each code.
  public var allDiagnostics: [Diagnostic] { diagnostics + tally.summaries }
}
