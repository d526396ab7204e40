import AASACore

/// Whether a `--sites` folder name can be reached: requests are routed by the `Host` or
/// `:authority` clients send, keyed as `HostName` keys it (lower case, no port, no trailing dot),
/// and in ASCII (IDNA) form. A folder named otherwise would never be asked for, and the site would
/// silently not be served.
enum SiteFolderName {
  /// Why no request can reach the folder `name`, with the name to use; nil when one can.
  static func problem(with name: String) -> String? {
    if name.unicodeScalars.contains(where: { !$0.isASCII }) {
      guard let ascii = IDNA.asciiHost(name) else {
        return "it is not a host name: clients send host names in ASCII (IDNA) form"
      }
      return "clients send this host in its ASCII (IDNA) form: name the folder \(ascii)"
    }
    // What a request's Host would be keyed as; a folder named otherwise is never looked up.
    if let key = HostName.key(forAuthority: name), key != name {
      let rule =
        key == name.lowercased()
        ? "host names are matched in lower case"
        : "requests are routed by host, without a port or a trailing dot"
      return "\(rule): name the folder \(key)"
    }
    if !isHostName(name) {
      return
        "it is not a host name (letters, digits, hyphens and dots, labels of 1 to 63 characters)"
    }
    return nil
  }

  /// A DNS name (LDH labels; `_` allowed, as some internal names use it), an IPv4 address, or a
  /// bracketed IPv6 literal.
  private static func isHostName(_ name: String) -> Bool {
    if name.hasPrefix("[") { return name.hasSuffix("]") && name.count > 2 }
    guard name.utf8.count <= 253 else { return false }
    return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy { scalar in
          ("a"..."z").contains(scalar)
            || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
    }
  }
}
