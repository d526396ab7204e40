import Testing

@testable import AASAExporter

/// `/probe`'s query: only target, module and debug, each once; everything a module says stays
/// in the configuration. The timeout is blackbox_exporter's.
@Suite struct ProbeRequestTests {
  let configuration = ExporterConfiguration(modules: [
    "default": ProbeModule(name: "default"),
    "short": {
      var module = ProbeModule(name: "short")
      module.timeoutSeconds = 5
      return module
    }(),
  ])

  func refusal(_ query: String) -> String? {
    do {
      _ = try ProbeRequest.parse(query: query, configuration: configuration)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func readsTargetModuleAndDebug() throws {
    let request = try ProbeRequest.parse(
      query: "target=https%3A%2F%2Fexample.com%3A8443&module=short&debug=true",
      configuration: configuration)
    #expect(request.target.host == "example.com" && request.target.port == 8443)
    #expect(request.module.name == "short" && request.debug)
    let plain = try ProbeRequest.parse(query: "target=example.com", configuration: configuration)
    #expect(plain.target.port == 443 && plain.module.name == "default" && !plain.debug)
  }

  @Test func nothingElseIsAccepted() {
    #expect(refusal("") == "target parameter is missing")
    #expect(refusal("module=default") == "target parameter is missing")
    #expect(refusal("target=a.example&target=b.example") == "the parameter target is given twice")
    #expect(refusal("target=example.com&app=X")?.hasPrefix("unknown parameter \"app\"") == true)
    #expect(
      refusal("target=example.com&expect=/etc/passwd")?.hasPrefix("unknown parameter \"expect\"")
        == true)
    #expect(
      refusal("target=example.com&module=nope") == "unknown module \"nope\" (known: default, short)"
    )
    #expect(refusal("target=http://169.254.169.254")?.contains("only over https") == true)
    #expect(
      refusal("target=example.com&debug=maybe") == "debug must be true or false, not \"maybe\"")
    // Control characters are escaped in the answer.
    #expect(refusal("target=example.com&x%0Ay=1")?.contains("\n") == false)
  }

  @Test func timeoutIsTheScrapeTimeoutLessHalfASecondCappedByTheModule() {
    let short = configuration.modules["short"]!
    let standard = configuration.modules["default"]!
    #expect(ProbeRequest.timeoutSeconds(header: "10", module: standard) == 9.5)
    #expect(ProbeRequest.timeoutSeconds(header: "10", module: short) == 5)
    #expect(ProbeRequest.timeoutSeconds(header: nil, module: standard) == 30)
    #expect(ProbeRequest.timeoutSeconds(header: "0.2", module: standard) == 0.5)
    #expect(ProbeRequest.timeoutSeconds(header: "nan", module: standard) == 30)
  }
}
