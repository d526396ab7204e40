import Foundation

// mdl-baseline CONFIG LINKS: writes `link<TAB>route<TAB>via` for each line of LINKS, routed as the
// iOS library's MDLDeeplinkMatcher does: host first, empty segments dropped, routes tried one
// after the other, a regex compiled for every check and required to match exactly once, required
// only for the string "true", then the link trimmed segment by segment, then the defaultRoute.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: mdl-baseline CONFIG LINKS\n".utf8))
  exit(2)
}
let config =
  try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
  as! [String: Any]
let routes = config["routes"] as? [String: Any] ?? [:]
let hasDefaultRoute = config["defaultRoute"] != nil

func matches(
  _ key: String, _ route: [String: Any], _ segments: ArraySlice<String>, _ query: String?
)
  -> Bool
{
  let keySegments = key.components(separatedBy: "/")
  guard keySegments.count == segments.count else { return false }
  var values: [String: String] = [:]
  for (keySegment, segment) in zip(keySegments, segments) {
    if keySegment.hasPrefix(":") {
      values[String(keySegment.dropFirst())] = segment
    } else if keySegment != segment {
      return false
    }
  }
  let parameters = route["routeParameters"] as? [String: Any] ?? [:]
  if let query {
    for item in query.components(separatedBy: "&") {
      let pair = item.components(separatedBy: "=")
      guard pair.count == 2, parameters[pair[0]] != nil else { continue }
      values[pair[0]] = pair[1].removingPercentEncoding ?? pair[1]
    }
  }
  for (name, value) in values {
    guard let parameter = parameters[name] as? [String: Any],
      let pattern = parameter["regex"] as? String
    else { continue }
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
    let range = NSRange(location: 0, length: (value as NSString).length)
    if regex.numberOfMatches(in: value, options: [], range: range) != 1 { return false }
  }
  for (name, parameter) in parameters {
    if let parameter = parameter as? [String: Any], parameter["required"] as? String == "true",
      values[name] == nil
    {
      return false
    }
  }
  return true
}

var output = ""
let stdout = FileHandle.standardOutput
let text = try String(contentsOfFile: arguments[2], encoding: .utf8)
for line in text.split(separator: "\n") {
  let link = String(line)
  var segments: [String] = []
  var query: String?
  if let url = URL(string: link) {
    if let host = url.host, !host.isEmpty { segments.append(host) }
    segments += url.path.components(separatedBy: "/").filter { !$0.isEmpty }
    query = url.query
  }
  var answer: (String, String)?
  var length = segments.count
  while length > 0, answer == nil {
    for (key, route) in routes {
      if matches(key, route as? [String: Any] ?? [:], segments[0..<length], query) {
        answer = (key, length == segments.count ? "exact" : "trimmed")
        break
      }
    }
    length -= 1
  }
  let (name, via) = answer ?? (hasDefaultRoute ? ("defaultRoute", "default") : ("-", "none"))
  output += "\(link)\t\(name)\t\(via)\n"
  if output.utf8.count > 1 << 16 {
    stdout.write(Data(output.utf8))
    output = ""
  }
}
stdout.write(Data(output.utf8))
