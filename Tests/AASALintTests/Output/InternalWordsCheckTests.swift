import TestSupport
import Testing

/// The check every run of `aasa-lint` and `aasa-serve` in the tests goes through: internal words
/// are found, and the test's own inputs (a path under `Sources/`, a file ending in `.swift`) are not
/// taken for them.
@Suite struct InternalWordsCheckTests {
  @Test("type names, error numbers and build paths are found")
  func found() {
    #expect(
      InternalWordsCheck.leaks(in: "cannot fetch: NIOSSLError(handshakeFailed)", arguments: []) == [
        "Error(", "NIOSSLError",
      ])
    #expect(InternalWordsCheck.leaks(in: "failed (errno 111)", arguments: []) == ["errno"])
    #expect(
      InternalWordsCheck.leaks(in: "Fatal: /work/main/Sources/AASALint/X.swift:12", arguments: [])
        == ["/Sources/", ".swift:"])
  }

  @Test("the test's own arguments are not internal words")
  func argumentsAreTakenOut() {
    let path = "/tmp/Sources/Package.swift"
    #expect(InternalWordsCheck.leaks(in: "\(path):1:1: not JSON", arguments: [path]).isEmpty)
    #expect(InternalWordsCheck.leaks(in: "no problems, no error", arguments: []).isEmpty)
  }

  @Test("a message of a built program with an internal word records an issue")
  func records() {
    withKnownIssue {
      InternalWordsCheck.check(
        executable: "/x/aasa-lint", arguments: ["check", "https://example.com"],
        result: ProcessResult(status: 1, stdout: "", stderr: "HTTPClientError.connectTimeout"))
    }
    // Other programs' output (curl's, openssl's) is theirs.
    InternalWordsCheck.check(
      executable: "/x/curl", arguments: [],
      result: ProcessResult(status: 1, stdout: "", stderr: "errno 111"))
  }
}
