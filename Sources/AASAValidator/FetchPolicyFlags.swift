import ArgumentParser

/// What a program that fetches for someone else may reach beyond public https, and what it
/// trusts there: declared once for the validator page (`aasa-lint web`, `aasa-serve
/// --validator`, through ``ValidatorFlags``) and the agents' server (`aasa-lint mcp`), so that
/// `--allow` and `--ca-file` are spelled, explained and read the same wherever a request from
/// someone else can make aasa connect.
public struct FetchPolicyFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Also fetch from CIDR, HOST or *.DOMAIN, optionally :PORT (repeatable).",
      valueName: "rule"))
  public var allow: [String] = []

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "Trust this PEM file's roots too (an internal CA).", valueName: "pem"),
    completion: .file())
  public var caFile: String?

  @Option(
    name: .customLong("cdn-base"),
    help: ArgumentHelp(
      "Apple's CDN's base URL instead of https://app-site-association.cdn-apple.com/a/v1, for tests; its host is vetted as any other.",
      valueName: "url", visibility: .hidden))
  public var cdnBase: String?

  public init() {}

  /// Whether any of the flags was given.
  public var isGiven: Bool { !allow.isEmpty || caFile != nil || cdnBase != nil }
}
