import Foundation
import Logging
import MCP

/// MCP's stdio transport (JSON-RPC messages, one per line) with bounds, in place of the SDK's
/// `StdioTransport`, whose line buffer grows without limit and is searched again from its start
/// after every read (a 10 MB line costs seconds and all of it in memory).
///
/// - A line is at most ``maximumMessage`` bytes: past that it is skipped to its end as it
///   arrives, never held, and answered with a JSON-RPC error.
/// - A line that is not a JSON object or array (garbage, a half-written message) is answered
///   with a parse error (`id` null, as JSON-RPC 2.0 says) and never reaches the server.
/// - Standard input is read on a thread of its own with blocking reads, so no task of the
///   cooperative pool waits on it; the end of input ends the message stream, and with it the
///   server.
/// - Standard output carries only what ``send(_:)`` writes: one message and its newline, under
///   a lock, so that two answers never interleave.
actor LineTransport: Transport {
  /// 16 MiB: four times the largest arguments the tools accept after base64 (the validator's
  /// 1 MiB of text, 2 MiB of body) and room for JSON escaping.
  static let maximumMessage = 16 << 20

  nonisolated let logger: Logger
  private let messages: AsyncThrowingStream<Data, any Error>
  private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  private let input: FileHandle
  private let output: FileHandle
  private var started = false

  init(
    input: FileHandle = .standardInput, output: FileHandle = .standardOutput, logger: Logger
  ) {
    self.input = input
    self.output = output
    self.logger = logger
    (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
  }

  func connect() async throws {
    guard !started else { return }
    started = true
    let reader = LineReaderThread(
      input: input, continuation: continuation, logger: logger,
      answer: { [weak self] data in
        guard let self else { return }
        Task { try? await self.send(data) }
      })
    let thread = Thread { reader.run() }
    thread.name = "aasa-mcp-stdin"
    thread.start()
  }

  func disconnect() async {
    continuation.finish()
  }

  func send(_ data: Data) async throws {
    var line = data
    line.append(UInt8(ascii: "\n"))
    try output.write(contentsOf: line)
  }

  func receive() -> AsyncThrowingStream<Data, any Error> { messages }
}

/// The reading side of ``LineTransport``: splits standard input into lines within the bound.
private final class LineReaderThread: Sendable {
  let input: FileHandle
  let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  let logger: Logger
  /// Writes an answer of the transport's own (a parse error) to standard output.
  let answer: @Sendable (Data) -> Void

  init(
    input: FileHandle, continuation: AsyncThrowingStream<Data, any Error>.Continuation,
    logger: Logger, answer: @escaping @Sendable (Data) -> Void
  ) {
    self.input = input
    self.continuation = continuation
    self.logger = logger
    self.answer = answer
  }

  func run() {
    var line: [UInt8] = []
    var skipping = false
    while true {
      // What the pipe holds now (waiting for some); `read(upToCount:)` would wait for the
      // whole count, and a client waits for the answer before it writes more.
      let chunk = input.availableData
      guard !chunk.isEmpty else { break }
      var start = chunk.startIndex
      while start < chunk.endIndex {
        let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n"))
        let end = newline ?? chunk.endIndex
        if !skipping {
          if line.count + (end - start) > LineTransport.maximumMessage {
            skipping = true
            line = []
          } else {
            line.append(contentsOf: chunk[start..<end])
          }
        }
        guard let newline else { break }
        if skipping {
          refuse(
            code: -32600,
            "a message over \(LineTransport.maximumMessage >> 20) MiB was skipped unread")
          skipping = false
        } else {
          deliver(line)
        }
        line = []
        start = chunk.index(after: newline)
      }
    }
    if !line.isEmpty, !skipping { deliver(line) }
    logger.info("standard input closed")
    continuation.finish()
  }

  private func deliver(_ line: [UInt8]) {
    var bytes = line[...]
    while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") {
      bytes.removeLast()
    }
    while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
      bytes.removeFirst()
    }
    guard !bytes.isEmpty else { return }
    let data = Data(bytes)
    guard bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "["),
      (try? JSONSerialization.jsonObject(with: data, options: [])) != nil
    else {
      refuse(code: -32700, "a line is not a JSON-RPC message (one JSON object per line)")
      return
    }
    continuation.yield(data)
  }

  private func refuse(code: Int, _ message: String) {
    logger.warning("\(message)")
    answer(
      Data(
        #"{"jsonrpc":"2.0","id":null,"error":{"code":\#(code),"message":"\#(message)"}}"#.utf8))
  }
}
