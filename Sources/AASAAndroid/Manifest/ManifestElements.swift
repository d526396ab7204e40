import AASACore
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The parts of a manifest that decide App Links, as read from the XML: each intent filter with
/// its actions, categories and `<data>` attributes, where they were written.
struct ManifestElements {
  /// An attribute in the `android` namespace (any prefix but `tools`): its value as written
  /// and where its name starts.
  struct Attribute {
    var value: String
    var location: SourceLocation
  }

  struct DataElement {
    var line: Int
    var scheme: String?
    var host: String?
    var paths: [ManifestPath] = []
    /// Where `<data` starts.
    var location = SourceLocation.start
    /// Every `android:` attribute by local name (`host`, `pathPrefix`, `port`, `mimeType`…).
    var attributes: [String: Attribute] = [:]
  }

  /// A `<uri-relative-filter-group>` (Android 15): its `<data>` elements, which Android ANDs,
  /// kept apart from the filter's own `<data>` (which it ORs), in declaration order.
  struct Group {
    var line: Int
    /// Where `<uri-relative-filter-group` starts.
    var location: SourceLocation
    /// `android:allow` as written, nil when absent (Android's default is `true`).
    var allow: Attribute?
    var data: [DataElement] = []
  }

  struct Filter {
    var line: Int
    var component: String
    /// `android:autoVerify` as written (`true`, `@bool/autoVerify`), nil when absent.
    var autoVerify: String?
    var actions: [String] = []
    var categories: [String] = []
    var data: [DataElement] = []
    /// Its `<uri-relative-filter-group>` elements, in the order written (the order decides).
    var groups: [Group] = []
    /// Where `<intent-filter` starts, and its `android:autoVerify`.
    var location = SourceLocation.start
    var autoVerifyLocation: SourceLocation?
    /// `activity`, `activity-alias`, `service` or `receiver`.
    var componentKind = "activity"
    /// An alias's `android:targetActivity`.
    var targetActivity: String?
  }

  var package: String?
  var rootName: String?
  var filters: [Filter] = []
  /// The `android:resource` (or `android:value`) of `<application>`'s
  /// `<meta-data android:name="asset_statements">`: Credential Manager's statements.
  var assetStatements: Attribute?
}

/// Reads the elements with Foundation's `XMLParser` (libxml2's SAX parser: no external entities,
/// bounded nesting), keeping only what App Links need, and stopping past a bound of elements.
final class ManifestXMLReader: NSObject, XMLParserDelegate {
  static let maximumElements = 200_000

  private(set) var elements = ManifestElements()
  private var current: ManifestElements.Filter?
  /// The open `<uri-relative-filter-group>` of ``current``, and how many more are open inside it
  /// (Android reads no group inside a group: their `<data>` count as the outer group's).
  private var currentGroup: ManifestElements.Group?
  private var nestedGroups = 0
  private var componentStack: [(name: String, kind: String, target: String?)] = []
  /// Finds each start tag's attributes in the bytes (XMLParser only gives a tag's end).
  private var locator = StartTagLocator([])
  private var elementCount = 0
  /// The open elements, to catch what a lenient SAX parser lets through (a closing tag that
  /// does not match, an element never closed).
  private var openElements: [(name: String, line: Int)] = []
  private var structureError: (line: Int, column: Int, message: String)?
  /// Elements opened past the depth kept in ``openElements``.
  private var untrackedDepth = 0
  private(set) var tooLarge = false
  private weak var parser: XMLParser?

  /// Reads `bytes`; the error's line and column when the XML is not well formed.
  func read(_ bytes: [UInt8]) -> (line: Int, column: Int, message: String)? {
    // FoundationXML traps on an element name that is not UTF-8 (swift-corelibs-foundation
    // force-unwraps it), so such a file is refused here, with the position of the first bad byte.
    if let offset = Self.firstInvalidUTF8(bytes) {
      let before = bytes[..<offset]
      let line = before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      let byte = String(bytes[offset], radix: 16, uppercase: true)
      return (
        line, offset - lineStart + 1,
        "the file is not UTF-8: byte 0x\(byte) does not start or continue a character"
      )
    }
    locator = StartTagLocator(bytes)
    let parser = XMLParser(data: Data(bytes))
    parser.shouldResolveExternalEntities = false
    parser.delegate = self
    self.parser = parser
    let parsed = parser.parse()
    if tooLarge { return nil }
    if parsed, parser.parserError == nil {
      if let structureError { return structureError }
      if let unclosed = openElements.last {
        return (
          max(1, parser.lineNumber), 1,
          "the XML is not well formed: <\(unclosed.name)> (line \(unclosed.line)) is never closed"
        )
      }
      return nil
    }
    let error = parser.parserError
    let message = error.map { Self.describe($0 as NSError) } ?? "the XML cannot be read"
    return (max(1, parser.lineNumber), max(1, parser.columnNumber), message)
  }

  /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// libxml2's error codes (`xmlParserErrors`) that a hand-edited manifest runs into.
  private static let knownErrors: [Int: String] = [
    4: "the document is empty", 5: "there is content after the root element",
    41: "an attribute has no value", 45: "a comment is not closed",
    76: "a closing tag does not match the element it closes",
    77: "an element is not closed before the end", 80: "a comment contains `--`",
    201: "an attribute or element uses an undeclared namespace prefix",
  ]

  private static func describe(_ error: NSError) -> String {
    let known = knownErrors[error.code].map { ": \($0)" } ?? " (libxml2 error \(error.code))"
    return "the XML is not well formed" + known
  }

  /// The local part of `android:name`; attributes in the `tools` namespace are the build's.
  private static func androidAttribute(_ name: String, in attributes: [String: String])
    -> String?
  {
    androidAttributeEntry(name, in: attributes)?.value
  }

  /// The qualified name and value of `android:name` (any prefix but `tools`).
  private static func androidAttributeEntry(_ name: String, in attributes: [String: String])
    -> (key: String, value: String)?
  {
    if let value = attributes["android:" + name] { return ("android:" + name, value) }
    for (key, value) in attributes {
      let parts = key.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[1] == name, parts[0] != "tools" { return (key, value) }
    }
    return nil
  }

  /// Every `android:` attribute by local name, with where the locator found its name (the
  /// tag's start when it did not).
  private static func androidAttributes(
    _ attributes: [String: String], tag: StartTagLocator.Tag?, fallback: SourceLocation
  ) -> [String: ManifestElements.Attribute] {
    var result: [String: ManifestElements.Attribute] = [:]
    for (key, value) in attributes {
      let parts = key.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0] != "tools", parts[0] != "xmlns" else { continue }
      let name = String(parts[1])
      if result[name] != nil && parts[0] != "android" { continue }
      result[name] = .init(
        value: value, location: tag?.attributes[key] ?? tag?.location ?? fallback)
    }
    return result
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elementCount += 1
    if elementCount > Self.maximumElements {
      tooLarge = true
      parser.abortParsing()
      return
    }
    let tag = locator.next(named: elementName)
    let line = tag?.location.line ?? parser.lineNumber
    let tagLocation = tag?.location ?? SourceLocation(line: line, column: 1, offset: 0)
    if openElements.count < 10_000 {
      openElements.append((elementName, line))
    } else {
      untrackedDepth += 1
    }
    if elements.rootName == nil {
      elements.rootName = elementName
      elements.package = attributes["package"]
    }
    switch elementName {
    case "activity", "activity-alias", "service", "receiver":
      componentStack.append(
        (
          Self.androidAttribute("name", in: attributes) ?? elementName, elementName,
          Self.androidAttribute("targetActivity", in: attributes)
        ))
    case "meta-data":
      // `<application>`'s own meta-data: inside a component it is that component's.
      guard componentStack.isEmpty, elements.assetStatements == nil,
        openElements.dropLast().last?.name == "application",
        Self.androidAttribute("name", in: attributes) == "asset_statements",
        let entry = Self.androidAttributeEntry("resource", in: attributes)
          ?? Self.androidAttributeEntry("value", in: attributes)
      else { break }
      elements.assetStatements = .init(
        value: entry.value, location: tag?.attributes[entry.key] ?? tagLocation)
    case "intent-filter":
      let autoVerify = Self.androidAttributeEntry("autoVerify", in: attributes)
      let component = componentStack.last
      current = ManifestElements.Filter(
        line: line, component: component?.name ?? "?", autoVerify: autoVerify?.value,
        location: tagLocation,
        autoVerifyLocation: autoVerify.map { tag?.attributes[$0.key] ?? tagLocation },
        componentKind: component?.kind ?? "activity", targetActivity: component?.target)
    case "action":
      if let name = Self.androidAttribute("name", in: attributes) { current?.actions.append(name) }
    case "category":
      if let name = Self.androidAttribute("name", in: attributes) {
        current?.categories.append(name)
      }
    case "uri-relative-filter-group":
      guard current != nil else { break }
      if currentGroup != nil {
        nestedGroups += 1
        break
      }
      let allow = Self.androidAttributeEntry("allow", in: attributes).map {
        ManifestElements.Attribute(
          value: $0.value, location: tag?.attributes[$0.key] ?? tagLocation)
      }
      currentGroup = ManifestElements.Group(line: line, location: tagLocation, allow: allow)
    case "data":
      let element = ManifestElements.DataElement(
        line: line, scheme: Self.androidAttribute("scheme", in: attributes),
        host: Self.androidAttribute("host", in: attributes),
        paths: ManifestPath.attributes.compactMap { name, make in
          Self.androidAttribute(name, in: attributes).map(make)
        }, location: tagLocation,
        attributes: Self.androidAttributes(attributes, tag: tag, fallback: tagLocation))
      if currentGroup != nil {
        currentGroup?.data.append(element)
      } else {
        current?.data.append(element)
      }
    default:
      break
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if untrackedDepth > 0 {
      untrackedDepth -= 1
    } else if let open = openElements.popLast(), open.name != elementName, structureError == nil {
      structureError = (
        max(1, parser.lineNumber), max(1, parser.columnNumber),
        "the XML is not well formed: </\(elementName)> closes <\(open.name)> (line \(open.line))"
      )
    }
    switch elementName {
    case "activity", "activity-alias", "service", "receiver":
      _ = componentStack.popLast()
    case "uri-relative-filter-group":
      if nestedGroups > 0 {
        nestedGroups -= 1
      } else if let group = currentGroup {
        current?.groups.append(group)
        currentGroup = nil
      }
    case "intent-filter":
      if let group = currentGroup { current?.groups.append(group) }
      currentGroup = nil
      nestedGroups = 0
      if let filter = current { elements.filters.append(filter) }
      current = nil
    default:
      break
    }
  }
}
