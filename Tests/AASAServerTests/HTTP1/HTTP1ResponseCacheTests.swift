import AASACore
import NIOCore
import Testing

@testable import AASAServer

@Suite struct HTTP1ResponseCacheTests {
  private let allocator = ByteBufferAllocator()

  private func response(body: String) -> PreparedResponse {
    PreparedResponse(
      status: .ok,
      fields: [("content-type", "application/json"), ("content-length", "\(body.utf8.count)")],
      body: ByteBuffer(string: body))
  }

  private func text(_ buffer: ByteBuffer) -> String { String(buffer: buffer) }

  @Test func eachVariantIsTheWholeMessageWithTodaysDate() throws {
    let cache = HTTP1ResponseCache()
    let ok = response(body: #"{"applinks":{}}"#)
    let keepAlive = text(
      cache.bytes(for: ok, .init(connection: .keepAlive, withBody: true), allocator: allocator))
    let lines = keepAlive.components(separatedBy: "\r\n")
    #expect(lines.first == "HTTP/1.1 200 OK")
    let date = try #require(lines.first { $0.hasPrefix("date: ") })
    #expect(HTTPDate.parse(String(date.dropFirst(6))) != nil)
    #expect(keepAlive.hasSuffix("\r\n\r\n" + #"{"applinks":{}}"#))
    #expect(!keepAlive.contains("connection:"))

    let close = text(
      cache.bytes(for: ok, .init(connection: .close, withBody: false), allocator: allocator))
    #expect(close.hasSuffix("\r\nconnection: close\r\n\r\n"))
    let http10 = text(
      cache.bytes(for: ok, .init(connection: .keepAlive10, withBody: true), allocator: allocator))
    #expect(http10.contains("\r\nconnection: keep-alive\r\n\r\n{"))
  }

  @Test func aSecondAskIsTheSameBufferNotACopy() {
    let cache = HTTP1ResponseCache()
    let ok = response(body: "[]")
    let variant = HTTP1ResponseCache.Variant(connection: .keepAlive, withBody: true)
    // Retried when the clock ticks between the two asks: a new second makes a fresh buffer.
    for _ in 0..<3 {
      let secondBefore = System.secondsSince1970()
      let first = cache.bytes(for: ok, variant, allocator: allocator)
      let second = cache.bytes(for: ok, variant, allocator: allocator)
      guard System.secondsSince1970() == secondBefore else { continue }
      let firstAddress = first.withUnsafeReadableBytes { $0.baseAddress }
      let secondAddress = second.withUnsafeReadableBytes { $0.baseAddress }
      #expect(firstAddress == secondAddress)
      return
    }
    Issue.record("the clock ticked during every try")
  }

  @Test func anEqualButDifferentResponseIsNotMistakenForTheCachedOne() {
    let cache = HTTP1ResponseCache()
    let variant = HTTP1ResponseCache.Variant(connection: .keepAlive, withBody: true)
    let old = cache.bytes(for: response(body: "old"), variant, allocator: allocator)
    let new = cache.bytes(for: response(body: "new"), variant, allocator: allocator)
    #expect(text(old).hasSuffix("old"))
    #expect(text(new).hasSuffix("new"))
  }

  @Test func itHoldsAtMostItsCapacity() {
    let cache = HTTP1ResponseCache()
    let variant = HTTP1ResponseCache.Variant(connection: .keepAlive, withBody: true)
    let responses = (0..<(HTTP1ResponseCache.capacity * 3)).map { response(body: "\($0)") }
    for response in responses {
      let bytes = cache.bytes(for: response, variant, allocator: allocator)
      #expect(text(bytes).hasSuffix("\r\n\r\n\(String(buffer: response.body))"))
    }
    #expect(cache.count <= HTTP1ResponseCache.capacity)
  }
}
