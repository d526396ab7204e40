import AASAAndroid
import AASACore
import Foundation

/// `aasa-lint exporter --config FILE`: the modules, read from JSON with every value's line and
/// column, so that a mistake is reported where it is (`exporter.json:7:15: "pahts" is not a key
/// of a module; did you mean "paths"?`), and a reload that finds one keeps the configuration it
/// had.
///
/// ```json
/// {
///   "modules": {
///     "default": {
///       "app": "9JA89QQLNQ.com.example.app",
///       "paths": ["/albums/1", "/help"],
///       "expect": "routes.tsv",
///       "android": [{"package": "com.example.app", "fingerprints": ["14:6D:…:44:E5"]}],
///       "cdn": true, "google": true, "timeout_seconds": 30
///     }
///   }
/// }
/// ```
///
/// Without a file there is one module, `default`, which checks the files and Apple's CDN with no
/// app, paths or grants.
public struct ExporterConfiguration: Sendable, Equatable {
  public var modules: [String: ProbeModule]
  /// Apple's CDN's base instead of `https://app-site-association.cdn-apple.com/a/v1`: a mirror, or
  /// a test's stub. Its host is vetted by the fetch policy as every other.
  public var appleCDNBase: String?
  /// Google's Digital Asset Links API's base instead of Google's.
  public var googleAPIBase: String?

  public static let defaultModule = "default"

  /// The configuration without a file.
  public static let builtIn = ExporterConfiguration(
    modules: [defaultModule: ProbeModule(name: defaultModule)])

  public init(
    modules: [String: ProbeModule], appleCDNBase: String? = nil, googleAPIBase: String? = nil
  ) {
    self.modules = modules
    self.appleCDNBase = appleCDNBase
    self.googleAPIBase = googleAPIBase
  }

  /// A mistake in the file, at its place: `FILE:LINE:COLUMN: what`.
  public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    public var message: String
    public var description: String {
      location.map { "\(file):\($0.line):\($0.column): \(message)" } ?? "\(file): \(message)"
    }
  }

  /// The largest configuration read: far more than any list of modules needs.
  static let maximumSize = 1 << 20

  /// Reads and checks the file at `path`; `expect` tables are named relative to its folder and
  /// must be readable now.
  public static func load(path: String) throws(Invalid) -> ExporterConfiguration {
    let data: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      if let size = attributes[.size] as? Int, size > maximumSize {
        throw Invalid(file: path, message: "is over \(maximumSize) bytes")
      }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch let invalid as Invalid {
      throw invalid
    } catch {
      throw Invalid(file: path, message: "cannot be read (\(Self.reason(error)))")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return try parse(Array(data), file: path, folder: folder)
  }

  /// Reads and checks a configuration's bytes; `file` names it in messages.
  public static func parse(_ bytes: [UInt8], file: String, folder: String) throws(Invalid)
    -> ExporterConfiguration
  {
    let read = JSONReader.read(bytes)
    if let problem = read.diagnostics.first(where: { $0.severity == .error }) {
      throw Invalid(file: file, location: problem.location, message: problem.message)
    }
    guard let root = read.value, let members = root.members else {
      throw Invalid(
        file: file, location: read.value?.location,
        message: "must be a JSON object with \"modules\"")
    }
    var reader = Reader(file: file)
    try reader.onlyKeys(members, ["modules", "apple_cdn_base", "google_api_base"], of: "the file")
    var configuration = ExporterConfiguration(modules: [:])
    configuration.appleCDNBase = try reader.httpURL(root["apple_cdn_base"])
    configuration.googleAPIBase = try reader.httpURL(root["google_api_base"])
    guard let modules = root["modules"] else {
      throw Invalid(file: file, location: root.location, message: "names no \"modules\"")
    }
    guard let entries = modules.members, !entries.isEmpty else {
      throw Invalid(
        file: file, location: modules.location,
        message: "\"modules\" must be an object of one module or more, by name")
    }
    for entry in entries {
      guard Self.isModuleName(entry.key) else {
        throw Invalid(
          file: file, location: entry.keyLocation,
          message:
            "\"\(entry.key.escapingControlCharacters)\" is not a module name: use letters, digits, _ and -"
        )
      }
      guard configuration.modules[entry.key] == nil else {
        throw Invalid(
          file: file, location: entry.keyLocation,
          message: "the module \"\(entry.key)\" is defined twice")
      }
      configuration.modules[entry.key] = try reader.module(
        named: entry.key, entry.value, folder: folder)
    }
    return configuration
  }

  static func isModuleName(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count)
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }

  private static func reason(_ error: any Error) -> String {
    let cocoa = error as NSError
    if cocoa.domain == NSCocoaErrorDomain {
      switch cocoa.code {
      case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
      case NSFileReadNoPermissionError: return "permission denied"
      default: break
      }
    }
    return "it is not a readable file"
  }
}

/// The checks of each value, with the file's name for their messages.
private struct Reader {
  let file: String

  func invalid(_ value: JSONValue?, _ message: String) -> ExporterConfiguration.Invalid {
    ExporterConfiguration.Invalid(file: file, location: value?.location, message: message)
  }

  func onlyKeys(_ members: [JSONValue.Member], _ known: [String], of what: String)
    throws(ExporterConfiguration.Invalid)
  {
    var seen: Set<String> = []
    for member in members {
      guard known.contains(member.key) else {
        let hint = Suggestion.closest(to: member.key, among: known).map {
          "; did you mean \"\($0)\"?"
        }
        throw ExporterConfiguration.Invalid(
          file: file, location: member.keyLocation,
          message:
            "\"\(member.key.escapingControlCharacters)\" is not a key of \(what)\(hint ?? " (known: \(known.joined(separator: ", ")))")"
        )
      }
      guard seen.insert(member.key).inserted else {
        throw ExporterConfiguration.Invalid(
          file: file, location: member.keyLocation,
          message: "\"\(member.key)\" is given twice in \(what)")
      }
    }
  }

  func string(_ value: JSONValue?, _ what: String) throws(ExporterConfiguration.Invalid) -> String?
  {
    guard let value else { return nil }
    guard let text = value.string else {
      throw invalid(value, "\(what) must be a string, not \(value.typeDescription)")
    }
    guard !text.isEmpty,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw invalid(value, "\(what) must be one line of text, not empty")
    }
    return text
  }

  func bool(_ value: JSONValue?, _ what: String) throws(ExporterConfiguration.Invalid) -> Bool? {
    guard let value else { return nil }
    guard let flag = value.bool else {
      throw invalid(value, "\(what) must be true or false, not \(value.typeDescription)")
    }
    return flag
  }

  func strings(_ value: JSONValue?, _ what: String) throws(ExporterConfiguration.Invalid)
    -> [String]
  {
    guard let value else { return [] }
    guard let elements = value.elements else {
      throw invalid(value, "\(what) must be a list of strings, not \(value.typeDescription)")
    }
    var texts: [String] = []
    for element in elements {
      if let text = try string(element, "each of \(what)") { texts.append(text) }
    }
    return texts
  }

  func httpURL(_ value: JSONValue?) throws(ExporterConfiguration.Invalid) -> String? {
    guard let text = try string(value, "a base URL") else { return nil }
    guard let components = URLComponents(string: text),
      ["https", "http"].contains(components.scheme?.lowercased() ?? ""), components.host != nil
    else {
      throw invalid(value, "\(text.escapingControlCharacters) is not an http(s) URL")
    }
    return text
  }

  func module(named name: String, _ value: JSONValue, folder: String)
    throws(ExporterConfiguration.Invalid) -> ProbeModule
  {
    guard let members = value.members else {
      throw invalid(value, "the module \"\(name)\" must be an object, not \(value.typeDescription)")
    }
    let of = "a module"
    try onlyKeys(
      members,
      ["app", "paths", "expect", "android", "cdn", "google", "timeout_seconds", "user_agent"],
      of: of)
    var module = ProbeModule(name: name)
    if let app = try string(value["app"], "\"app\"") {
      guard app.split(separator: ".", maxSplits: 1).count == 2, app.utf8.count <= 255,
        app.allSatisfy({ $0.isASCII && !$0.isWhitespace })
      else {
        throw invalid(
          value["app"], "\"app\" must be an app ID, TEAMID.bundle.id (9JA89QQLNQ.com.example.app)")
      }
      module.app = app
    }
    module.paths = try strings(value["paths"], "\"paths\"")
    for (index, path) in module.paths.enumerated() where !path.hasPrefix("/") {
      throw invalid(
        value["paths"]?.elements?[index],
        "\"\(path.escapingControlCharacters)\" is not a path: write it from its /")
    }
    if let expect = try string(value["expect"], "\"expect\"") {
      let resolved = expect.hasPrefix("/") ? expect : folder + "/" + expect
      guard FileManager.default.isReadableFile(atPath: resolved) else {
        throw invalid(value["expect"], "the table \(expect) cannot be read")
      }
      module.expect = resolved
    }
    module.cdn = try bool(value["cdn"], "\"cdn\"") ?? true
    module.google = try bool(value["google"], "\"google\"") ?? false
    if let timeout = value["timeout_seconds"] {
      guard case .number(let text) = timeout.kind, let seconds = Double(text), seconds > 0,
        seconds <= 600
      else {
        throw invalid(
          timeout, "\"timeout_seconds\" must be a number of seconds, over 0 and at most 600")
      }
      module.timeoutSeconds = seconds
    }
    if let agent = try string(value["user_agent"], "\"user_agent\"") {
      guard agent.allSatisfy(\.isASCII) else {
        throw invalid(value["user_agent"], "\"user_agent\" must be ASCII text")
      }
      module.userAgent = agent
    }
    module.androidApps = try androidApps(value["android"])
    return module
  }

  func androidApps(_ value: JSONValue?) throws(ExporterConfiguration.Invalid)
    -> [ProbeModule.AndroidApp]
  {
    guard let value else { return [] }
    guard let elements = value.elements else {
      throw invalid(
        value,
        "\"android\" must be a list of {\"package\": …, \"fingerprints\": […]}, not \(value.typeDescription)"
      )
    }
    var apps: [ProbeModule.AndroidApp] = []
    for element in elements {
      guard let members = element.members else {
        throw invalid(element, "each app of \"android\" must be an object")
      }
      try onlyKeys(members, ["package", "fingerprints"], of: "an Android app")
      guard let package = try string(element["package"], "\"package\"") else {
        throw invalid(element, "an Android app needs its \"package\"")
      }
      guard !apps.contains(where: { $0.package == package }) else {
        throw invalid(element["package"], "the package \(package) is listed twice")
      }
      let texts = try strings(element["fingerprints"], "\"fingerprints\"")
      guard !texts.isEmpty else {
        throw invalid(
          element["fingerprints"] ?? element,
          "\(package) needs \"fingerprints\": the SHA-256 of each certificate that must be granted")
      }
      var fingerprints: [CertificateFingerprint] = []
      for (index, text) in texts.enumerated() {
        // The command line's `--grants PACKAGE:FINGERPRINT` reading, and its words.
        do {
          fingerprints.append(try GrantQuery.parse(package + ":" + text).fingerprint)
        } catch {
          let at: JSONValue? =
            if case .invalidPackageName = error { element["package"] } else {
              element["fingerprints"]?.elements?[index]
            }
          throw invalid(at, error.description)
        }
      }
      apps.append(ProbeModule.AndroidApp(package: package, fingerprints: fingerprints))
    }
    return apps
  }
}
