/// Finds the tools the tests run (`openssl`, `curl`, `h2load`, `python3`, `zsh`) on `PATH`, as a
/// shell would, so that no test names a path only Debian has: Homebrew puts them under
/// `/opt/homebrew/bin` on Apple silicon, `/usr/local/bin` on Intel Macs.
public enum ExecutableLookup {
  /// The first executable called `name` in `PATH`'s folders; the usual system folders when `PATH`
  /// is unset (tests may run with an empty environment).
  public static func path(of name: String) -> String? {
    for candidate in preferred[name] ?? [] where System.isExecutable(candidate) {
      return candidate
    }
    let path =
      System.environmentVariable("PATH")
      ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
      if System.isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// Tools whose copy on a Mac's `PATH` is not the one the tests expect: macOS ships LibreSSL as
  /// `openssl`, and Homebrew's OpenSSL 3 is keg-only (not linked onto `PATH`).
  private static let preferred: [String: [String]] = [
    "openssl": [
      "/opt/homebrew/opt/openssl@3/bin/openssl", "/usr/local/opt/openssl@3/bin/openssl",
    ]
  ]

  /// Like ``path(of:)``, but a test that needs the tool fails with a message naming it.
  public static func require(_ name: String) throws -> String {
    guard let found = path(of: name) else {
      throw MissingTool(name: name)
    }
    return found
  }

  public struct MissingTool: Error, CustomStringConvertible {
    public var name: String
    public var description: String {
      "\(name) is not on PATH: `bash .ci/setup` installs what the tests run"
    }
  }
}
