/// An APK's compiled `AndroidManifest.xml` written back as the source XML the manifest readers
/// take, each start tag on the line the binary XML records for it (so findings name
/// `AndroidManifest.xml:LINE` as `aapt dump xmltree` does), with its `@string/…` and `@bool/…`
/// references resolved through `resources.arsc` into ``resources``.
///
/// Reading the APK's manifest as text keeps one model of a manifest: what the source reader
/// checks and routes, it checks and routes in an APK too, merged library filters included.
public struct CompiledManifest: Sendable {
  /// The most text written: a manifest is kilobytes; references to one long string repeated
  /// could otherwise make gigabytes.
  static let maximumTextSize = 16 << 20
  /// The most blank lines written to put tags on their lines (a hostile line number is not a
  /// reason to write gigabytes of newlines).
  static let maximumBlankLines = 1_000_000
  static let androidNamespace = "http://schemas.android.com/apk/res/android"
  static let toolsNamespace = "http://schemas.android.com/tools"

  /// XML text, UTF-8.
  public let source: [UInt8]
  /// The values of the app's references, keyed `string/name` as a source manifest's resources.
  public let resources: ManifestResources

  /// Reads the compiled manifest, resolving its references in `resourceTable` (an APK's
  /// `resources.arsc`) when given.
  public init(manifest: [UInt8], resourceTable: [UInt8]?) throws(BinaryResourceError) {
    let document = try BinaryXMLDocument(manifest)
    var resolver: ResourceTable.Resolver?
    if let resourceTable {
      do {
        resolver = try ResourceTable(resourceTable).resolver()
      } catch {
        throw BinaryResourceError("resources.arsc: \(error.description)")
      }
    }
    var writer = Writer(document: document)
    try writer.write(resolver: &resolver)
    source = Array(writer.text.utf8)
    resources = ManifestResources(values: writer.values)
  }

  private struct Writer {
    let document: BinaryXMLDocument
    /// Line 1 is the declaration a source manifest starts with (the root is on line 2 after it).
    var text = #"<?xml version="1.0" encoding="utf-8"?>"#
    var line = 1
    var blankLines = 0
    var values: [String: String] = [:]
    var open: [String] = []
    var justOpened = false

    init(document: BinaryXMLDocument) { self.document = document }

    mutating func write(resolver: inout ResourceTable.Resolver?) throws(BinaryResourceError) {
      for event in document.events {
        switch event {
        case .start(_, let name, let elementLine, let attributes):
          if elementLine > line, blankLines + (elementLine - line) <= maximumBlankLines {
            blankLines += elementLine - line
            text += String(repeating: "\n", count: elementLine - line)
            line = elementLine
          }
          // An element's namespace means nothing in a manifest: its local name is written.
          let qualified = CompiledManifest.xmlName(name)
          text += "<" + qualified
          if open.isEmpty {
            text += #" xmlns:android="\#(CompiledManifest.androidNamespace)""#
            text += #" xmlns:tools="\#(CompiledManifest.toolsNamespace)""#
          }
          var written: Set<String> = []
          for attribute in attributes {
            let attributeName = Self.attributeName(attribute.namespace, attribute.name)
            // XML allows an attribute once; the compiled form does not say which one wins.
            guard written.insert(attributeName).inserted else { continue }
            let value = try self.value(of: attribute, resolver: &resolver)
            text += " \(attributeName)=\"\(CompiledManifest.escaped(value))\""
          }
          text += ">"
          open.append(qualified)
          justOpened = true
        case .end:
          let name = open.popLast() ?? "_"
          if justOpened {
            // `<data …/>`, as a source manifest writes an element without children.
            text.removeLast()
            text += "/>"
          } else {
            text += "</\(name)>"
          }
          justOpened = false
        }
        guard text.utf8.count <= maximumTextSize else {
          throw BinaryResourceError(
            "the manifest written as text is over \(maximumTextSize >> 20) MiB; a manifest is not")
        }
      }
      text += "\n"
    }

    /// An attribute's name as the manifest reader takes it: `android:` for Android's namespace,
    /// `tools:` (which the reader ignores, as Android ignores them) for any other, the bare name
    /// for none. The file's own prefixes and URIs are not written: a URI that is not a valid one
    /// would make the text not well formed, and only Android's namespace means anything here.
    static func attributeName(_ namespace: String?, _ name: String) -> String {
      let local = CompiledManifest.xmlName(name)
      guard let namespace else { return local == "xmlns" ? "xmlns_" : local }
      return (namespace == CompiledManifest.androidNamespace ? "android:" : "tools:") + local
    }

    /// A value as a source manifest writes it: strings as they are, references as
    /// `@type/name` (their values kept in ``values``), the other types as aapt prints them.
    mutating func value(
      of attribute: BinaryXMLDocument.Attribute, resolver: inout ResourceTable.Resolver?
    ) throws(BinaryResourceError) -> String {
      let value = attribute.value
      if value.type == TypedValue.string {
        if let raw = attribute.raw { return raw }
        return try document.strings.string(value.data) ?? ""
      }
      guard value.isReference else { return attribute.raw ?? value.written }
      let hex = "0x" + String(value.data, radix: 16)
      // Android's own resources (0x01…) are in framework-res.apk, not in the app.
      if value.data >> 24 == 0x01 { return "@android:res/\(hex)" }
      guard let resolved = resolver?.resolve(value.data) else { return "@res/\(hex)" }
      if let resolvedValue = resolved.value, values.count < 100_000 {
        values[resolved.key] = resolvedValue
        if values[resolved.key]?.utf8.count ?? 0 > 65_536 {
          values[resolved.key] = String(
            decoding: resolvedValue.utf8.prefix(65_536), as: UTF8.self)
        }
      }
      return "@" + resolved.key
    }
  }

  /// `name` with every character an XML name cannot hold as `_` (a compiled file's names are
  /// strings of any kind; the text must stay well formed): XML 1.0's `NameStartChar` first and
  /// `NameChar` after, without `:` (a name here is a local name).
  static func xmlName(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars.prefix(256) {
      let fits = result.isEmpty ? isNameStart(scalar.value) : isNameCharacter(scalar.value)
      result.unicodeScalars.append(fits ? scalar : "_")
    }
    return result.isEmpty ? "_" : result
  }

  private static func isNameStart(_ value: UInt32) -> Bool {
    switch value {
    case 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
      0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
      0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
      true
    default: false
    }
  }

  private static func isNameCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
    default: isNameStart(value)
    }
  }

  /// Text for a double-quoted attribute value: markup escaped, white space kept as character
  /// references, characters XML 1.0 does not allow as U+FFFD.
  static func escaped(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t": result += "&#9;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
