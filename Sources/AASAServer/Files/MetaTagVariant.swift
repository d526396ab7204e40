import AASAAppLinks
import AASACore
import Crypto
import NIOCore

/// The `Prefer-Html-Meta-Tags` answer for an HTML file (`docs/aasa-serve.md#headers`): a minimal
/// HTML document holding only the page's `<meta property>` tags of the prefixes asked for, in page
/// order, HTML-escaped, with an ETag of its own.
///
/// The page is parsed once, when its snapshot is made (with the same HTML5 reader `aasa-lint`
/// uses), and the answer for each prefix the page uses (`al`, which resolvers ask for, `og`, …)
/// is prepared outright; only a request naming several prefixes at once is filtered when it
/// comes. The same reading gives the page's App Link findings, which the reloader logs.
public struct MetaTagVariant: Sendable {
  /// One `<meta>` with a `property`, as the page holds it.
  struct Tag: Sendable {
    var property: String
    var content: String?
  }

  let tags: [Tag]
  /// The file's own ETag without quotes, which the variant's tag extends.
  let baseTag: String
  let lastModified: Int
  let sharedFields: [(name: String, value: String)]
  /// The prepared answer for each prefix the page's tags use, and for `al` always.
  let preparedByPrefix: [String: Representation]
  /// What `aasa-lint` would report about the page's `al:*` tags; empty for a page without any.
  public let appLinkFindings: [Diagnostic]

  init(html: [UInt8], baseTag: String, lastModified: Int, cacheControl: String) {
    let scan = HTMLReader.read(html)
    let reading = AppLinkParser.read(scan, sourceURL: nil)
    appLinkFindings = reading.tags.isEmpty ? [] : AppLinksLinter.lint(reading)
    tags = scan.metaElements.compactMap { element in
      guard let property = element.attribute("property")?.value else { return nil }
      return Tag(property: property, content: element.attribute("content")?.value)
    }
    self.baseTag = baseTag
    self.lastModified = lastModified
    sharedFields =
      PreparedResponse.commonFields + [
        ("last-modified", HTTPDate.format(lastModified)),
        ("cache-control", cacheControl),
        ("vary", "Prefer-Html-Meta-Tags, Accept-Encoding"),
      ]
    var prefixes: Set = ["al"]
    for tag in tags {
      if let colon = tag.property.firstIndex(of: ":") {
        prefixes.insert(String(tag.property[..<colon]))
      }
    }
    var prepared: [String: Representation] = [:]
    for prefix in prefixes {
      prepared[prefix] = Self.representation(
        of: tags, prefixes: [prefix], baseTag: baseTag, sharedFields: sharedFields)
    }
    preparedByPrefix = prepared
  }

  /// The prefixes a header names: `al, og` is `["al", "og"]`. Empty when it names none.
  public static func prefixes(in header: String) -> [String] {
    header.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// The answer for the prefixes a request names.
  func representation(for prefixes: [String]) -> Representation {
    if prefixes.count == 1 {
      // A prefix the page does not use answers an empty document, the same for every such one.
      return preparedByPrefix[prefixes[0]]
        ?? Self.representation(
          of: [], prefixes: prefixes, baseTag: baseTag, sharedFields: sharedFields)
    }
    return Self.representation(
      of: tags, prefixes: prefixes, baseTag: baseTag, sharedFields: sharedFields)
  }

  static func representation(
    of tags: [Tag], prefixes: [String], baseTag: String,
    sharedFields: [(name: String, value: String)]
  ) -> Representation {
    let body = document(
      tags.filter { tag in prefixes.contains { tag.property.hasPrefix($0 + ":") } })
    let digest = SHA256.hash(data: Array(body.utf8)).prefix(8).map { byte in
      (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
    return Representation(
      body: ByteBuffer(string: body), etag: "\"\(baseTag)-meta-\(digest)\"",
      contentType: "text/html; charset=utf-8", contentEncoding: nil, sharedFields: sharedFields)
  }

  static func document(_ tags: [Tag]) -> String {
    var out = "<!DOCTYPE html>\n<html><head>\n"
    for tag in tags {
      out += "<meta property=\"\(escape(tag.property))\""
      if let content = tag.content { out += " content=\"\(escape(content))\"" }
      out += ">\n"
    }
    return out + "</head></html>\n"
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "\"": out += "&quot;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(character)
      }
    }
    return out
  }
}
