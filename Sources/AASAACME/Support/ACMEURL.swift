import Foundation

/// Checks the URLs a CA hands out before they are followed: HTTPS only (RFC 8555 §6.1), a host,
/// no user information, and a bounded length.
enum ACMEURL {
  static let maximumLength = 4096

  static func check(_ url: String, _ what: String) throws(ACMEError) -> String {
    guard url.utf8.count <= maximumLength, let components = URLComponents(string: url),
      components.scheme?.lowercased() == "https", let host = components.host, !host.isEmpty,
      components.user == nil, components.password == nil
    else {
      throw .unexpectedResponse("\(what) is not an https URL: \(ACMEProblem.clipped(url))")
    }
    return url
  }
}
