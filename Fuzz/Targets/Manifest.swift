// manifest: an AndroidManifest.xml read for App Links.
//
// Input: the manifest's bytes. Checks: every verified host is a valid domain name (the `*.` of
// a wildcard taken off), appears once, and has a line; every finding has a line.

import AASACore

@testable import AASAAndroid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var resources = ManifestResources(placeholders: ["host": "example.com"])
  resources.values["string/host"] = "example.org"
  let report = AndroidManifestFile.read(bytes, resources: resources)
  var seen: Set<String> = []
  for host in report.hosts {
    require(ManifestAnalysis.hostProblem(host.declared) == nil, "invalid host \(host.declared)")
    require(seen.insert(host.declared).inserted, "host \(host.declared) twice")
    require(host.line >= 1, "host without a line")
  }
  for diagnostic in report.diagnostics {
    require(diagnostic.location.line >= 1, "\(diagnostic.code) without a line")
  }
  return 0
}
