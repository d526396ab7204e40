// swift-tools-version: 6.0
// The floor under aasa-serve's HTTP/2 speed: the least a server built on NIOSSL and an HTTP/2
// engine can do per request (no routing, no logging, no metrics, no timers; one prebuilt answer).
// On NIOHTTP2, aasa-serve's HTTP/2 engine until issue 21 measured this floor against one on
// libnghttp2 (BENCHMARKS.md, "HTTP/2 engine decision"); that engine is aasa-serve's own now
// (Sources/AASAServer/HTTP2). Built and run only by ../run.sh (ONLY=floor), never by the main
// package or CI.
import PackageDescription

let package = Package(
  name: "h2-floor",
  dependencies: [
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    .executableTarget(
      name: "h2-floor",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP2", package: "swift-nio-http2"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ])
  ]
)
