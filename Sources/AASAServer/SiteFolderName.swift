import AASA

/// Whether a `--sites` folder name can be reached: requests are routed by the `Host` or
/// `:authority` clients send, which is lower case and in ASCII (IDNA) form, with no port. A
/// folder named otherwise would never be asked for, and the site would silently not be served.
enum SiteFolderName {
  /// Why no request can reach the folder `name`, with the name to use; nil when one can.
  static func problem(with name: String) -> String? {
    if name.unicodeScalars.contains(where: { !$0.isASCII }) {
      guard let ascii = IDNA.asciiHost(name) else {
        return "it is not a host name: clients send host names in ASCII (IDNA) form"
      }
      return "clients send this host in its ASCII (IDNA) form: name the folder \(ascii)"
    }
    if name.hasSuffix(".") {
      return "clients' trailing dot is ignored: name the folder \(name.dropLast().lowercased())"
    }
    if name.contains(where: \.isUppercase) {
      return "host names are matched in lower case: name the folder \(name.lowercased())"
    }
    if let colon = name.firstIndex(of: ":"), !name.hasPrefix("[") {
      return "ports are ignored when routing: name the folder \(name[..<colon])"
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
