import Foundation

/// The `aasa-lint` command line that writes the same document as an API answer, for the page's
/// *Copy as command* and any client of the API (`X-AASA-Command`). Words are quoted for a POSIX
/// shell; a word the command line could not take as given (a control character, which a pasted
/// line would carry into a terminal; a leading `-`, which would be read as an option; a file
/// name that is a subcommand's) makes the whole line unrepresentable, so that no line is offered
/// that would run something else.
struct ShellCommand: Sendable, Equatable {
  private(set) var words = ["aasa-lint"]
  /// Shell commands run first, joined with `&&`: the writing of a list the API got as values.
  private(set) var before: [String] = []
  /// Why the line cannot be given, or nil.
  private(set) var unrepresentable: String?

  init(_ words: String...) {
    self.words += words
  }

  /// Words the validator writes itself (a subcommand, a flag).
  mutating func add(_ words: String...) {
    self.words += words
  }

  /// A word that came from the request: a file's name, a URL, an app ID.
  mutating func argument(_ word: String) {
    vet(word)
    words.append(word)
  }

  /// `--name VALUE`, the value from the request.
  mutating func option(_ name: String, _ value: String?) {
    guard let value else { return }
    vet(value)
    words += [name, value]
  }

  /// `--name VALUE` for each value.
  mutating func options(_ name: String, _ values: [String]) {
    for value in values { option(name, value) }
  }

  /// A request's file named on the command line: what the page writes it to, never a folder of
  /// the server's. A name that is one of `aasa-lint`'s subcommands would run that instead.
  mutating func file(_ name: String) {
    if Self.subcommands.contains(name) {
      unrepresentable = "the file's name \(name) is a subcommand of aasa-lint"
    }
    argument(name)
  }

  /// Writes `lines` to `file`, one per line, before the command (`printf '%s\n' … > FILE`).
  mutating func write(_ lines: [String], to file: String) {
    // A line break in a line (a control character) would split it: vetted as any value.
    for line in lines { vet(line) }
    before.append(
      (["printf", "%s\\n"] + lines).map(Self.quoted).joined(separator: " ") + " > " + file)
  }

  /// `--ca-file NAME` when the validator trusts one: by its name alone, for the command to
  /// trust it too where it is run (the folder is the server's business).
  mutating func caFile(_ path: String?) {
    guard let path else { return }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    words += ["--ca-file", name]
  }

  /// Marks the line unrepresentable for a word it carries in a file (the URLs of a list).
  mutating func vet(_ word: String) {
    if word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
      unrepresentable = "a value has a control character"
    } else if word.hasPrefix("-") {
      unrepresentable = "the value \(word) would be read as an option"
    }
  }

  static let subcommands: Set<String> = [
    "lint", "route", "diff", "files", "check", "passkeys", "inbound", "device", "new",
    "fingerprint", "web", "mcp", "exporter", "help",
  ]

  /// The line, each word quoted for a POSIX shell only when it needs to be.
  var text: String {
    (before + [words.map(Self.quoted).joined(separator: " ")]).joined(separator: " && ")
  }

  /// The line as an HTTP header's value: ASCII only, so every byte outside printable ASCII (a
  /// URL's `é`) and `%` are percent-encoded as UTF-8 (the page reads it with
  /// `decodeURIComponent`); nil when the line cannot be given.
  var headerValue: String? {
    guard unrepresentable == nil else { return nil }
    var value = ""
    for byte in text.utf8 {
      if byte >= 0x20, byte < 0x7f, byte != UInt8(ascii: "%") {
        value.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        value += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return value
  }

  /// A word as a POSIX shell reads it back: bare when it holds only characters no shell treats
  /// specially, else in single quotes (inside which nothing is special; a `'` is `'\''`).
  static func quoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { Self.bare.contains($0) }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  private static let bare = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:@%+=,-".unicodeScalars)
}
