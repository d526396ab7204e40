// swift-tools-version: 6.0
// The floor under aasa-serve's HTTP/2 speed: the least a server built on NIOSSL and an HTTP/2
// engine can do per request (no routing, no logging, no metrics, no timers; one prebuilt answer).
// Two engines: `h2-floor` on NIOHTTP2, `h2-floor-nghttp2` on libnghttp2 driven from a NIO
// channel handler. Built and run only by ../run.sh (ONLY=floor,floor-nghttp2), never by the main
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
      ]),
    .systemLibrary(
      name: "CNGHTTP2",
      pkgConfig: "libnghttp2",
      providers: [.apt(["libnghttp2-dev"]), .brew(["libnghttp2"])]),
    .executableTarget(
      name: "h2-floor-nghttp2",
      dependencies: [
        "CNGHTTP2",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]),
  ]
)
