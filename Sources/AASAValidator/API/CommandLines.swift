import AASALiveCheck

// The command line of each endpoint's answer, derived from the very input value the run took, so
// that the line the page copies cannot drift from what was run. A file the API got as text or
// bytes is named as the page (and docs/validator.md) names it, for the one who runs the line to
// write it there first: the name the request gave, else the endpoint's default; a route's two
// files in `site/.well-known/`; a device's paste in `paste.txt`; a manifest's strings in
// `res/values/strings.xml` beside it, where `aasa-lint` looks for them.

extension LintInput {
  /// `aasa-lint NAME [URL …] [--kind] [--app] [--domain] [--expect expect.tsv] [--grants …]`.
  var commandLine: ShellCommand {
    var command = ShellCommand()
    command.file(name)
    for url in urls { command.argument(url) }
    command.option("--kind", kind?.rawValue)
    command.option("--app", app)
    command.option("--domain", domain)
    if expect != nil { command.option("--expect", expectName) }
    command.options("--grants", grants)
    command.add("--format", "json")
    return command
  }
}

extension ShellCommand {
  /// The end of every line that fetches: `--no-cdn` unless Apple's CDN was asked, the
  /// validator's CA file by its name, and the JSON the answer is.
  mutating func fetching(cdn: Bool, caFile: String?) {
    if !cdn { add("--no-cdn") }
    self.caFile(caFile)
    add("--format", "json")
  }

  /// `aasa-lint device paste.txt`: the paste, written to `paste.txt`.
  static let device = ShellCommand("device", "paste.txt", "--format", "json")

  /// The name `device`'s command gives the paste.
  static let devicePaste = "paste.txt"
}

extension CheckInput {
  /// `aasa-lint check ORIGIN [--app] [--path …] [--no-cdn] [--google] [--ca-file NAME]`.
  var commandLine: ShellCommand {
    var command = ShellCommand("check")
    command.argument(site.origin)
    command.option("--app", app)
    command.options("--path", paths)
    if googleBase != nil { command.add("--google") }
    command.fetching(cdn: cdn, caFile: caFile)
    return command
  }
}

extension EntitlementsCheckInput {
  /// `aasa-lint check --entitlements NAME [--app] [--path …] [--no-cdn] [--ca-file NAME]`.
  var commandLine: ShellCommand {
    var command = ShellCommand("check", "--entitlements")
    command.file(name)
    command.option("--app", app)
    command.options("--path", paths)
    command.fetching(cdn: cdn, caFile: caFile)
    return command
  }
}

extension ManifestCheckInput {
  /// `aasa-lint check --manifest NAME [--grants …] [--no-cdn] [--ca-file NAME]`, the strings in
  /// `res/values/strings.xml` beside the manifest.
  var commandLine: ShellCommand {
    var command = ShellCommand("check", "--manifest")
    command.file(name)
    command.options("--grants", grants)
    command.fetching(cdn: cdn, caFile: caFile)
    return command
  }
}

extension RouteInput {
  /// The name `route`'s command gives the folder holding the given files in `.well-known/`.
  static let givenFolder = "site"
  /// The name `route`'s command gives a manifest.
  static let manifestName = "AndroidManifest.xml"

  /// `aasa-lint route --site ORIGIN|site [--domain] URL… [--app] [--package] [--fingerprint]
  /// [--manifest AndroidManifest.xml] [--placeholder …] [--entitlements NAME] [--ca-file NAME]`.
  var commandLine: ShellCommand {
    var command = ShellCommand("route", "--site")
    let live: Bool
    switch site {
    case .live(let site, _, _):
      command.argument(site.origin)
      live = true
    case .given:
      command.add(Self.givenFolder)
      live = false
    }
    command.option("--domain", domain)
    for url in urls { command.argument(url) }
    command.option("--app", app)
    command.option("--package", package)
    command.option("--fingerprint", fingerprint)
    if manifest != nil { command.add("--manifest", Self.manifestName) }
    command.options("--placeholder", placeholders)
    if let entitlements { command.option("--entitlements", entitlements.name) }
    if live { command.caFile(caFile) }
    command.add("--format", "json")
    return command
  }
}

extension PasskeysInput {
  /// `aasa-lint passkeys RP-ID [--entitlements NAME] [--app] [--manifest NAME] [--package]
  /// [--fingerprint …] [--no-cdn] [--ca-file NAME]`, the strings beside the manifest.
  var commandLine: ShellCommand {
    var command = ShellCommand("passkeys")
    command.argument(rpID.hostHeader)
    if let entitlements { command.option("--entitlements", entitlements.name) }
    command.option("--app", app)
    if let manifest { command.option("--manifest", manifest.name) }
    command.option("--package", package)
    command.options("--fingerprint", fingerprints)
    command.fetching(cdn: cdn, caFile: caFile)
    return command
  }
}

/// What `POST /api/v1/diff` compared: each side's name as the document gives it (a pasted file's
/// name, a site's file URL, Apple's CDN URL), which `aasa-lint diff` takes as given (it fetches
/// an `https://` URL as Apple does), and the URLs routed through both.
struct DiffInput: Sendable {
  var old: String
  var new: String
  var urls: [String]
  /// Whether a side was fetched from a site, so the command trusts the validator's CA file too.
  var fetched: Bool
  var caFile: String?

  /// The name `diff`'s command gives the URL list.
  static let urlList = "urls.txt"

  /// `aasa-lint diff OLD NEW [--urls urls.txt] [--ca-file NAME]`, the URLs written one per line
  /// to `urls.txt` first.
  var commandLine: ShellCommand {
    var command = ShellCommand("diff")
    command.argument(old)
    command.argument(new)
    if !urls.isEmpty {
      command.write(urls, to: Self.urlList)
      command.add("--urls", Self.urlList)
    }
    if fetched { command.caFile(caFile) }
    command.add("--format", "json")
    return command
  }
}
