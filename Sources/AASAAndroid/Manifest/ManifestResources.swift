import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What a source manifest's values refer to: `${placeholders}` the build fills in
/// (the build's `manifestPlaceholders`) and `@string/` / `@bool/`
/// resources from `res/values*/` beside the manifest.
public struct ManifestResources: Sendable {
  public var placeholders: [String: String]
  /// `@string/name` and `@bool/name` values, keyed `string/name`, `bool/name`.
  public var values: [String: String]

  public init(placeholders: [String: String] = [:], values: [String: String] = [:]) {
    self.placeholders = placeholders
    self.values = values
  }

  /// Reads the `<string>` and `<bool>` values of `res/values/*.xml` files' contents (later files
  /// override earlier ones). The build's `values-v31` is Android 12's: give it last to read the
  /// manifest as Android 12+ does.
  public mutating func addValues(fromXML bytes: [UInt8]) {
    // FoundationXML traps on names that are not UTF-8; such a file defines nothing usable.
    guard ManifestXMLReader.firstInvalidUTF8(bytes) == nil else { return }
    let reader = ValuesXMLReader()
    let parser = XMLParser(data: Data(bytes.prefix(4 << 20)))
    parser.shouldResolveExternalEntities = false
    parser.delegate = reader
    _ = parser.parse()
    values.merge(reader.values) { _, new in new }
  }

  /// `value` with every `${name}` and a whole-value `@type/name` resolved, and the references
  /// that could not be.
  func resolve(_ value: String) -> (value: String, unresolved: [String]) {
    var unresolved: [String] = []
    if value.hasPrefix("@"), let slash = value.firstIndex(of: "/") {
      let type = value.dropFirst().prefix { $0 != "/" }.split(separator: ":").last ?? ""
      let key = "\(type)/\(value[value.index(after: slash)...])"
      if let resolved = values[key] { return (resolved, []) }
      return (value, [value])
    }
    var output = ""
    var rest = Substring(value)
    while let open = rest.range(of: "${") {
      output += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
        output += rest[open.lowerBound...]
        rest = ""
        break
      }
      let name = String(rest[open.upperBound..<close])
      if let resolved = placeholders[name] {
        output += resolved
      } else {
        unresolved.append("${\(name)}")
        output += "${\(name)}"
      }
      rest = rest[rest.index(after: close)...]
    }
    return (output + rest, unresolved)
  }
}

/// Collects `<string name="…">` and `<bool name="…">` from a values file.
private final class ValuesXMLReader: NSObject, XMLParserDelegate {
  var values: [String: String] = [:]
  private var currentKey: String?
  private var text = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if elementName == "string" || elementName == "bool", let name = attributes["name"],
      values.count < 100_000
    {
      currentKey = "\(elementName)/\(name)"
      text = ""
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if currentKey != nil, text.utf8.count < 65_536 { text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if let key = currentKey {
      values[key] = text.trimmingCharacters(in: .whitespacesAndNewlines)
      currentKey = nil
    }
  }
}
