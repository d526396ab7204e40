import AASACore
import AASALint
import ArgumentParser

/// `aasa-lint`: which app does this URL open, and why; and is this file right.
struct AASALintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa-lint",
    abstract:
      "Lint deep-link files (apple-app-site-association, assetlinks.json, App Links pages, MobileDeepLinking route configs), and explain which app or screen a link opens.",
    discussion: """
      With only a FILE, aasa-lint lints it; the kind is told from the content (or --kind). With \
      URLs or paths after an association file, it also routes each one exactly as Apple's \
      matcher does (an assetlinks.json: as Android 15's dynamic rules do) and names the rule \
      that decided; after a route config, it routes deep links as the iOS and Android \
      libraries do; a page is navigated with --platform; an AndroidManifest.xml lists the hosts \
      Android verifies:

        aasa-lint site.json
        aasa-lint site.json /videos/samples/2010/x https://example.com/albums/1
        aasa-lint site.json --urls urls.txt --format tsv
        aasa-lint MobileDeepLinkingConfig.json "mdldemo://sale/42?utmSource=mail"
        aasa-lint page.html --page-url https://example.com/docs \\
            --platform iphone --installed bolts
        aasa-lint assetlinks.json https://example.com/products/1 \\
            --app com.example.app
        aasa-lint AndroidManifest.xml --placeholder hostName=example.com
        aasa-lint fingerprint app-release.apk

      Run `aasa-lint help SUBCOMMAND` for a subcommand's options; the options of the default \
      subcommand (lint) follow below.

      Exit status: 0 no errors (and no warnings under --strict), 1 findings at or above that \
      threshold, 2 a usage error or unreadable input.
      """,
    version: PackageVersion.current,
    subcommands: [
      Lint.self, RouteCommand.self, Diff.self, Files.self, Check.self, Passkeys.self, Inbound.self,
      DeviceCommand.self,
      New.self,
      Fingerprint.self,
      Web.self,
      MCPCommand.self,
      Exporter.self,
    ],
    defaultSubcommand: Lint.self
  )
}
