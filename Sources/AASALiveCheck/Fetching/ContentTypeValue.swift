import Foundation

/// A `Content-Type` value as both well-known judges compare it.
enum ContentTypeValue {
  /// The media type: the part before any parameter, without spaces, in lower case
  /// (`Application/JSON; charset=utf-8` is `application/json`); empty for an empty value.
  static func mediaType(of value: String) -> String {
    value.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    } ?? ""
  }
}
