import Foundation

#if canImport(Testing)
  import Testing
#endif

/// Every message `aasa-lint` and `aasa-serve` print is for people: no Swift type name of a
/// library, no error number, no path of the build. ``ChildProcess`` runs this on what the built
/// programs write, so each test that runs them checks every message it provokes, and a message
/// that leaks `NIOSSLError(...)` or `/.build/` fails the test that made it, naming the command.
public enum InternalWordsCheck {
  /// The programs whose output is checked: the package's own products.
  static let programs: Set<String> = ["aasa-lint", "aasa-serve"]

  /// Words that only an internal description would hold. Each is specific enough not to occur
  /// in a message meant for people (`Error(` is a type's debug description, not the word "error";
  /// `.swift:` a source location, not a file name given to the program, which is taken out
  /// before the check).
  public static let patterns = [
    "Error(", "SocketAddressError", "NIOSSLError", "HTTPClientError", "NIOConnectionError",
    "DecodingError", "Swift.", "Foundation.", "errno", "error -", "/.build/", "/Sources/",
    ".swift:",
  ]

  /// The patterns found in `text`, once the arguments (input paths and values the test chose,
  /// which may contain `Sources` or end in `.swift`) are taken out of it.
  public static func leaks(in text: String, arguments: [String]) -> [String] {
    var text = text
    // Longest first, so that an argument containing another is taken out whole.
    for argument in arguments.sorted(by: { $0.count > $1.count }) where argument.count >= 3 {
      text = text.replacingOccurrences(of: argument, with: "<argument>")
    }
    return patterns.filter { text.contains($0) }
  }

  /// Records an issue for each internal word in the output of one of the package's programs.
  public static func check(executable: String, arguments: [String], result: ProcessResult) {
    guard programs.contains(URL(fileURLWithPath: executable).lastPathComponent) else { return }
    for (stream, text) in [("standard output", result.stdout), ("standard error", result.stderr)] {
      let found = leaks(in: text, arguments: arguments)
      guard !found.isEmpty else { continue }
      let command = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments)
        .joined(separator: " ")
      let lines = text.split(separator: "\n").filter { line in
        found.contains { line.contains($0) }
      }.prefix(3).joined(separator: "\n")
      #if canImport(Testing)
        Issue.record(
          "`\(command)` wrote \(found.joined(separator: ", ")) on its \(stream), words meant for no user:\n\(lines)"
        )
      #endif
    }
  }
}
