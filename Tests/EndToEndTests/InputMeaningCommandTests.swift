import Foundation
import TestSupport
import Testing

/// What people type, paste and export means what they meant: URLs as a browser sends them,
/// domains in every pasted form, lists with the usual debris, every finding in every format.
@Suite("aasa-lint reads input as people mean it")
struct InputMeaningCommandTests {
  static let encodedSite = #"""
    {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
      "components": [{"/": "/caf%C3%A9/*"}, {"/": "/my%20shop/*"}]}]}}
    """#
  static let app = "D3KQX62K1A.com.example.app"

  private func site() throws -> (TemporaryDirectory, String) {
    let dir = try TemporaryDirectory()
    return (dir, try dir.write("site.json", Self.encodedSite))
  }

  @Test("a URL typed with spaces and accents routes like the encoded one Safari sends")
  func typedURLs() async throws {
    let (dir, file) = try site()
    defer { withExtendedLifetime(dir) {} }
    let output = try await LintProcess.run(
      [
        file, "/café/x", "/caf%C3%A9/x", "/my shop/x", "https://bücher.example/café/1",
        "--domain", "bücher.example", "--format", "tsv",
      ])
    #expect(output.status == 0, "\(output.stderr)")
    let apps = output.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
    #expect(apps == Array(repeating: Substring(Self.app), count: 4))
  }

  @Test(
    "--domain in pasted forms",
    arguments: [
      ("applinks:example.com?mode=developer", "https://example.com/caf%C3%A9/1", true, false),
      ("https://example.com/albums", "https://example.com/caf%C3%A9/1", true, true),
      ("*.example.com", "https://www.example.com/caf%C3%A9/1", true, false),
      ("*.example.com", "https://example.com/caf%C3%A9/1", false, false),
    ])
  func domainForms(domain: String, url: String, opens: Bool, notes: Bool) async throws {
    let (dir, file) = try site()
    defer { withExtendedLifetime(dir) {} }
    let output = try await LintProcess.run([file, url, "--domain", domain, "--format", "tsv"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains(Self.app) == opens, "\(output.stdout)")
    #expect(output.stderr.contains("note: --domain: using the host example.com") == notes)
  }

  @Test("a bad --domain is a usage error naming the forms it takes")
  func badDomain() async throws {
    let (dir, file) = try site()
    defer { withExtendedLifetime(dir) {} }
    let output = try await LintProcess.run([file, "/x", "--domain", "example.com/shop"])
    expectCleanFailure(output)
    #expect(output.stderr.contains("*.example.com"))
  }

  @Test("URL lists: a BOM, CRLF, blank lines, comments and surrounding spaces are not inputs")
  func listDebris() async throws {
    let (dir, file) = try site()
    let list = try dir.write(
      "urls.txt", "\u{FEFF}/café/1\r\n\r\n# a comment\r\n   /my shop/2  \r\n\t\n  # indented\n/x")
    for format in ["tsv", "json", "text"] {
      let output = try await LintProcess.run([file, "--urls", list, "--format", format])
      #expect(output.status == 0, "\(output.stderr)")
      #expect(!output.stdout.contains("comment"), "\(format)")
      #expect(!output.stdout.contains("indented"), "\(format)")
      #expect(!output.stdout.contains("\u{FEFF}"), "\(format)")
    }
    let tsv = try await LintProcess.run([file, "--urls", list, "--format", "tsv"])
    #expect(
      tsv.stdout == "/café/1\t\(Self.app)\tmatch\n/my shop/2\t\(Self.app)\tmatch\n/x\t-\tnone\n")
  }

  @Test("an expectations table with the same debris reads the same")
  func expectationDebris() async throws {
    let (dir, file) = try site()
    let table = try dir.write(
      "routes.tsv", "\u{FEFF}# pinned routes\r\n /café/1 \t \(Self.app) \r\n\r\n/x\t\tnone\n")
    let output = try await LintProcess.run([file, "--expect", table])
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    #expect(output.stdout.contains("2 of 2 expectations met"))
  }

  @Test(
    "a failed expectation is carried by every format",
    arguments: ["text", "json", "sarif", "github", "tsv"])
  func expectationInEveryFormat(format: String) async throws {
    let (dir, file) = try site()
    let table = try dir.write("routes.tsv", "/café/1\tnone\n/x\tnone\n")
    let output = try await LintProcess.run([file, "--expect", table, "--format", format])
    #expect(output.status == 1, "\(format): \(output.stdout)\(output.stderr)")
    let everything = output.stdout + output.stderr
    #expect(everything.contains("routes.tsv"), "\(format)")
    #expect(everything.contains("/café/1"), "\(format)")
    switch format {
    case "sarif":
      let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
      let runs = try #require(json?["runs"] as? [[String: Any]])
      let results = try #require(runs.first?["results"] as? [[String: Any]])
      #expect(results.count == 1)
      #expect(results.first?["ruleId"] as? String == "routing-expectation")
    case "tsv":
      #expect(output.stdout.contains("/café/1\t\(Self.app)\tmatch"))
      #expect(output.stderr.contains("mismatch"))
    default:
      break
    }
  }

  @Test(
    "an unknown --app is a warning with the ID meant, in every format",
    arguments: ["json", "sarif", "github"])
  func unknownAppEverywhere(format: String) async throws {
    let (dir, file) = try site()
    defer { withExtendedLifetime(dir) {} }
    let output = try await LintProcess.run(
      [file, "/café/1", "--app", "d3kqx62k1a.com.example.app", "--format", format])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("AASA209"))
    #expect(output.stdout.contains("did you mean \(Self.app)?"))
    if format == "json" {
      // The only verdict is the asked-for app's.
      let routes = (JSONText.parse(output.stdout) as? [String: Any])?["routes"] as? [[String: Any]]
      let verdicts = routes?.first?["verdicts"] as? [[String: Any]]
      #expect(verdicts?.count == 1)
      #expect(verdicts?.first?["app"] as? String == "d3kqx62k1a.com.example.app")
      #expect(verdicts?.first?["verdict"] as? String == "none")
    }
  }

  @Test("a truncated file with --app reports the JSON error first, not the app")
  func truncatedWithApp() async throws {
    let output = try await LintProcess.run(
      [
        BuiltProducts.packageRoot.appendingPathComponent("examples/broken/truncated.json").path,
        "/x", "--app", Self.app,
      ])
    #expect(output.status == 1)
    let json = try #require(output.stdout.range(of: "[AASA001]"))
    let app = try #require(output.stdout.range(of: "[AASA209]"))
    #expect(json.lowerBound < app.lowerBound)
  }

  @Test("diff: a trailing comma in the new file changes every route and fails --exit-code")
  func diffIgnoredFile() async throws {
    let (dir, old) = try site()
    let new = try dir.write("new.json", Self.encodedSite.replacing("}]}]}}", with: "},]}]}}"))
    let urls = try dir.write("urls.txt", "/café/1\n/my shop/1\n")
    let output = try await LintProcess.run(["diff", old, new, "--urls", urls, "--exit-code"])
    #expect(output.status == 1)
    #expect(output.stdout.contains("new.json as a whole, so it opens no URL"))
    #expect(output.stdout.contains("[AASA002]"))
    #expect(output.stdout.contains("2 of 2 URLs route differently"))
    let json = try await LintProcess.run(["diff", old, new, "--format", "json"])
    let ignored =
      (JSONText.parse(json.stdout) as? [String: Any])?["ignoredByApple"] as? [String: Any]
    #expect((ignored?["new"] as? [String: Any])?["code"] as? String == "AASA002")
    #expect(ignored?.count == 1)
  }

  @Test("bash completion: files for the file, choices for --format, also without a subcommand")
  func bashCompletion() async throws {
    let dir = try TemporaryDirectory()
    _ = try dir.write("site.json", "{}")
    let script = try await LintProcess.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    let completion = try dir.write("aasa-lint.bash", script.stdout)
    let driver = try dir.write(
      "complete.sh",
      #"""
      source "$1"; shift
      COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _aasa-lint aasa-lint "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\n' "${COMPREPLY[@]}"
      """#)
    func complete(_ words: [String]) async throws -> [String] {
      let result = try await ChildProcess.run(
        "/bin/bash", [driver, completion, "aasa-lint"] + words, in: dir.url)
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(
      try await complete(["site.json", "--format", ""]) == [
        "text", "json", "tsv", "sarif", "github",
      ])
    #expect(try await complete(["si"]) == ["site.json"])
    #expect(try await complete(["ch"]) == ["check"])
    #expect(try await complete(["site.json", "--urls", "si"]) == ["site.json"])
    #expect(try await complete(["diff", "site.json", "si"]) == ["site.json"])
    #expect(try await complete(["check", "https://example.com", "--format", "s"]) == ["sarif"])
    #expect(
      try await complete(["check", "https://example.com", "--expect", "si"]) == ["site.json"])
  }
  @Test("zsh completion: choices for --format and files, also without a subcommand")
  func zshCompletion() async throws {
    let zsh = try ExecutableLookup.require("zsh")
    let dir = try TemporaryDirectory()
    _ = try dir.write("site.json", "{}")
    let script = try await LintProcess.run(["--generate-completion-script", "zsh"])
    #expect(script.status == 0)
    let completion = try dir.write("_aasa-lint", script.stdout)
    // Types the words and a TAB into an interactive zsh on a pseudo-terminal (zpty), and prints
    // what the line editor shows, without escape sequences, once `expected` appears (or after
    // 10 s).
    let driver = try dir.write(
      "complete.zsh",
      #"""
      setopt extendedglob
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "PS1='>'; autoload -U compinit; compinit -u -D; source $1; compdef _aasa-lint aasa-lint"
      zpty -w z "zstyle ':completion:*' menu no; LISTMAX=1000"
      zpty -w -n z "$2"$'\t'
      out=""
      for attempt in {1..100}; do
        sleep 0.1
        while zpty -r -t z chunk '*?'; do out+="$chunk"; done
        plain=${out//$'\e'\[[0-9;?]#[a-zA-Z]/}
        [[ "$plain" == *"$3"* ]] && break
      done
      print -r -- "$plain"
      zpty -d z
      """#)
    func shows(_ typed: String, _ expected: String) async throws -> Bool {
      let result = try await ChildProcess.run(
        zsh, ["-f", driver, completion, typed, expected], in: dir.url, timeout: .seconds(30))
      return result.stdout.contains(expected)
    }
    #expect(try await shows("aasa-lint site.json --format ", "sarif   github"))
    #expect(try await shows("aasa-lint si", "aasa-lint site.json "))
    #expect(try await shows("aasa-lint ch", "aasa-lint check "))
    #expect(try await shows("aasa-lint site.json --urls si", "--urls site.json "))
  }
}
