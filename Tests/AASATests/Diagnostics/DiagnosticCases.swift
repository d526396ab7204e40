import AASA

/// An entry that is fine on its own, for the cases to vary.
private let app = #""appIDs": ["D3KQX62K1A.com.example.app"]"#
private let albums = #""components": [{"/": "/albums/*"}]"#

/// A whole file around one details entry's inner text.
private func file(_ entry: String) -> String {
  #"{"applinks": {"details": [{"# + entry + "}]}}"
}

/// A whole file around one component's inner text.
private func component(_ inner: String) -> String {
  file(app + #", "components": [{"# + inner + "}]")
}

/// A file with substitution variables and one component's path.
private func variables(_ definitions: String, path: String) -> String {
  #"{"applinks": {"substitutionVariables": {"# + definitions + #"}, "details": [{"# + app
    + #", "components": [{"/": "# + path + "}]}]}}"
}

/// A file whose `comment` makes it `size` bytes or more.
private func padded(to size: Int, marker: String = "") -> String {
  let head =
    #"{"applinks": {"details": [{"# + app + #", "components": [{"/": "/albums/*", "comment": ""#
  let tail = "\"}]}]}}"
  return marker + head
    + String(repeating: "x", count: max(0, size - head.utf8.count - tail.utf8.count)) + tail
}

extension DiagnosticCase {
  /// One example for every code of the catalog.
  static let all: [DiagnosticCase] = [
    // MARK: The file and its JSON
    DiagnosticCase(
      code: "AASA001", severity: .error, path: "applinks.details[0].components",
      trigger: #"{"applinks": {"details": [{"# + app + #", "components": [{"/": "/albums/*"}⟪}]}}"#,
      valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA002", severity: .error, path: "applinks.details[0].components",
      trigger: file(app + #", "components": [{"/": "/albums/*"}⟪,]"#),
      valid: file(app + #", "components": [{"/": "/albums/*"}]"#)),
    DiagnosticCase(
      code: "AASA003", severity: .error, path: "applinks.details[0]",
      trigger: file(app + "⟪ " + albums), valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA004", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪“/albums/*”"#), valid: component(#""/": "/albums/*""#)),
    DiagnosticCase(
      code: "AASA005", severity: .error, path: "",
      trigger: "⟪\u{FEFF}" + file(app + ", " + albums), valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA006", severity: .error, path: "applinks.details[0].components[0].comment",
      trigger: component(#""/": "/albums/*", "comment": "a⟪"# + "\tb\""),
      valid: component(#""/": "/albums/*", "comment": "a\tb""#)),
    DiagnosticCase(
      code: "AASA007", severity: .error, path: "",
      trigger: padded(to: 131_073, marker: "⟪"), valid: padded(to: 131_072)),
    DiagnosticCase(
      code: "AASA008", severity: .warning, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": "/albums/*", ⟪"/": "/photos/*""#),
      valid: component(##""/": "/albums/*", "#": "/photos/*""##)),
    DiagnosticCase(
      code: "AASA009", severity: .error, path: "applinks",
      trigger: #"{"applinks": ⟪/* the apps */ {"details": [{"# + app + ", " + albums + "}]}}",
      valid: #"{"applinks": {"details": [{"# + app + ", " + albums + "}]}}"),
    DiagnosticCase(
      code: "AASA010", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪'/albums/*'"#), valid: component(#""/": "/albums/*""#)),
    DiagnosticCase(
      code: "AASA011", severity: .error, path: "", trigger: "\n  ⟪",
      valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA012", severity: .error, path: "",
      trigger: component(#""/": "/albums/⟪*""#), valid: component(#""/": "/albums/*""#),
      insertsInvalidByte: true),
    DiagnosticCase(
      code: "AASA013", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": "/albums/⟪\q*""#), valid: component(#""/": "/albums/\\q*""#)),
    DiagnosticCase(
      code: "AASA014", severity: .error, path: "applinks.details[0].components[0].comment",
      trigger: component(#""/": "/albums/*", "comment": ⟪01"#),
      valid: component(#""/": "/albums/*", "comment": "01""#)),

    DiagnosticCase(
      // The comment's arrays start at depth 7, so the 507th is the 513th level.
      code: "AASA015", severity: .error,
      path: "applinks.details[0].components[0].comment" + String(repeating: "[0]", count: 506),
      trigger: component(
        #""/": "/albums/*", "comment": "# + String(repeating: "[", count: 506) + "⟪[1]"
          + String(repeating: "]", count: 506)),
      valid: component(
        #""/": "/albums/*", "comment": "# + String(repeating: "[", count: 505) + "[1]"
          + String(repeating: "]", count: 505))),
    DiagnosticCase(
      code: "AASA016", severity: .error, path: "",
      trigger: component(
        #""/": "/albums/*", "comment": ["# + String(repeating: "[1,], ", count: 1_000) + "[1⟪,]]"),
      valid: component(
        #""/": "/albums/*", "comment": ["# + String(repeating: "[1,], ", count: 999) + "[1]]")),

    // MARK: Structure
    DiagnosticCase(
      code: "AASA100", severity: .error, path: "",
      trigger: #"⟪[{"appIDs": ["D3KQX62K1A.com.example.app"]}]"#,
      valid: #"{"webcredentials": {"apps": ["D3KQX62K1A.com.example.app"]}}"#),
    DiagnosticCase(
      code: "AASA101", severity: .error, path: "",
      trigger: #"⟪{"applink": {"details": []}}"#, valid: #"{"applinks": {"details": []}}"#),
    DiagnosticCase(
      code: "AASA102", severity: .warning, path: "webcredential",
      trigger: String(file(app + ", " + albums).dropLast()) + #", ⟪"webcredential": {"apps": []}}"#,
      valid: String(file(app + ", " + albums).dropLast()) + #", "webcredentials": {"apps": []}}"#),
    DiagnosticCase(
      code: "AASA103", severity: .error, path: "applinks.details[0].components[0].caseSensitive",
      trigger: component(#""/": "/albums/*", "caseSensitive": ⟪"false""#),
      valid: component(#""/": "/albums/*", "caseSensitive": false"#)),
    DiagnosticCase(
      code: "AASA104", severity: .error, path: "applinks.apps",
      trigger: #"{"applinks": {"apps": ⟪["D3KQX62K1A.com.example.app"], "details": [{"# + app
        + ", " + albums + "}]}}",
      valid: #"{"applinks": {"apps": [], "details": [{"# + app + ", " + albums + "}]}}"),
    DiagnosticCase(
      code: "AASA105", severity: .warning, path: "applinks.details",
      trigger: #"{"applinks": {"details": ⟪[]}}"#, valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA106", severity: .info, path: "applinks.details",
      trigger:
        #"{"applinks": {"details": ⟪{"D3KQX62K1A.com.example.app": {"paths": ["/albums/*"]}}}}"#,
      valid:
        #"{"applinks": {"details": [{"appID": "D3KQX62K1A.com.example.app", "paths": ["/albums/*"]}]}}"#
    ),
    DiagnosticCase(
      code: "AASA107", severity: .error, path: "applinks",
      trigger: #"{"applinks": ⟪{"apps": []}}"#,
      valid: #"{"applinks": {"apps": [], "details": [{"# + app + ", " + albums + "}]}}"),

    // MARK: App IDs
    DiagnosticCase(
      code: "AASA200", severity: .error, path: "applinks.details[0]",
      trigger: #"{"applinks": {"details": [⟪{"# + albums + "}]}}", valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA201", severity: .warning, path: "applinks.details[0].appID",
      trigger: file(#""appID": ⟪"D3KQX62K1A.com.example.other", "# + app + ", " + albums),
      valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA202", severity: .error, path: "applinks.details[0].appIDs[0]",
      trigger: file(#""appIDs": [⟪"com.example.app"], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),
    DiagnosticCase(
      code: "AASA203", severity: .error, path: "applinks.details[0].appIDs[0]",
      trigger: file(#""appIDs": [⟪"TEAMID.com.example.app"], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),
    DiagnosticCase(
      code: "AASA204", severity: .error, path: "applinks.details[0].appIDs[0]",
      trigger: file(#""appIDs": [⟪"X62K1A.com.example.app"], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),
    DiagnosticCase(
      code: "AASA205", severity: .error, path: "applinks.details[0].appIDs[0]",
      trigger: file(#""appIDs": [⟪"id284882215"], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),
    DiagnosticCase(
      code: "AASA206", severity: .warning, path: "applinks.details[1].appIDs[0]",
      trigger: #"{"applinks": {"details": [{"# + app + ", " + albums
        + #"}, {"appIDs": [⟪"D3KQX62K1A.com.example.app"], "# + albums + "}]}}",
      valid: #"{"applinks": {"details": [{"# + app + ", " + albums
        + #"}, {"appIDs": ["D3KQX62K1A.com.example.other"], "# + albums + "}]}}"),
    DiagnosticCase(
      code: "AASA207", severity: .error, path: "applinks.details[0].appIDs",
      trigger: file(#""appIDs": ⟪[], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),
    DiagnosticCase(
      code: "AASA208", severity: .error, path: "applinks.details[0].appIDs[0]",
      trigger: file(#""appIDs": [⟪"d3kqx62k1a.com.example.app"], "# + albums),
      valid: file(#""appIDs": ["D3KQX62K1A.com.example.app"], "# + albums)),

    // MARK: Paths and components
    DiagnosticCase(
      code: "AASA300", severity: .warning, path: "applinks.details[0].paths",
      trigger: file(app + #", "paths": ⟪["/photos/*"], "# + albums),
      valid: file(app + ", " + albums)),
    DiagnosticCase(
      code: "AASA301", severity: .warning, path: "applinks.details[0]",
      trigger: #"{"applinks": {"details": [⟪{"# + app + "}]}}",
      valid: #"{"applinks": {"details": [{"# + app + #", "paths": []}]}}"#),
    DiagnosticCase(
      code: "AASA302", severity: .warning, path: "applinks.details[0].paths[0]",
      trigger: file(app + #", "paths": [⟪"/videos?id=*"]"#),
      valid: file(app + #", "paths": ["/videos/id=*"]"#)),
    DiagnosticCase(
      code: "AASA303", severity: .error, path: "applinks.details[0].paths[0]",
      trigger: file(app + ##", "paths": [⟪"/watch#player"]"##),
      valid: file(app + #", "paths": ["/watch/player"]"#)),
    DiagnosticCase(
      code: "AASA304", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"https://example.com/albums/*""#),
      valid: component(#""/": "/example.com/albums/*""#)),
    DiagnosticCase(
      code: "AASA305", severity: .warning, path: "applinks.details[0].components[0].casesensitive",
      trigger: component(#""/": "/albums/*", ⟪"casesensitive": false"#),
      valid: component(#""/": "/albums/*", "caseSensitive": false"#)),
    DiagnosticCase(
      code: "AASA306", severity: .error, path: "applinks.details[0].components[0].?.page",
      trigger: component(#""/": "/search", "?": {"page": ⟪2}"#),
      valid: component(#""/": "/search", "?": {"page": "2"}"#)),
    DiagnosticCase(
      code: "AASA307", severity: .info, path: "applinks.details[0].components[0]",
      trigger: file(app + #", "components": [⟪{"/": "*"}]"#),
      valid: file(app + #", "components": [{"/": "/a*"}]"#)),
    DiagnosticCase(
      code: "AASA308", severity: .warning, path: "applinks.details[0].components[1]",
      trigger: file(app + #", "components": [{"/": "/albums/*"}, ⟪{"/": "/albums/2024/*"}]"#),
      valid: file(app + #", "components": [{"/": "/albums/2024/*"}, {"/": "/albums/*"}]"#)),
    DiagnosticCase(
      code: "AASA309", severity: .warning, path: "applinks.details[0].components[0].?",
      trigger: component(#""/": "/search", "?": ⟪"?q=*""#),
      valid: component(#""/": "/search", "?": "q=*""#)),
    DiagnosticCase(
      code: "AASA310", severity: .warning, path: "applinks.details[0].components[0].#",
      trigger: component(##""/": "/help/*", "#": ⟪"#top""##),
      valid: component(##""/": "/help/*", "#": "top""##)),
    DiagnosticCase(
      code: "AASA311", severity: .warning, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/search?q=*""#), valid: component(#""/": "/search/q=*""#)),
    DiagnosticCase(
      code: "AASA312", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/albums\\""#), valid: component(#""/": "/albums\\*""#)),
    DiagnosticCase(
      code: "AASA313", severity: .warning, path: "applinks.details[0].paths[1]",
      trigger: file(app + #", "paths": ["/albums/*", ⟪"not /albums/private/*"]"#),
      valid: file(app + #", "paths": ["/albums/*", "NOT /albums/private/*"]"#)),
    DiagnosticCase(
      code: "AASA314", severity: .warning, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"""#), valid: component(#""/": "/""#)),
    DiagnosticCase(
      code: "AASA315", severity: .warning, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/café/*""#),
      valid: component(#""/": "/café/*", "percentEncoded": false"#)),
    DiagnosticCase(
      code: "AASA316", severity: .warning, path: "applinks.details[0]",
      trigger: #"{"applinks": {"details": [⟪{"# + app
        + #", "components": [{"/": "/private/*", "exclude": true}]}]}}"#,
      valid: #"{"applinks": {"details": [{"# + app
        + #", "components": [{"/": "/private/*", "exclude": true}, {"/": "/albums/*"}]}]}}"#),
    DiagnosticCase(
      code: "AASA317", severity: .error, path: "applinks.details[0].components[0]",
      trigger: file(app + #", "components": [⟪"/albums/*"]"#),
      valid: file(app + #", "components": [{"/": "/albums/*"}]"#)),
    DiagnosticCase(
      code: "AASA319", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/"# + String(repeating: "$(lang)", count: 2_000) + #"/*""#),
      valid: component(#""/": "/$(lang)/$(lang)/*""#)),
    DiagnosticCase(
      code: "AASA318", severity: .info, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/a%2fb/*""#), valid: component(#""/": "/a%2Fb/*""#)),

    // MARK: Substitution variables
    DiagnosticCase(
      code: "AASA400", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/$(locale)/store/*""#),
      valid: component(#""/": "/$(lang)/store/*""#)),
    DiagnosticCase(
      code: "AASA401", severity: .error, path: "applinks.details[0].components[0]./",
      trigger: component(#""/": ⟪"/$(lang/store/*""#),
      valid: component(#""/": "/$(lang)/store/*""#)),
    DiagnosticCase(
      code: "AASA402", severity: .error, path: "applinks.substitutionVariables.shop[1]",
      trigger: variables(#""shop": ["books", ⟪"$(lang)-music"]"#, path: #""/$(shop)/*""#),
      valid: variables(#""shop": ["books", "en-music"]"#, path: #""/$(shop)/*""#)),
    DiagnosticCase(
      code: "AASA403", severity: .error, path: "applinks.substitutionVariables.sh(op",
      trigger: variables(#"⟪"sh(op": ["books"]"#, path: #""/$(lang)/*""#),
      valid: variables(#""shop": ["books"]"#, path: #""/$(shop)/*""#)),
    DiagnosticCase(
      code: "AASA404", severity: .info, path: "applinks.substitutionVariables.region",
      trigger: variables(#"⟪"region": ["eu", "us"]"#, path: #""/$(region)/*""#),
      valid: variables(#""area": ["eu", "us"]"#, path: #""/$(area)/*""#)),
    DiagnosticCase(
      code: "AASA405", severity: .info, path: "applinks.substitutionVariables.shop",
      trigger: variables(#"⟪"shop": ["books"]"#, path: #""/$(lang)/*""#),
      valid: variables(#""shop": ["books"]"#, path: #""/$(shop)/*""#)),
    DiagnosticCase(
      code: "AASA406", severity: .warning, path: "applinks.substitutionVariables.shop",
      trigger: variables(#""shop": ⟪[]"#, path: #""/$(shop)/*""#),
      valid: variables(#""shop": [""]"#, path: #""/$(shop)/*""#)),

    // MARK: Other services
    DiagnosticCase(
      code: "AASA500", severity: .error, path: "webcredentials",
      trigger: #"{"webcredentials": ⟪{}}"#,
      valid: #"{"webcredentials": {"apps": ["D3KQX62K1A.com.example.app"]}}"#),
    DiagnosticCase(
      code: "AASA501", severity: .warning, path: "webcredentials.apps",
      trigger: #"{"webcredentials": {"apps": ⟪[]}}"#,
      valid: #"{"webcredentials": {"apps": ["D3KQX62K1A.com.example.app"]}}"#),
  ]
}
