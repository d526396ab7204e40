import AASACore

/// `aasa-lint files FILE...`: lints each file by its kind into one ``FilesReport`` (what
/// pre-commit hooks run).
///
/// Every readable file is linted, whatever came before it; a file that cannot be read is
/// reported in the same output (and makes the status 2).
package struct FilesRun: FormatDeclaring {
  /// Every format of a lint but tsv, which carries routes only.
  package static let formats: [OutputFormat] = [.text, .json, .sarif, .github]

  package var files: [String]
  package var strict: Bool
  package var maximumSize: Int

  package init(files: [String], strict: Bool = false, maximumSize: Int = FileInput.defaultLimit) {
    self.files = files
    self.strict = strict
    self.maximumSize = maximumSize
  }

  package func run() throws -> FilesReport {
    FilesReport(
      entries: try files.map { file in
        do {
          return .linted(try lint(file))
        } catch let problem as any InputProblem {
          return .unreadable(file: file, problem: problem.description)
        }
      })
  }

  /// Lints one file by its kind, as `aasa-lint FILE` would with no other option: a page
  /// without a source URL to navigate from, a links.json without `--site`, a manifest with the
  /// resources beside it.
  private func lint(_ file: String) throws -> any FileLintReport {
    let input = try InputDocument.read(path: file, limit: maximumSize, name: file)
    var lint = InputLint()
    lint.strict = strict
    lint.manifestResources = ([], nil)
    guard let report = try lint.report(for: input) as? any FileLintReport else {
      preconditionFailure("a lint without URLs, --app or --expect routes nothing")
    }
    return report
  }
}

/// A one-file lint report `aasa-lint files` can gather: written in every format `files` offers,
/// with a JSON document that counts its findings.
package protocol FileLintReport: TextReport, JSONReport, SARIFReport, GitHubReport {
  /// The JSON document, whose summary `files` adds up.
  var summarizedDocument: any SummarizedReport { get throws }
}

extension FileLintReport {
  package var jsonDocument: any Encodable { get throws { try summarizedDocument } }
}

/// What `aasa-lint files` found: each file's report, or why it could not be read, in the order
/// the files were given. The structured formats write one document for the whole run: `json`
/// one object with every file's report, `sarif` one log with one run holding every file's
/// results.
package struct FilesReport: Report {
  package enum Entry {
    case linted(any FileLintReport)
    case unreadable(file: String, problem: String)
  }

  package var entries: [Entry]

  /// The worst of the files': unusable when one could not be read.
  package var outcome: Outcome {
    entries.map { entry in
      switch entry {
      case .linted(let report): report.outcome
      case .unreadable: .unusable
      }
    }.max() ?? .passed
  }
}

extension FilesReport: TextReport {
  /// Each file's text; a file that could not be read is said on standard error, in its place.
  package func writeText(to output: OutputSink, _ context: RenderContext) throws {
    for entry in entries {
      switch entry {
      case .linted(let report):
        try report.writeText(to: output, context)
        output.flush()
      case .unreadable(_, let problem):
        output.flush()
        context.errors.line("aasa-lint: error: " + problem.escapingControlCharacters)
        context.errors.flush()
      }
    }
  }
}

extension FilesReport: GitHubReport {
  package func writeAnnotations(to output: OutputSink) throws {
    for entry in entries {
      switch entry {
      case .linted(let report): try report.writeAnnotations(to: output)
      case .unreadable(let file, let problem):
        output.line(
          "::error file=\(GitHubAnnotationWriter.escapeProperty(file)),title=unreadable file::"
            + GitHubAnnotationWriter.escapeData(problem))
      }
    }
  }
}

extension FilesReport: JSONReport {
  package var jsonDocument: any Encodable {
    get throws {
      var gathered = GatheredReports()
      for entry in entries {
        switch entry {
        case .linted(let report): gathered.add(try report.summarizedDocument)
        case .unreadable(let file, let problem):
          gathered.addUnreadable(file: file, problem: problem)
        }
      }
      return gathered.filesReport
    }
  }
}

extension FilesReport: SARIFReport {
  package func addSARIFResults(to builder: inout SARIFLog.Builder) throws {
    for case .linted(let report) in entries { try report.addSARIFResults(to: &builder) }
  }

  /// One log: every file's results in one run, and an unreadable file as a notification.
  package func sarifLog(toolVersion: String) throws -> SARIFLog {
    var builder = SARIFLog.Builder()
    try addSARIFResults(to: &builder)
    let notifications: [SARIFLog.Invocation.Notification] = entries.compactMap { entry in
      guard case .unreadable(let file, let problem) = entry else { return nil }
      return .init(
        level: "error", message: .init(text: problem),
        locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: file)))])
    }
    let invocation = SARIFLog.Invocation(
      executionSuccessful: notifications.isEmpty, exitCode: Int(ExitStatus(outcome).rawValue),
      toolExecutionNotifications: notifications.isEmpty ? nil : notifications)
    return builder.log(toolVersion: toolVersion, invocation: invocation)
  }
}
