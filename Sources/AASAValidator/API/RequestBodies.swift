import AASALint
import Foundation

/// The JSON bodies of the API, as sent. Every field is optional to the decoder, so that a
/// missing one is named in a `bad-input` answer rather than as a decoding error.
struct LintBody: Decodable {
  var text: String?
  var name: String?
  /// The kind the text is linted as, as `--kind` names it (told from the content when absent).
  var kind: String?
  var urls: [String]?
  var app: String?
  var domain: String?
  var expect: String?
  var grants: [String]?
}

struct CheckBody: Decodable {
  var site: String?
  var paths: [String]?
  var app: String?
  var cdn: Bool?
  /// Also ask Google's Digital Asset Links API what it reads from the site's assetlinks.json, as
  /// `check --google` does (at the validator's start-up base, its host vetted as the site's).
  var google: Bool?
  /// An app's `.entitlements` or `.mobileprovision`, checked as `check --entitlements` does.
  var entitlements: FileBody?
  /// An AndroidManifest.xml, checked as `check --manifest` does (its hosts and the sites its
  /// `asset_statements` share sign-in with), its `@string/` values from `strings`.
  var manifest: FileBody?
  var strings: FileBody?
  /// With `manifest`: SHA-256 fingerprints that must be granted, as `--grants`.
  var grants: [String]?
  /// Opt-in: the answer's `files` hold each well-known file's text as fetched (decoded, at most
  /// 128 KB each), so that the page shows what the site serves, not only what was judged.
  var files: Bool?
}

/// A file as the page sends it: its text, or its bytes in base64 (a binary profile), and the
/// name it is shown by. A bare string is its text.
struct FileBody: Decodable {
  var text: String?
  var base64: String?
  var name: String?

  private enum CodingKeys: String, CodingKey { case text, base64, name }

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self.text = text
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    text = try container.decodeIfPresent(String.self, forKey: .text)
    base64 = try container.decodeIfPresent(String.self, forKey: .base64)
    name = try container.decodeIfPresent(String.self, forKey: .name)
  }
}

struct RouteBody: Decodable {
  var site: String?
  /// The site's two files given instead of a live site.
  var aasa: FileBody?
  var assetlinks: FileBody?
  var domain: String?
  var urls: [String]?
  var app: String?
  var package: String?
  var fingerprint: String?
  var manifest: FileBody?
  var placeholders: [String]?
  var entitlements: FileBody?
}

struct DiffBody: Decodable {
  struct Side: Decodable {
    var text: String?
    var name: String?
    var site: String?
    /// Apple's CDN copy of this host's association file.
    var cdn: String?
  }
  var old: Side?
  var new: Side?
  var urls: [String]?
}

struct DeviceBody: Decodable {
  var text: String?
}

/// Reads and bounds the bodies.
struct BodyReader {
  var limits: ValidatorLimits

  func decode<Body: Decodable>(_ type: Body.Type, _ bytes: [UInt8]) throws(APIError) -> Body {
    do {
      return try JSONDecoder().decode(Body.self, from: Data(bytes))
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context)
    {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw .badInput("\(field) has the wrong type")
    } catch {
      throw .badInput("the body is not a JSON object of the endpoint's fields")
    }
  }

  func text(_ text: String?, field: String) throws(APIError) -> String {
    guard let text else { throw .badInput("\(field) is missing") }
    guard text.utf8.count <= limits.maximumText else {
      throw .tooLarge("\(field) is over \(limits.maximumText) bytes")
    }
    return text
  }

  func list(_ list: [String]?, field: String, maximum: Int) throws(APIError) -> [String] {
    let list = list ?? []
    guard list.count <= maximum else { throw .tooLarge("\(field) has over \(maximum) entries") }
    for entry in list where entry.utf8.count > limits.maximumURLLength {
      throw .tooLarge("an entry of \(field) is over \(limits.maximumURLLength) bytes")
    }
    return list.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  /// A file name as findings show it (only a label: nothing is read from it), printable, at
  /// most 200 bytes.
  func name(_ name: String?, fallback: String) -> String {
    guard let name else { return fallback }
    let printable = String(
      name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
    guard !printable.isEmpty, printable.utf8.count <= 200 else { return fallback }
    return printable
  }

  /// A file's bytes, from its text or its base64, bounded as pasted text is.
  func file(_ file: FileBody?, field: String) throws(APIError) -> [UInt8]? {
    guard let file else { return nil }
    switch (file.text, file.base64) {
    case (let text?, nil):
      return Array(try self.text(text, field: "\(field).text").utf8)
    case (nil, let encoded?):
      // Four characters of base64 carry three bytes: anything longer is over the limit.
      guard encoded.utf8.count / 4 <= limits.maximumText / 3 + 1 else {
        throw .tooLarge("\(field) is over \(limits.maximumText) bytes")
      }
      guard
        let data = Data(
          base64Encoded: encoded.filter { !$0.isWhitespace }, options: .ignoreUnknownCharacters)
      else {
        throw .badInput("\(field).base64 is not base64")
      }
      guard data.count <= limits.maximumText else {
        throw .tooLarge("\(field) is over \(limits.maximumText) bytes")
      }
      return Array(data)
    case (nil, nil):
      throw .badInput("\(field) has neither text nor base64")
    case (.some, .some):
      throw .badInput("\(field) has both text and base64: give one")
    }
  }

  func lint(_ bytes: [UInt8]) throws(APIError) -> LintInput {
    let body = try decode(LintBody.self, bytes)
    var input = LintInput(
      text: try text(body.text, field: "text"), name: name(body.name, fallback: "pasted.json"),
      urls: try list(body.urls, field: "urls", maximum: limits.maximumURLs), app: body.app,
      domain: body.domain)
    input.grants = try list(body.grants, field: "grants", maximum: limits.maximumPaths)
    if let kind = body.kind, !kind.isEmpty {
      guard let known = InputKind(rawValue: kind) else {
        throw .badInput(
          "kind must be one of \(InputKind.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      input.kind = known
    }
    if let expect = body.expect {
      guard expect.utf8.count <= limits.maximumText else { throw .tooLarge("expect is too large") }
      guard expect.split(separator: "\n").count <= limits.maximumExpectLines else {
        throw .tooLarge("expect has over \(limits.maximumExpectLines) lines")
      }
      input.expect = expect
    }
    return input
  }
}
