/// A URL as `android.net.Uri` splits it for `IntentFilter.matchData`: the scheme as written
/// (case kept: the filter compares it exactly), the host as written (compared ignoring case),
/// the port (-1 when none is written, so `android:port="443"` does not match `https://h/`), and
/// the decoded path.
public struct IntentURL: Hashable, Sendable {
  public let text: String
  /// Everything before the first `:`; nil when there is none.
  public let scheme: String?
  /// nil when the URL has no `//` authority (`mailto:x`).
  public let host: String?
  public let port: Int
  /// The decoded path in UTF-16 code units, as `Uri.getPath()` returns it.
  public let path: [UInt16]
  /// The decoded query's parameters as a `<uri-relative-filter-group>`'s query condition sees
  /// them (``AndroidURLParts/parameters``); empty without a `?`.
  public let queryParameters: [[UInt16]]
  /// The decoded fragment without its `#`, as `Uri.getFragment()` returns it; nil without one.
  public let fragment: [UInt16]?

  public init(_ text: String) {
    self.text = text
    let bytes = Array(text.utf8)
    let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
    scheme = colon.map { String(decoding: bytes[..<$0], as: UTF8.self) }
    let parts = AndroidURLParts(text)
    path = parts.path
    queryParameters = parts.parameters
    fragment = parts.fragment
    guard let colon, bytes[(colon + 1)...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
    else {
      host = nil
      port = -1
      return
    }
    let start = colon + 3
    let end =
      bytes[start...].firstIndex {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "?")
          || $0 == UInt8(ascii: "#")
      } ?? bytes.endIndex
    let authority = bytes[start..<end]
    let afterUser = (authority.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 }) ?? start
    var portSeparator = authority.lastIndex(of: UInt8(ascii: ":"))
    if let separator = portSeparator, let bracket = authority.lastIndex(of: UInt8(ascii: "]")),
      bracket > separator
    {
      portSeparator = nil
    }
    if let separator = portSeparator, separator >= afterUser {
      host = Self.decoded(bytes[afterUser..<separator])
      port = Self.javaPort(bytes[(separator + 1)..<end])
    } else {
      host = Self.decoded(bytes[afterUser..<end])
      port = -1
    }
  }

  private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: AndroidURLParts.decode(bytes), as: UTF16.self)
  }

  /// `Integer.parseInt` of the port text, -1 when it is not a number.
  private static func javaPort(_ bytes: ArraySlice<UInt8>) -> Int {
    guard !bytes.isEmpty, bytes.count <= 10,
      bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return -1 }
    let value = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    return value <= Int(Int32.max) ? value : -1
  }
}
