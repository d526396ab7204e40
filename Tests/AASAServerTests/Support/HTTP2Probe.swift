import Foundation
import TestSupport

/// A raw HTTP/2 client over TLS that misbehaves on purpose, in Python (the standard library's
/// `ssl` and `socket`, nothing to install): it writes frames by hand, which well-behaved clients
/// such as curl and h2load never would, and reports what the server did as one JSON object.
///
/// Behaviours (`--mode`):
/// - `protocol-error`: a DATA frame on stream 0 (a connection error), then keeps sending junk;
/// - `continuation`: HEADERS without END_HEADERS, then a CONTINUATION frame every 0.2 s;
/// - `ping`: nothing but PINGs, every 0.2 s;
/// - `no-read`: opens the flow-control windows wide, asks for `/big.bin` on 50 streams, and then
///   never reads a byte, for `--seconds`;
/// - `ping-flood`, `settings-flood`: PING (or empty SETTINGS) frames as fast as the server takes
///   them, never reading the acknowledgements, for `--seconds`; what the server sent is read
///   only at the end, to find its GOAWAY.
/// - `window-update-flood`, `priority-flood`: the same with WINDOW_UPDATE frames (increment 1)
///   or PRIORITY frames for ever new idle streams, which need no answer but must be parsed;
/// - `rapid-reset`: 20,000 requests, each reset (RST_STREAM CANCEL) straight after its HEADERS
///   (CVE-2023-44487), reading what comes back;
/// - `many-streams`: 20,000 requests in one go, far over the 100 streams allowed at once,
///   reading what comes back;
/// - `stalled-streams`: SETTINGS_INITIAL_WINDOW_SIZE 0, then 5,000 requests for `/big.bin`,
///   whose bodies can never be sent; reads for `--seconds`;
/// - `hpack-bomb`: a 4,000-byte field put in the HPACK table, then 50 requests whose header
///   blocks each refer to it 16,000 times: 64 MB of header list from 16 KB on the wire.
/// It stops when the server closes the connection or after `--seconds`.
enum HTTP2Probe {
  struct Report: Decodable, Sendable {
    /// Whether the server closed the connection.
    var closed: Bool
    /// Seconds from the start of the misbehaviour to the close (or to giving up).
    var after: Double
    /// Whether a GOAWAY frame was received.
    var goaway: Bool
    /// Bytes the client managed to send after starting to misbehave.
    var sent: Int
    /// The error code of the GOAWAY frame, if one was received.
    var goawayCode: Int?
    /// HEADERS frames received (response heads), and RST_STREAM frames.
    var headers: Int
    var resets: Int
  }

  static let script = #"""
    import json, select, socket, ssl, struct, sys, time
    mode, port, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    def frame(kind, flags, stream, payload):
        return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2"])
    tls = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10))
    assert tls.selected_alpn_protocol() == "h2", tls.selected_alpn_protocol()
    tls.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(0x4, 0, 0, b""))
    tls.setblocking(False)
    received, goaway, closed, sent, goaway_code, headers, resets = b"", False, False, 0, None, 0, 0
    def pump():
        global received, goaway, closed, goaway_code, headers, resets
        while select.select([tls], [], [], 0)[0] or tls.pending():
            try:
                data = tls.recv(65536)
            except ssl.SSLWantReadError:
                return
            except (ssl.SSLError, OSError):
                closed = True
                return
            if not data:
                closed = True
                return
            received += data
            while len(received) >= 9:
                length = int.from_bytes(received[:3], "big")
                if len(received) < 9 + length:
                    break
                if received[3] == 0x7:
                    goaway = True
                    goaway_code = int.from_bytes(received[13:17], "big")
                elif received[3] == 0x1:
                    headers += 1
                elif received[3] == 0x3:
                    resets += 1
                received = received[9 + length:]
    def send(data):
        global closed, sent
        view = memoryview(data)
        while view and not closed:
            try:
                count = tls.send(view)
                view = view[count:]
                sent += count
            except (ssl.SSLWantWriteError, BlockingIOError):
                pump()
                time.sleep(0.01)
            except (ssl.SSLError, OSError):
                closed = True
    start = time.monotonic()
    # Literal header fields without indexing: a valid start of a header block.
    block = b"\x82\x87\x84" + b"\x00\x04host\x09127.0.0.1"
    if mode == "protocol-error":
        send(frame(0x0, 0, 0, b"x"))
    elif mode == "continuation":
        send(frame(0x1, 0, 1, block))
    elif mode == "no-read":
        send(frame(0x4, 0, 0, struct.pack(">HI", 4, 0x7fffffff)))
        send(frame(0x8, 0, 0, struct.pack(">I", 0x7fffffff - 65535)))
        big = b"\x82\x87\x04\x08/big.bin\x00\x04host\x09127.0.0.1"
        for stream in range(1, 101, 2):
            send(frame(0x1, 0x5, stream, big))
        time.sleep(seconds)
    elif mode == "rapid-reset":
        for first in range(1, 40001, 2000):
            send(b"".join(frame(0x1, 0x5, stream, block) + frame(0x3, 0, stream, struct.pack(">I", 0x8))
                          for stream in range(first, first + 2000, 2)))
            pump()
    elif mode == "many-streams":
        send(b"".join(frame(0x1, 0x5, stream, block) for stream in range(1, 40001, 2)))
    elif mode == "stalled-streams":
        send(frame(0x4, 0, 0, struct.pack(">HI", 4, 0)))
        big = b"\x82\x87\x04\x08/big.bin\x00\x04host\x09127.0.0.1"
        send(b"".join(frame(0x1, 0x5, stream, big) for stream in range(1, 10001, 2)))
    elif mode == "hpack-bomb":
        # Literal with incremental indexing, new name `x-bomb`, a 4,000-byte value (HPACK
        # integers: 127 + 3873 as 0xA1 0x1E): dynamic table entry 62.
        send(frame(0x1, 0x5, 1, block + b"\x40\x06x-bomb\x7f\xa1\x1e" + b"a" * 4000))
        for stream in range(3, 103, 2):
            send(frame(0x1, 0x5, stream, block + b"\xbe" * 16000))
    elif mode in ("ping-flood", "settings-flood", "window-update-flood", "priority-flood"):
        if mode == "ping-flood":
            batch = frame(0x6, 0, 0, b"12345678") * 1000
        elif mode == "settings-flood":
            batch = frame(0x4, 0, 0, b"") * 1000
        elif mode == "window-update-flood":
            batch = frame(0x8, 0, 0, struct.pack(">I", 1)) * 1000
        else:
            batch = b"".join(frame(0x2, 0, stream, struct.pack(">IB", 0, 15)) for stream in range(1, 2001, 2))
        tls.setblocking(True)
        tls.settimeout(0.5)
        view = memoryview(batch)
        while not closed and time.monotonic() - start < seconds:
            # Whole frames only: a write cut short by the timeout is finished before the next.
            try:
                count = tls.send(view)
                view = view[count:] or memoryview(batch)
                sent += count
            except (socket.timeout, ssl.SSLWantWriteError):
                pass
            except (ssl.SSLError, OSError):
                closed = True
        tls.setblocking(False)
        # Whatever the server wrote, including its GOAWAY, is still waiting to be read.
        deadline = time.monotonic() + 3
        while not closed and time.monotonic() < deadline:
            pump()
            time.sleep(0.01)
    flooding = ("no-read", "ping-flood", "settings-flood", "window-update-flood", "priority-flood")
    while mode not in flooding and not closed and time.monotonic() - start < seconds:
        if mode == "protocol-error":
            send(b"\0" * 65536)
        elif mode == "continuation":
            send(frame(0x9, 0, 1, b"\x00\x01a\x01b"))
        elif mode == "ping":
            send(frame(0x6, 0, 0, b"12345678"))
        elif mode in ("rapid-reset", "many-streams", "stalled-streams", "hpack-bomb"):
            pass
        deadline = time.monotonic() + (0 if mode == "protocol-error" else 0.2)
        while not closed and time.monotonic() < deadline:
            pump()
            time.sleep(0.01)
        pump()
    print(json.dumps({"closed": closed, "after": time.monotonic() - start, "goaway": goaway, "sent": sent, "goawayCode": goaway_code, "headers": headers, "resets": resets}))
    """#

  static func run(mode: String, port: Int, seconds: Double) async throws -> Report {
    let directory = try TemporaryDirectory()
    let path = try directory.write("h2probe.py", script)
    let result = try await ChildProcess.run(
      "/usr/bin/env", ["python3", path, mode, String(port), String(seconds)],
      timeout: .seconds(seconds + 20), queued: false)
    guard let line = result.stdout.split(separator: "\n").last,
      let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8))
    else {
      throw TimedOut(description: "h2probe \(mode) failed: \(result.stdout) \(result.stderr)")
    }
    return report
  }
}
