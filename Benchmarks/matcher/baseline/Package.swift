// swift-tools-version:6.0
import PackageDescription

// The matcher benchmark's baseline: the straightforward way to route URLs with an
// apple-app-site-association file, with Foundation only (JSONSerialization and
// NSRegularExpression, every rule tried in order). See ../run.sh and BENCHMARKS.md.
let package = Package(
  name: "aasa-baseline",
  targets: [
    .executableTarget(name: "aasa-baseline")
  ]
)
