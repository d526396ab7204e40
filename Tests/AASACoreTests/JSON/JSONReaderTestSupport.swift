import AASACore
import Foundation
import Testing

/// Reads `text` with the positioned reader.
func readJSONText(_ text: String) -> JSONReader.Result {
  JSONReader.read(text)
}

/// Reads raw bytes with the positioned reader.
func readJSONBytes(_ bytes: [UInt8]) -> JSONReader.Result {
  JSONReader.read(bytes)
}

extension JSONReader.Result {
  /// The diagnostics with `code`, in the order reported.
  func findings(_ code: DiagnosticCode) -> [Diagnostic] {
    diagnostics.filter { $0.code == code }
  }

  /// The codes of all diagnostics, in the order reported.
  var codes: [String] { diagnostics.map(\.code.rawValue) }
}

extension JSONValue {
  /// The element at `index` of an array value.
  subscript(index: Int) -> JSONValue? {
    guard let elements, index < elements.count else { return nil }
    return elements[index]
  }

  /// The number as written, for a number value.
  var numberText: String? {
    if case .number(let text) = kind { return text }
    return nil
  }

  var isNull: Bool { kind == .null }
}

/// `line:column`, for compact expectations.
func position(_ location: AASACore.SourceLocation) -> String {
  "\(location.line):\(location.column)"
}
