import AASALint
import ArgumentParser

/// `aasa-lint`: which app does this URL open, and why; and is this file right.
struct AASALintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa-lint",
    abstract:
      "Lint apple-app-site-association and assetlinks.json files, and explain which app opens a URL.",
    discussion: """
      With only a FILE, aasa-lint lints it. With URLs or paths after it, it also routes each one \
      exactly as Apple's matcher does and names the rule that decided:

        aasa-lint site.json
        aasa-lint site.json /videos/samples/2010/x https://example.com/albums/1
        aasa-lint site.json --urls urls.txt --format tsv

      Exit status: 0 no errors (and no warnings under --strict), 1 findings at or above that \
      threshold, 2 a usage error or unreadable input.
      """,
    version: "0.1.0",
    subcommands: [Lint.self, Diff.self, Files.self, Check.self, Inbound.self],
    defaultSubcommand: Lint.self
  )
}
