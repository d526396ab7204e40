import Foundation

/// Builds real APKs at test time with Debian's `aapt` or `aapt2` against Debian's
/// `android-framework-res` (both in `.ci/setup`), from a source manifest and its
/// `res/values/strings.xml`: the artefacts an APK reader must read as the manifest they came
/// from. `aapt dump xmltree` is the reference of what the compiled manifest holds.
public enum AndroidAppBuilder {
  /// Android's own resources, which every app links against.
  public static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

  /// Why APKs cannot be built here (macOS has neither tool), or nil.
  public static var unavailable: String? {
    guard ExecutableLookup.path(of: "aapt") != nil, ExecutableLookup.path(of: "aapt2") != nil
    else { return "aapt and aapt2 are not on PATH (Debian's aapt; see .ci/setup)" }
    guard FileManager.default.fileExists(atPath: frameworkResources) else {
      return "\(frameworkResources) is missing (Debian's android-framework-res)"
    }
    return nil
  }

  public enum Tool: String, Sendable, CaseIterable {
    case aapt, aapt2
  }

  /// Writes `manifest` and `strings` (name → value) into `directory/name/`, builds them with
  /// `tool` and returns the APK's path.
  public static func build(
    _ name: String, manifest: String, strings: [String: String], tool: Tool,
    in directory: TemporaryDirectory
  ) async throws -> String {
    let source = try directory.write("\(name)/AndroidManifest.xml", manifest)
    let values = strings.sorted { $0.key < $1.key }.map {
      "  <string name=\"\($0.key)\">\($0.value)</string>"
    }
    try directory.write(
      "\(name)/res/values/strings.xml",
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        + values.joined(separator: "\n") + "\n</resources>\n")
    let resources = directory.file("\(name)/res")
    let apk = directory.file("\(name).apk")
    switch tool {
    case .aapt:
      try await run(
        "aapt",
        ["package", "-f", "-M", source, "-S", resources, "-I", frameworkResources, "-F", apk])
    case .aapt2:
      let compiled = directory.file("\(name)/compiled.zip")
      try await run("aapt2", ["compile", "--dir", resources, "-o", compiled])
      try await run(
        "aapt2",
        ["link", "-o", apk, "-I", frameworkResources, "--manifest", source, compiled])
    }
    return apk
  }

  /// `aapt dump xmltree APK AndroidManifest.xml`: one line per namespace, element and attribute.
  public static func dumpXMLTree(_ apk: String) async throws -> String {
    try await run("aapt", ["dump", "xmltree", apk, "AndroidManifest.xml"])
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) async throws -> String {
    let result = try await ChildProcess.run(
      try ExecutableLookup.require(tool), arguments, timeout: .seconds(120))
    guard result.status == 0 else {
      throw ChildProcess.Failure(description: "\(tool) \(arguments): \(result.stderr)")
    }
    return result.stdout
  }
}
