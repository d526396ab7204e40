import AASALint
import MCP

/// One argument of a tool: its name (the field the validator's API reads), its shape, and the
/// words an agent chooses by. The input schema is written from these, and calls are checked
/// against them (``ArgumentCheck``), so the schema a client sees and the check cannot disagree.
struct ToolArgument: Sendable {
  enum Shape: Sendable, Equatable {
    case string
    case boolean
    case strings
    /// One of these words.
    case choice([String])
    /// A file given as `{"text"}` or `{"base64"}` (a binary profile), with an optional `name`
    /// its findings are shown under; a bare string is its text.
    case file
    /// A side of a diff: `{"text"[, "name"]}`, `{"site"}` (its association file, fetched as
    /// Apple's fetcher does) or `{"cdn"}` (Apple's CDN copy of that host's).
    case diffSide
  }

  var name: String
  var shape: Shape
  var description: String
  var required = false

  var schema: Value {
    var schema: [String: Value] = ["description": .string(description)]
    switch shape {
    case .string: schema["type"] = "string"
    case .boolean: schema["type"] = "boolean"
    case .strings:
      schema["type"] = "array"
      schema["items"] = ["type": "string"]
    case .choice(let words):
      schema["type"] = "string"
      schema["enum"] = .array(words.map(Value.string))
    case .file:
      schema["type"] = "object"
      schema["properties"] = [
        "text": ["type": "string", "description": "The file's text."],
        "base64": ["type": "string", "description": "The file's bytes in base64 (a binary file)."],
        "name": ["type": "string", "description": "The name findings show it under."],
      ]
      schema["additionalProperties"] = false
    case .diffSide:
      schema["type"] = "object"
      schema["properties"] = [
        "text": ["type": "string", "description": "The file's text."],
        "name": ["type": "string", "description": "The name the diff shows for text."],
        "site": [
          "type": "string",
          "description": "A site (https://host[:port]) whose association file is fetched.",
        ],
        "cdn": ["type": "string", "description": "A host whose copy on Apple's CDN is fetched."],
      ]
      schema["additionalProperties"] = false
    }
    return .object(schema)
  }
}

/// A tool: what it answers, which API endpoint answers it, its arguments, and whether it may
/// fetch (the annotations a client shows before calling it).
struct AgentTool: Sendable {
  var name: String
  var title: String
  var description: String
  /// The endpoint of ``AgentAnswers`` that answers it; nil for `generate_files`, answered by
  /// `aasa-lint new`'s run.
  var endpoint: String?
  var arguments: [ToolArgument]
  /// Whether a call may reach the network (under the fetch policy).
  var fetches: Bool
  /// Keys every document of this tool carries, for its output schema.
  var documentKeys: [String] = []

  var inputSchema: Value {
    var properties: [String: Value] = [:]
    for argument in arguments { properties[argument.name] = argument.schema }
    return [
      "type": "object",
      "properties": .object(properties),
      "required": .array(arguments.filter(\.required).map { .string($0.name) }),
      "additionalProperties": false,
    ]
  }

  /// The document's shape as far as it is stable across its kinds: an object with these keys.
  var outputSchema: Value {
    [
      "type": "object",
      "description": "The document `aasa-lint … --format json` writes for the same inputs.",
      "required": .array(documentKeys.map(Value.string)),
    ]
  }

  var tool: Tool {
    Tool(
      name: name, title: title, description: description, inputSchema: inputSchema,
      annotations: Tool.Annotations(
        title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
        openWorldHint: fetches),
      outputSchema: outputSchema)
  }
}

/// The tools of `aasa-lint mcp`, each mirroring a subcommand (docs/mcp.md).
enum ToolCatalog {
  static let fetchNote =
    "Fetches only what the server's fetch policy allows: https on port 443 of public addresses, unless the operator started it with --allow; a refusal names the rule and the flag."

  static let tools: [AgentTool] = [
    AgentTool(
      name: "lint_file", title: "Lint a deep-link file",
      description:
        "Lint a file's text as `aasa-lint FILE [URL ...] [--kind K] --format json` does: an apple-app-site-association, assetlinks.json, App Links page (HTML), MobileDeepLinking route config, AndroidManifest.xml or links.json, the kind told from the content unless kind forces one. With urls, also routes each URL or path through it exactly as Apple's matcher (or Android 15's dynamic rules, or the route config) does and names the rule that decided. Reads nothing but the text given; fetches nothing.",
      endpoint: "lint",
      arguments: [
        ToolArgument(name: "text", shape: .string, description: "The file's text.", required: true),
        ToolArgument(
          name: "name", shape: .string,
          description: "The name findings show the file under (default pasted.json)."),
        ToolArgument(
          name: "kind", shape: .choice(InputKind.allCases.map(\.rawValue)),
          description:
            "Lint the text as this kind, as --kind forces it (told from the content when omitted): aasa, assetlinks, applinks (an HTML page), routes (a MobileDeepLinking config), manifest (an AndroidManifest.xml) or links (a link domain's links.json)."
        ),
        ToolArgument(
          name: "urls", shape: .strings,
          description: "URLs or paths to route, e.g. https://example.com/albums/1 or /albums/1."),
        ToolArgument(
          name: "app", shape: .string,
          description: "An app ID (TEAMID.bundle.id or an Android package): only its verdicts."),
        ToolArgument(
          name: "domain", shape: .string,
          description: "The site the file is served from, for path-only URLs."),
        ToolArgument(
          name: "expect", shape: .string,
          description:
            "An --expect table's text: lines of `url<TAB>expected` (an app ID, none or blocked)."),
        ToolArgument(
          name: "grants", shape: .strings,
          description: "assetlinks.json: PACKAGE:SHA256 questions, each answered granted or not."),
      ], fetches: false),
    AgentTool(
      name: "route_urls", title: "Which app opens a URL, on iOS and Android",
      description:
        "Answer for each URL which app opens it on both platforms, as `aasa-lint route --site SITE URL ... --format json` does: Apple's matcher on the apple-app-site-association and Android's verification on assetlinks.json, with an optional built app's entitlements or manifest. Give the site's files as aasa and assetlinks, or a live site to fetch them from. "
        + fetchNote,
      endpoint: "route",
      arguments: [
        ToolArgument(
          name: "urls", shape: .strings, description: "URLs or paths to answer for.",
          required: true),
        ToolArgument(
          name: "site", shape: .string,
          description: "A live site (https://host[:port]) to fetch both files from."),
        ToolArgument(
          name: "aasa", shape: .file, description: "The apple-app-site-association file."),
        ToolArgument(name: "assetlinks", shape: .file, description: "The assetlinks.json file."),
        ToolArgument(
          name: "domain", shape: .string,
          description: "The host the given files are served from, for path-only URLs."),
        ToolArgument(name: "app", shape: .string, description: "The iOS app, TEAMID.bundle.id."),
        ToolArgument(name: "package", shape: .string, description: "The Android package."),
        ToolArgument(
          name: "fingerprint", shape: .string,
          description: "The SHA-256 fingerprint of the Android app's signing certificate."),
        ToolArgument(
          name: "manifest", shape: .file,
          description: "An AndroidManifest.xml: which activity opens each URL."),
        ToolArgument(
          name: "placeholders", shape: .strings,
          description: "NAME=VALUE values of the manifest's ${NAME} placeholders."),
        ToolArgument(
          name: "entitlements", shape: .file,
          description: "The iOS app's .entitlements or provisioning profile (base64 if binary)."),
      ], fetches: true),
    AgentTool(
      name: "check_site", title: "Check a deployed site",
      description:
        "Check a live site as `aasa-lint check SITE --format json` does: fetch its association files as Apple's fetcher (and a browser) do and judge connection, TLS, status, redirects, Content-Type, size, encoding, signature, JSON and lint; with cdn, also Apple's CDN copy, which devices read; with google (`--google`), also what Google's Digital Asset Links API reads from its assetlinks.json. A failed check is a result (its report), not an error. "
        + fetchNote,
      endpoint: "check",
      arguments: [
        ToolArgument(
          name: "site", shape: .string,
          description: "The site: a host, https://host[:port] or applinks:host.", required: true),
        ToolArgument(
          name: "paths", shape: .strings, description: "Paths that must open an app on the file."),
        ToolArgument(
          name: "app", shape: .string,
          description: "The app the file must list, TEAMID.bundle.id; paths must open it."),
        ToolArgument(
          name: "cdn", shape: .boolean,
          description:
            "Also read Apple's CDN copy of a public host (default true, as the command line)."),
        ToolArgument(
          name: "google", shape: .boolean,
          description:
            "Also ask Google's Digital Asset Links API whether it reads the same App Links grants as the site's assetlinks.json (default false, as the command line's --google)."
        ),
      ], fetches: true, documentKeys: ["site"]),
    AgentTool(
      name: "check_entitlements", title: "Check an app's entitlements against its sites",
      description:
        "Check every applinks:, webcredentials:, appclips: and activitycontinuation: domain an app's entitlements (or provisioning profile) names, as `aasa-lint check --entitlements FILE --format json` does: each site must serve a file listing the app under that service. "
        + fetchNote,
      endpoint: "check",
      arguments: [
        ToolArgument(
          name: "entitlements", shape: .file,
          description:
            "The .entitlements property list as text, or a .mobileprovision as base64.",
          required: true),
        ToolArgument(
          name: "app", shape: .string,
          description:
            "The app ID, TEAMID.bundle.id (needed for a .entitlements file; a profile names it)."),
        ToolArgument(
          name: "paths", shape: .strings, description: "Paths that must open the app on each site."
        ),
        ToolArgument(
          name: "cdn", shape: .boolean,
          description: "Also read Apple's CDN copy of each public host (default true)."),
      ], fetches: true),
    AgentTool(
      name: "check_manifest", title: "Check an Android app's manifest against its sites",
      description:
        "Check every host an AndroidManifest.xml verifies on Android 12+ (autoVerify intent filters), as `aasa-lint check --manifest FILE --format json` does: each host must serve an assetlinks.json granting the manifest's package App Links (with the certificates given, those), within the manifest's paths; and each site the manifest's asset_statements share sign-in with must grant it get_login_creds. `@string/` values come from strings (its res/values/strings.xml). "
        + fetchNote,
      endpoint: "check",
      arguments: [
        ToolArgument(
          name: "manifest", shape: .file,
          description: "The source AndroidManifest.xml's text (name: the name findings show).",
          required: true),
        ToolArgument(
          name: "strings", shape: .file,
          description:
            "The app's res/values/strings.xml text, for the manifest's @string/ values (hosts, asset_statements)."
        ),
        ToolArgument(
          name: "grants", shape: .strings,
          description:
            "SHA-256 fingerprints of the app's signing certificates that each host must grant (--grants)."
        ),
        ToolArgument(
          name: "cdn", shape: .boolean,
          description: "Also read Apple's CDN copy of each public host (default true)."),
      ], fetches: true, documentKeys: ["kind", "manifest", "hosts", "status"]),
    AgentTool(
      name: "cdn_copy", title: "Apple's CDN copy of a host's file",
      description:
        "Fetch the copy of a host's apple-app-site-association that Apple's CDN serves to devices, and lint it (with urls, route them) as `aasa-lint https://app-site-association.cdn-apple.com/a/v1/HOST --kind aasa --format json` does. No copy is an error with Apple's reason. "
        + fetchNote,
      endpoint: "cdn",
      arguments: [
        ToolArgument(
          name: "host", shape: .string, description: "The host, e.g. example.com.", required: true),
        ToolArgument(name: "urls", shape: .strings, description: "URLs or paths to route."),
        ToolArgument(name: "app", shape: .string, description: "Only this app's verdicts."),
      ], fetches: true),
    AgentTool(
      name: "diff_files", title: "What changed in which app opens which URL",
      description:
        "Diff two apple-app-site-association (or two assetlinks.json) files by behaviour, as `aasa-lint diff OLD NEW --format json` does: rules added, removed, changed, moved, and with urls each URL whose routing changes. Each side is text, a live site's file or Apple's CDN copy. "
        + fetchNote,
      endpoint: "diff",
      arguments: [
        ToolArgument(name: "old", shape: .diffSide, description: "The old file.", required: true),
        ToolArgument(name: "new", shape: .diffSide, description: "The new file.", required: true),
        ToolArgument(
          name: "urls", shape: .strings, description: "URLs or paths routed through both."),
      ], fetches: true),
    AgentTool(
      name: "explain_device_output", title: "Explain pasted device output",
      description:
        "Explain what a device printed, as `aasa-lint device FILE --format json` does: `adb shell pm get-app-links`, `swcutil show`/`verify`, swcd or Play services log lines, or a `curl -v` of Apple's CDN; per app and domain the state, what it means, likely causes and the next commands. Fetches nothing.",
      endpoint: "device",
      arguments: [
        ToolArgument(
          name: "text", shape: .string, description: "The pasted output.", required: true)
      ], fetches: false),
    AgentTool(
      name: "generate_files", title: "Write the site's and the app's files",
      description:
        "Write a minimal file that lints clean, as `aasa-lint new KIND` prints it: the site's apple-app-site-association (app, paths, excludes) or assetlinks.json (package, fingerprints), or the app's Android <intent-filter> (host, paths) or applinks: entitlement lines (domains, developer). Refused, with the finding, when it would not lint clean. Fetches nothing.",
      endpoint: nil,
      arguments: [
        ToolArgument(
          name: "kind", shape: .choice(["aasa", "assetlinks", "intent-filter", "entitlements"]),
          description: "Which file.", required: true),
        ToolArgument(name: "app", shape: .string, description: "aasa: TEAMID.bundle.id."),
        ToolArgument(
          name: "paths", shape: .strings,
          description: "aasa, intent-filter: path patterns that open the app."),
        ToolArgument(
          name: "excludes", shape: .strings,
          description: "aasa: path patterns that must not open the app."),
        ToolArgument(name: "package", shape: .string, description: "assetlinks: the package."),
        ToolArgument(
          name: "fingerprints", shape: .strings,
          description: "assetlinks: SHA-256 fingerprints of the signing certificates."),
        ToolArgument(
          name: "host", shape: .string,
          description: "intent-filter: the host verified (*.example.com for subdomains)."),
        ToolArgument(
          name: "domains", shape: .strings, description: "entitlements: the app's domains."),
        ToolArgument(
          name: "developer", shape: .boolean,
          description: "entitlements: also each domain with ?mode=developer."),
      ], fetches: false, documentKeys: ["kind", "text"]),
  ]

  static func named(_ name: String) -> AgentTool? { tools.first { $0.name == name } }
}
