import AASA
import AASACore
import Testing

/// One diagnostic code's example: a small AASA text that triggers it, with `⟪` marking the
/// character the finding must point at, and a near-identical text that must not trigger it.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
  static let marker: Unicode.Scalar = "⟪"

  var code: String
  var severity: Severity
  /// The dotted path the finding must name.
  var path: String
  /// The triggering text, with one `⟪` before the offending character.
  var trigger: String
  /// The near-identical text that must not trigger the code.
  var valid: String
  /// Put a 0xFF byte where the marker stands (for invalid UTF-8).
  var insertsInvalidByte = false

  var testDescription: String { code }

  /// The trigger's bytes without the marker, and where the marker stood.
  var triggerInput: (bytes: [UInt8], line: Int, column: Int, offset: Int) {
    var bytes: [UInt8] = []
    var line = 1
    var column = 1
    var found: (Int, Int, Int)?
    for scalar in trigger.unicodeScalars {
      if scalar == Self.marker {
        found = (line, column, bytes.count)
        if insertsInvalidByte { bytes.append(0xFF) }
        continue
      }
      if found == nil {
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      bytes.append(contentsOf: Array(String(scalar).utf8))
    }
    precondition(found != nil, "\(code): the trigger has no marker")
    return (bytes, found!.0, found!.1, found!.2)
  }

  var validBytes: [UInt8] { Array(valid.utf8) }
}
