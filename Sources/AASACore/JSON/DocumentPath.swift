/// Renders the dotted path of a value, the way diagnostics name it:
/// `applinks.details[1].components[0]./`.
public enum DocumentPath {
  public static func render<S: Sequence>(_ parts: S) -> String where S.Element == String {
    var output = ""
    for part in parts {
      if part.hasPrefix("[") {
        output += part
      } else {
        if !output.isEmpty { output += "." }
        output += part
      }
    }
    return output
  }

  public static func child(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }

  public static func element(_ path: String, _ index: Int) -> String {
    path + "[\(index)]"
  }
}
