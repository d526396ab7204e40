extension SourceDocument {
  /// The document read as a well-known JSON file (an association file or a statement list): the
  /// reader's findings, and one when the file is larger than Apple's and Google's fetchers read.
  /// Both fetchers stop at the same size, so both formats report it the same way.
  public var wellKnownJSON: JSONReader.Result {
    var reading = json
    if bytes.count > FileKind.maximumSize {
      reading.diagnostics.insert(
        Diagnostic(
          .JSON.fileTooLarge, at: .start, path: "",
          message:
            "the file is \(bytes.count) bytes; Apple and Google read at most \(FileKind.maximumSize)"
        ), at: 0)
    }
    return reading
  }
}
