/// A URL as written, split into its parts without changing it: enough to say whether
/// `NSURL(string:)` would take it, what its scheme is and where its query and fragment start.
///
/// One pass over the text; nothing is decoded or normalised.
public struct URLText: Sendable, Hashable {
  public let text: String
  /// The scheme, lower-cased, when the text starts with one (`bolts:`).
  public let scheme: String?
  /// The host after `//`, lower-cased, without user information or port.
  public let host: String?
  /// The query without its `?`, when there is a `?` before any `#`.
  public let query: Substring?
  /// Where the fragment's `#` stands, if any.
  public let fragmentStart: String.Index?

  public init(_ text: String) {
    self.text = text
    var scheme: String?
    if let colon = text.firstIndex(of: ":") {
      let candidate = text[..<colon]
      if let first = candidate.unicodeScalars.first,
        first.isASCIILetter,
        candidate.unicodeScalars.allSatisfy({
          $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        })
      {
        scheme = candidate.lowercased()
      }
    }
    self.scheme = scheme
    let fragmentStart = text.firstIndex(of: "#")
    self.fragmentStart = fragmentStart
    let beforeFragment = text[..<(fragmentStart ?? text.endIndex)]
    if let question = beforeFragment.firstIndex(of: "?") {
      query = beforeFragment[beforeFragment.index(after: question)...]
    } else {
      query = nil
    }
    var host: String?
    if let scheme {
      let rest = beforeFragment.dropFirst(scheme.count + 1)
      if rest.hasPrefix("//") {
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" }
        let withoutUser =
          authority.split(separator: "@", omittingEmptySubsequences: false).last
          ?? authority
        var hostPart = withoutUser
        if !hostPart.hasPrefix("["), let portColon = hostPart.lastIndex(of: ":") {
          hostPart = hostPart[..<portColon]
        }
        host = hostPart.lowercased()
      }
    }
    self.host = host
  }

  /// Characters RFC 3986 allows in a URL (with `%` escapes); `NSURL(string:)` refuses others.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": true
    case "-", ".", "_", "~", ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")",
      "*", "+", ",", ";", "=", "%":
      true
    default: false
    }
  }

  /// The first character `NSURL(string:)` would refuse (a space, a quote, a non-ASCII letter…).
  public var firstInvalidCharacter: Character? {
    for character in text where !character.unicodeScalars.allSatisfy(Self.isAllowed) {
      return character
    }
    return nil
  }

  /// A scheme, something after it, and only characters a URL may hold.
  public var isValidAbsolute: Bool {
    guard let scheme else { return false }
    return text.count > scheme.count + 1 && firstInvalidCharacter == nil
  }

  public var isWeb: Bool { scheme == "http" || scheme == "https" }
}

extension Unicode.Scalar {
  var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
