/// Text put into the pages' HTML: every character that could end an attribute value or start
/// markup is written as a character reference, so a title from the file stays text.
enum HTMLText {
  static func escaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
