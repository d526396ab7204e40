/// An app's entitlements given where a site's file is expected: a property list (XML or binary),
/// or a file named `.entitlements`. They are no file a site serves, so they are never linted as
/// one (an XML property list starts with `<`, as a page does): the run is refused, naming the
/// command that checks them against the sites, `aasa-lint check --entitlements FILE`.
package enum EntitlementsInput {
  /// How far into the file the first element is looked for: past the XML declaration, comments
  /// and the document type that Xcode writes.
  static let searchLimit = 4096

  /// Whether `bytes` are a property list: binary (`bplist`), or XML whose document type or first
  /// element is `plist` (after a byte order mark, the XML declaration and comments).
  package static func isPropertyList(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: Array("bplist".utf8)) { return true }
    let end = min(bytes.count, searchLimit)
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func startsHere(_ text: String) -> Bool {
      bytes[index..<end].starts(with: Array(text.utf8))
    }
    /// Moves past the first `terminator` from `index`; false when it is not within the limit.
    func skip(past terminator: String) -> Bool {
      let pattern = Array(terminator.utf8)
      while index < end {
        if bytes[index..<end].starts(with: pattern) {
          index += pattern.count
          return true
        }
        index += 1
      }
      return false
    }
    while index < end {
      if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
        index += 1
      } else if startsHere("<?") {
        guard skip(past: "?>") else { return false }
      } else if startsHere("<!--") {
        guard skip(past: "-->") else { return false }
      } else if startsHere("<!DOCTYPE") {
        index += "<!DOCTYPE".utf8.count
        while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return startsHere("plist")
      } else {
        guard startsHere("<plist"), index + 6 < end else { return false }
        return [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(
          bytes[index + 6])
      }
    }
    return false
  }

  /// The refusal for `file` when it holds an app's entitlements: its content is a property list,
  /// or its name ends in `.entitlements` and `--kind` did not say what it is. Nil otherwise.
  package static func refusal(file: String, bytes: [UInt8], kindGiven: Bool)
    -> UsageError?
  {
    let named = file.lowercased().hasSuffix(".entitlements")
    guard isPropertyList(bytes) || (named && !kindGiven) else { return nil }
    let shown = file == "-" ? "<stdin>" : file
    let argument = file == "-" ? "FILE" : shellWord(file)
    return UsageError(
      "\(shown) is an app's entitlements (a property list), not a file a site serves; to check "
        + "each applinks: domain it names against its site, run: aasa-lint check --entitlements "
        + argument)
  }

  /// `word` as a shell reads it back: as it is when it holds only characters no shell treats
  /// specially, else in single quotes.
  static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "._-/+@:,=".unicodeScalars.contains(scalar)
    }
    return plain && !word.isEmpty
      ? word : "'" + word.map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
  }
}
