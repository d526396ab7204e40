// swift-tools-version: 6.2
// Fuzz targets for code that needs the package's dependencies (SwiftNIO, swift-certificates,
// zlib, brotli, ZIPFoundation), which Fuzz/run.sh cannot compile with bare swiftc as it does the others: SwiftPM
// builds these against the package itself, every Swift module instrumented for libFuzzer
// (`-sanitize=fuzzer,address`) and compiled with `-enable-testing`. Built only by ../run.sh.
import PackageDescription

let package = Package(
  name: "aasa-fuzz-linked",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "aasa", path: "../.."),
    // EmbeddedChannel, to drive the HTTP/2 engine without sockets (server-request).
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // An empty CertificateStore: the signer roots response-judge trusts (none).
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
  ],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "server-request",
      dependencies: [
        "FuzzDriver",
        .product(name: "AASAServer", package: "aasa"),
        .product(name: "AASACore", package: "aasa"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "http-date",
      dependencies: [
        "FuzzDriver",
        .product(name: "AASAServer", package: "aasa"),
        .product(name: "AASAACME", package: "aasa"),
        .product(name: "AASACore", package: "aasa"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "live-numbers",
      dependencies: ["FuzzDriver", .product(name: "AASALiveCheck", package: "aasa")]),
    .executableTarget(
      name: "body-decoding",
      dependencies: ["FuzzDriver", .product(name: "AASALiveCheck", package: "aasa")]),
    .executableTarget(
      name: "signed-file",
      dependencies: [
        "FuzzDriver",
        .product(name: "AASASigned", package: "aasa"),
        .product(name: "AASA", package: "aasa"),
        .product(name: "AASACore", package: "aasa"),
      ]),
    .executableTarget(
      name: "response-judge",
      dependencies: [
        "FuzzDriver",
        .product(name: "AASALiveCheck", package: "aasa"),
        .product(name: "AASA", package: "aasa"),
        .product(name: "AASACore", package: "aasa"),
        .product(name: "X509", package: "swift-certificates"),
      ]),
    .executableTarget(
      name: "client-hello",
      dependencies: ["FuzzDriver", .product(name: "AASAServer", package: "aasa")]),
    .executableTarget(
      name: "entitlements",
      dependencies: [
        "FuzzDriver",
        .product(name: "AASALiveCheck", package: "aasa"),
        .product(name: "AASASigned", package: "aasa"),
      ]),
  ]
)
