// swift-tools-version:6.2
// 6.2 is the real floor: several dependencies resolve only to 6.2 manifests (Xcode 26 on a Mac).
import PackageDescription

let package = Package(
  name: "aasa",
  // macOS 13: swift-prometheus's floor; nothing in aasa needs newer (no Mutex, no
  // String(validating:)).
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "AASACore", targets: ["AASACore"]),
    .library(name: "AASA", targets: ["AASA"]),
    .library(name: "AASAAndroid", targets: ["AASAAndroid"]),
    .library(name: "AASAAppLinks", targets: ["AASAAppLinks"]),
    .library(name: "AASARoutes", targets: ["AASARoutes"]),
    .library(name: "AASASigned", targets: ["AASASigned"]),
    .library(name: "AASALiveCheck", targets: ["AASALiveCheck"]),
    .library(name: "AASAServer", targets: ["AASAServer"]),
    .library(name: "AASADevice", targets: ["AASADevice"]),
    .library(name: "AASAACME", targets: ["AASAACME"]),
    .library(name: "AASAValidator", targets: ["AASAValidator"]),
    .executable(name: "aasa-lint", targets: ["aasa-lint"]),
    .executable(name: "aasa-serve", targets: ["aasa-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    // `aasa-lint mcp`: the Model Context Protocol over stdio. Exact: a 0.x version.
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
  ],
  targets: [
    // What every format stands on: the positioned JSON reader, source locations, diagnostics,
    // the linter protocol every format conforms to, and site domains.
    .target(name: "AASACore"),

    // Apple's apple-app-site-association files: model, checks, matching URLs as Apple does.
    .target(name: "AASA", dependencies: ["AASACore"]),

    // Android's assetlinks.json statement lists: model, checks, grants, Android 15's dynamic
    // rules and routing, source manifests (Foundation's XMLParser), and the bounded readers of
    // certificate containers (JKS, the APK Signing Block, pasted keytool/apksigner text). No
    // package dependencies, so that Fuzz/run.sh builds it with swiftc alone.
    .target(name: "AASAAndroid", dependencies: ["AASACore"]),

    // Signing certificates from the artefacts that hold them, fingerprinted as Android does:
    // X.509 (swift-certificates), PKCS#12 (NIOSSL), APKs' v1 JAR signatures (ZIPFoundation, CMS),
    // on top of AASAAndroid's container readers.
    .target(
      name: "AASAAndroidSigning",
      dependencies: [
        "AASACore",
        "AASAAndroid",
        // The CMS SignedData reader of v1 (JAR) signatures, shared with signed association files.
        "AASASigned",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),

    // The two well-known JSON files, Apple's and Android's, linted by their kind: what the server,
    // the live check and the command line share.
    .target(name: "AASAWellKnown", dependencies: ["AASACore", "AASA", "AASAAndroid"]),

    // Signed (CMS/PKCS#7, iOS 8 era) association files: unwrapping and verifying the signature,
    // which both an offline lint and a live check need.
    .target(
      name: "AASASigned",
      dependencies: [
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),

    // Debian's libgumbo-dev: a real HTML5 parser, for reading App Links pages as browsers do.
    .systemLibrary(
      name: "CGumbo", pkgConfig: "gumbo",
      providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]),

    // App Links pages (`al:*` meta tags): reading, checks, navigation and inbound URLs, as Bolts.
    .target(name: "AASAAppLinks", dependencies: ["AASACore", "CGumbo"]),

    // A link domain's fallbacks (`links.json`, docs/links.md): rules read with positions, checked
    // against the site's own association files, and the answers per client.
    .target(name: "AASALinks", dependencies: ["AASACore", "AASA", "AASAAndroid"]),

    // MobileDeepLinking route configs: parsing, routing as the iOS and Android libraries do, lint.
    .target(name: "AASARoutes", dependencies: ["AASACore"]),

    // Device output (pm get-app-links, swcutil, swcd log lines), read and explained.
    .target(name: "AASADevice", dependencies: ["AASACore"]),

    // What a built app claims: entitlements from a Mach-O's code signature, provisioning
    // profiles' property lists. Hand-written bounded readers, no dependencies (fuzzed).
    .target(name: "AASABuiltApp"),

    // zlib and Debian's libbrotli-dev, for decoding compressed bodies with a bound on their size.
    // Not `CZlib`: ZIPFoundation's own zlib module has that name on Linux.
    .systemLibrary(
      name: "CSystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CBrotli", pkgConfig: "libbrotlidec",
      providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]),
    // The brotli encoder, for tests that make `Content-Encoding: br` bodies: never in the tools.
    .systemLibrary(
      name: "CBrotliEncoder", pkgConfig: "libbrotlienc",
      providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]),

    // Network errors (NIO, NIOSSL, AsyncHTTPClient, errno) in words: one mapping for the live
    // check and the ACME client.
    .target(
      name: "AASANetworkWords",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),

    // Fetching and judging a deployed site (`aasa-lint check`): values, rendered by AASALint.
    .target(
      name: "AASALiveCheck",
      dependencies: [
        "AASANetworkWords",
        "AASACore",
        "AASA",
        "AASAAndroid",
        "AASASigned",
        "AASAWellKnown",
        "AASABuiltApp",
        "CSystemZlib",
        "CBrotli",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        // Reading .ipa archives (--entitlements App.ipa).
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOTLS", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),

    // What `aasa-lint` does, as a library the tests import: each subcommand's run, the format
    // detection, and the rendering of every report (text, JSON, TSV, SARIF, GitHub annotations).
    .target(
      name: "AASALint",
      dependencies: [
        "AASACore",
        "AASALinks",
        "AASA",
        "AASAAndroid",
        "AASAAndroidSigning",
        "AASAAppLinks",
        "AASARoutes",
        "AASASigned",
        "AASAWellKnown",
        "AASALiveCheck",
        "AASADevice",
      ]
    ),

    // `aasa-lint exporter`: the live check at every Prometheus scrape, in blackbox_exporter's
    // multi-target pattern (docs/exporter.md): modules, the allowlist, the third parties' answers
    // cached for their max-age, a registry per scrape (swift-prometheus), on a plain listener.
    .target(
      name: "AASAExporter",
      dependencies: [
        "AASACore",
        "AASA",
        "AASAAndroid",
        "AASALint",
        "AASALiveCheck",
        "AASAHosting",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]
    ),

    .executableTarget(
      name: "aasa-lint",
      dependencies: [
        "AASACore",
        "AASA",
        "AASAAndroid",
        "AASAAppLinks",
        "AASALint",
        // `aasa-lint web`: the validator page on a plain listener; never AASAServer, AASAACME or
        // CNGHTTP2 (Scripts/check-lint-closure.py).
        "AASAHosting",
        "AASAValidator",
        // `aasa-lint exporter`: the Prometheus exporter.
        "AASAExporter",
        // `aasa-lint mcp`: the tools for coding agents.
        "AASAMCP",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // libnghttp2 (Debian's libnghttp2-dev, Homebrew's libnghttp2): the server's HTTP/2 engine,
    // driven from a NIO channel handler under NIOSSL (see HTTP2Connection).
    .systemLibrary(
      name: "CNGHTTP2", pkgConfig: "libnghttp2",
      providers: [.apt(["libnghttp2-dev"]), .brew(["libnghttp2"])]),

    // Plain HTTP/1.1 listeners (`--admin`, `--validator`, `--acme-http-port`, `aasa-lint web`):
    // one listener type, with the connection limit, head and body deadlines, header size, body
    // budget and listen errors in words, for a handler another target defines. The site
    // listener stands on its connection layer (deadlines, guard, registry) too.
    .target(
      name: "AASAHosting",
      dependencies: [
        "AASACore",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // One BoringSSL option NIOSSL does not expose: the server's TLS 1.2 cipher order.
    .systemLibrary(name: "CBoringSSLOptions"),

    // The server's request handling, snapshotting and TLS set-up.
    .target(
      name: "AASAServer",
      dependencies: [
        "AASACore",
        // links.json: the fallback answers of a link domain.
        "AASALinks",
        // Apple's demands of a certificate's key (CertificateKeyDemands) and the key's reading
        // (PublicKeyParts), shared with check.
        "AASA",
        "AASASigned",
        "AASAAppLinks",
        "AASAWellKnown",
        // --acme: the manager, its storage and the TLS-ALPN-01 challenge certificates.
        "AASAACME",
        // The connection layer, and the plain listeners (--admin, --validator, HTTP-01).
        "AASAHosting",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        "CNGHTTP2",
        "CBoringSSLOptions",
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        // SNIHandler: reads the ClientHello's server name to pick the certificate (--tls-dir).
        .product(name: "NIOTLS", package: "swift-nio"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]
    ),

    // ACME (RFC 8555) for certificates that take care of themselves: the protocol client, the
    // TLS-ALPN-01 challenge certificate (RFC 8737), CSRs; no hand-written ASN.1.
    .target(
      name: "AASAACME",
      dependencies: [
        "AASACore",
        "AASANetworkWords",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),

    // The validator page (`aasa-lint web`, `aasa-serve --validator`): its JSON API, its security
    // checks, and the page's own files (Page/), embedded at build time by EmbedValidatorPage.
    .target(
      name: "AASAValidator",
      dependencies: [
        "AASACore",
        // `grants` of the lint API: GrantQuery.parse, which reads no file.
        "AASAAndroid",
        "AASALint",
        "AASALiveCheck",
        // The listener the page is served on (HostedListener, HostedHandler).
        "AASAHosting",
        // ValidatorFlags: the page's flags, shared by aasa-lint web and aasa-serve --validator.
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["Page"],
      plugins: ["EmbedValidatorPage"]
    ),
    // `aasa-lint mcp` (docs/mcp.md): the Model Context Protocol tools, each answering with the
    // document `aasa-lint … --format json` writes, through the validator's runs and fetch policy.
    .target(
      name: "AASAMCP",
      dependencies: [
        "AASACore",
        "AASALint",
        "AASALiveCheck",
        "AASAValidator",
        .product(name: "MCP", package: "swift-sdk"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Writes the page's files into a Swift source at build time (base64 string literals, which
    // compile in milliseconds where large byte-array literals take minutes).
    .executableTarget(name: "aasa-embed-page", path: "Plugins/aasa-embed-page"),
    .plugin(
      name: "EmbedValidatorPage", capability: .buildTool(), dependencies: ["aasa-embed-page"]),

    .executableTarget(
      name: "aasa-serve",
      dependencies: [
        "AASACore",
        "AASAServer",
        // ListenAddress, LogFormat.
        "AASAHosting",
        // --acme: its settings' types.
        "AASAACME",
        // `--validator`: the validator page on a listener of the server's.
        "AASAValidator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        // TimeAmount for the durations, System.coreCount for the default --threads.
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),

    // Temporary directories and child processes for the tests that run programs, and the
    // certificates (self-signed, or a loopback authority's) and HTTPS stub every test target
    // shares.
    .target(
      name: "TestSupport",
      dependencies: [
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
        // RSA keys for test certificates, 1024-bit ones included.
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ],
      path: "Tests/TestSupport"),

    .testTarget(name: "AASACoreTests", dependencies: ["AASACore", "TestSupport"]),
    .testTarget(name: "AASATests", dependencies: ["AASACore", "AASA", "TestSupport"]),
    .testTarget(
      name: "AASAAndroidTests",
      dependencies: ["AASACore", "AASAAndroid", "AASAAndroidSigning", "TestSupport"]),
    .testTarget(
      name: "AASALinksTests",
      dependencies: ["AASACore", "AASA", "AASAAndroid", "AASAAppLinks", "AASALinks", "TestSupport"]),
    .testTarget(
      name: "AASAAppLinksTests", dependencies: ["AASACore", "AASAAppLinks", "TestSupport"]),
    .testTarget(
      name: "AASALintTests",
      dependencies: ["AASACore", "AASA", "AASAAndroid", "AASALint", "TestSupport"]),
    .testTarget(
      name: "AASARoutesTests", dependencies: ["AASACore", "AASARoutes", "TestSupport"]),
    .testTarget(
      name: "AASADeviceTests", dependencies: ["AASACore", "AASADevice", "TestSupport"]),
    .testTarget(name: "AASABuiltAppTests", dependencies: ["AASABuiltApp", "TestSupport"]),
    .testTarget(
      name: "AASALiveCheckTests",
      dependencies: [
        "AASACore",
        "AASA",
        "AASABuiltApp",
        "AASALint",
        "AASALiveCheck",
        "AASASigned",
        "CSystemZlib",
        "CBrotli",
        "CBrotliEncoder",
        "TestSupport",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    .testTarget(
      name: "AASAServerTests",
      dependencies: [
        "AASACore",
        "AASAServer",
        "TestSupport",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    .testTarget(
      name: "AASAHostingTests",
      dependencies: [
        "AASAHosting",
        "TestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "AASAACMETests",
      dependencies: [
        "AASAACME",
        // The --tls-dir loader, which must read what ACME storage writes.
        "AASAServer",
        "TestSupport",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOTLS", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    .testTarget(
      name: "AASAValidatorTests",
      dependencies: [
        "AASAValidator",
        "AASAHosting",
        "AASALiveCheck",
        "TestSupport",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        // The stub of Apple's CDN, over TLS on loopback.
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ],
      // The browser script, run from the package folder by the browser test.
      exclude: ["Resources"]
    ),
    // `aasa-lint mcp` driven by the Python MCP SDK, as an agent's client would.
    .testTarget(
      name: "AASAMCPTests",
      dependencies: ["AASAMCP", "TestSupport", .product(name: "MCP", package: "swift-sdk")]),
    .testTarget(
      name: "AASAExporterTests",
      dependencies: [
        "AASAExporter",
        "AASAHosting",
        "AASALiveCheck",
        "TestSupport",
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        // The stub of Apple's CDN and the changing origin, over TLS on loopback.
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // Runs the built executables as processes, as a user would.
    .testTarget(name: "EndToEndTests", dependencies: ["AASACore", "AASA", "TestSupport"]),
  ]
)
