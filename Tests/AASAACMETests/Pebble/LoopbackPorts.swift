import NIOCore
import NIOPosix

/// Ports free on 127.0.0.1 for the programs a test starts: bound by the system's choice, then
/// released. A port for DNS is free for both TCP and UDP.
enum LoopbackPorts {
  static func free(udpToo: Bool = false) async throws -> Int {
    for _ in 0..<20 {
      let tcp = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "127.0.0.1", port: 0).get()
      let port = tcp.localAddress!.port!
      // Closed, and the close waited for, before the port is handed on: a close left to
      // complete later (on a loop busy with other tests) kept the port bound when the program
      // given it tried to bind it ("address already in use").
      try await tcp.close()
      guard udpToo else { return port }
      if let udp = try? await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "127.0.0.1", port: port).get()
      {
        try await udp.close()
        return port
      }
    }
    throw LoopbackPortsError()
  }

  struct LoopbackPortsError: Error {}
}
