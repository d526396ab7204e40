import Foundation

/// The `manifestPlaceholders` and `applicationId` of a module's `build.gradle` or
/// `build.gradle.kts`, read by a small bounded scanner (not a Groovy or Kotlin interpreter):
/// `manifestPlaceholders["k"] = "v"`, `manifestPlaceholders += [k: "v"]`,
/// `manifestPlaceholders = [k: "v"]`, `manifestPlaceholders.put("k", "v")`,
/// `manifestPlaceholders += mapOf("k" to "v")`, `applicationId "x"` and `applicationId = "x"`.
///
/// Only string literals are read; a value computed by the build script is not a literal and is
/// left out, so the manifest's `${k}` stays unresolved and is reported as such. The first value
/// of a name wins (usually `defaultConfig`); names given other values later (flavors, build
/// types) are listed in ``conflicting``.
public struct GradlePlaceholders: Hashable, Sendable {
  public var applicationId: String?
  public var placeholders: [String: String]
  /// Names given a different literal later in the file (a flavor or build type overrides it).
  public var conflicting: [String]

  /// The most of a build file read.
  static let maximumBytes = 4 << 20

  public init(applicationId: String? = nil, placeholders: [String: String] = [:]) {
    self.applicationId = applicationId
    self.placeholders = placeholders
    conflicting = []
  }

  /// Reads a build file's text.
  public init(buildFile text: String) {
    self.init()
    var scanner = GradleScanner(Array(text.utf8.prefix(Self.maximumBytes)))
    scanner.run { name, value in
      self.add(name, value)
    } applicationId: { id in
      if self.applicationId == nil { self.applicationId = id }
    }
  }

  private mutating func add(_ name: String, _ value: String) {
    if let existing = placeholders[name] {
      if existing != value, !conflicting.contains(name) { conflicting.append(name) }
    } else if placeholders.count < 10_000 {
      placeholders[name] = value
    }
  }

  /// The placeholders the manifest merger fills in: the file's, with `applicationId` (the
  /// build's, else the manifest's `package`).
  public func resolving(package: String?) -> [String: String] {
    var all = placeholders
    if all["applicationId"] == nil, let id = applicationId ?? package { all["applicationId"] = id }
    return all
  }

  /// Where the build file of the module holding `manifestPath` usually is: for
  /// `app/src/main/AndroidManifest.xml`, `app/build.gradle.kts` then `app/build.gradle`; for a
  /// manifest at the module's root, beside it.
  public static func candidatePaths(forManifestAt manifestPath: String) -> [String] {
    let manifest = URL(fileURLWithPath: manifestPath)
    let folder = manifest.deletingLastPathComponent()
    var modules: [URL] = []
    if folder.deletingLastPathComponent().lastPathComponent == "src" {
      modules.append(folder.deletingLastPathComponent().deletingLastPathComponent())
    }
    modules.append(folder)
    return modules.flatMap {
      [
        $0.appendingPathComponent("build.gradle.kts").path,
        $0.appendingPathComponent("build.gradle").path,
      ]
    }
  }

  /// The first of ``candidatePaths(forManifestAt:)`` that exists.
  public static func findBuildFile(besideManifest manifestPath: String) -> String? {
    candidatePaths(forManifestAt: manifestPath).first { FileManager.default.fileExists(atPath: $0) }
  }
}

/// One forward pass over a build script: comments and strings are skipped as tokens, and the
/// words `manifestPlaceholders` and `applicationId` start the few forms read.
private struct GradleScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func run(
    placeholder: (String, String) -> Void, applicationId: (String) -> Void
  ) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        skipLine()
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        skipBlockComment()
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        _ = readString()
      } else if isIdentifierStart(byte) {
        let word = readIdentifier()
        if word == "manifestPlaceholders" {
          readPlaceholders(placeholder)
        } else if word == "applicationId" {
          skipSpaces()
          if peek(0) == UInt8(ascii: "=") {
            index += 1
            skipSpaces()
          }
          if peek(0) == UInt8(ascii: "(") {
            index += 1
            skipSpaces()
          }
          if let value = readString() { applicationId(value) }
        }
      } else {
        index += 1
      }
    }
  }

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  private func isIdentifier(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private mutating func readIdentifier() -> String {
    let start = index
    while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipSpaces() {
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  private mutating func skipLine() {
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
  }

  private mutating func skipBlockComment() {
    index += 2
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        index += 2
        return
      }
      index += 1
    }
  }

  /// A quoted literal at the cursor (`"…"`, `'…'`, with `\` escapes), or nil when there is none
  /// or it interpolates (`"${x}"`, `"$x"`: the build computes it).
  private mutating func readString() -> String? {
    guard let quote = peek(0), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      return nil
    }
    index += 1
    var value: [UInt8] = []
    var interpolates = false
    while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
        index += 1
      } else if bytes[index] == UInt8(ascii: "$"), quote == UInt8(ascii: "\"") {
        interpolates = true
      }
      value.append(bytes[index])
      index += 1
    }
    index = min(index + 1, bytes.count)
    return interpolates ? nil : String(decoding: value, as: UTF8.self)
  }

  /// A key: a string literal, or a bare Groovy map key.
  private mutating func readKey() -> String? {
    skipSpaces()
    if let quote = peek(0), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      return readString()
    }
    guard let byte = peek(0), isIdentifierStart(byte) else { return nil }
    return readIdentifier()
  }

  /// After `manifestPlaceholders`: `["k"] = "v"`, `.put("k", "v")`, `(+)= [k: "v", …]`,
  /// `(+)= mapOf("k" to "v", …)`, `.putAll(mapOf(…))` / `.putAll([…])`.
  private mutating func readPlaceholders(_ placeholder: (String, String) -> Void) {
    skipSpaces()
    guard let byte = peek(0) else { return }
    if byte == UInt8(ascii: "[") {
      index += 1
      guard let key = readKey() else { return }
      skipSpaces()
      guard peek(0) == UInt8(ascii: "]") else { return }
      index += 1
      skipSpaces()
      guard peek(0) == UInt8(ascii: "=") else { return }
      index += 1
      skipSpaces()
      if let value = readString() { placeholder(key, value) }
      return
    }
    if byte == UInt8(ascii: ".") {
      index += 1
      let method = readIdentifier()
      skipSpaces()
      guard peek(0) == UInt8(ascii: "(") else { return }
      index += 1
      if method == "put" {
        guard let key = readKey() else { return }
        skipSpaces()
        guard peek(0) == UInt8(ascii: ",") else { return }
        index += 1
        skipSpaces()
        if let value = readString() { placeholder(key, value) }
      } else if method == "putAll" {
        skipSpaces()
        readMap(placeholder)
      }
      return
    }
    if byte == UInt8(ascii: "+") { index += 1 }
    guard peek(0) == UInt8(ascii: "=") else { return }
    index += 1
    skipSpaces()
    readMap(placeholder)
  }

  /// `[k: "v", "k2": "v2"]` or `mapOf("k" to "v", …)`, bounded by the closing bracket.
  private mutating func readMap(_ placeholder: (String, String) -> Void) {
    let kotlin: Bool
    if peek(0) == UInt8(ascii: "[") {
      kotlin = false
      index += 1
    } else if bytes[index...].starts(with: Array("mapOf(".utf8))
      || bytes[index...].starts(with: Array("mutableMapOf(".utf8))
    {
      kotlin = true
      while index < bytes.count, bytes[index] != UInt8(ascii: "(") { index += 1 }
      index += 1
    } else {
      return
    }
    let close = kotlin ? UInt8(ascii: ")") : UInt8(ascii: "]")
    for _ in 0..<10_000 {
      skipSpaces()
      guard let byte = peek(0), byte != close else { return }
      guard let key = readKey() else { return }
      skipSpaces()
      if kotlin {
        guard readIdentifier() == "to" else { return }
      } else {
        guard peek(0) == UInt8(ascii: ":") else { return }
        index += 1
      }
      skipSpaces()
      let value = readString()
      if let value { placeholder(key, value) }
      // Skip to the next entry (a computed value is skipped whole, up to its comma).
      var depth = 0
      while index < bytes.count {
        let byte = bytes[index]
        if depth == 0 && (byte == UInt8(ascii: ",") || byte == close) { break }
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1 }
        index += 1
      }
      if peek(0) == UInt8(ascii: ",") { index += 1 }
    }
  }
}
