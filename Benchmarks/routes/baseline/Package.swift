// swift-tools-version:6.0
import PackageDescription

// The route benchmark's baseline: deep links routed the way the MobileDeepLinking libraries do it,
// with Foundation only (JSONSerialization, URL, and an NSRegularExpression compiled for every
// check; routes tried one after the other). See ../run.sh and BENCHMARKS.md.
let package = Package(
  name: "mdl-baseline",
  targets: [
    .executableTarget(name: "mdl-baseline")
  ]
)
