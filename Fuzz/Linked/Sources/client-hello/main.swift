// client-hello: the ClientHello reader aasa-serve --acme puts in front of TLS (server name and
// ALPN, to tell a TLS-ALPN-01 validation from every other client).
//
// Input: the bytes a client sends first. Checks: reading never traps and never reads past the
// input (every read is bounds-checked; ASan sees the rest); the answer is `.incomplete` only
// when the input is shorter than its first record says (a prefix of a longer input), so more
// bytes can change it; any proper prefix of an input read as a hello is `.incomplete`; a name
// read is at most 253 bytes and nonempty; at most 8 protocol names are kept, and the count is
// at least that; `offersOnlyACME` holds only for exactly one protocol, `acme-tls/1`.

import FuzzDriver

@testable import AASAServer

private func fuzzClientHello(_ bytes: [UInt8]) {
  let result = ClientHelloReader.read(bytes)
  switch result {
  case .incomplete:
    // Fewer bytes than a record header, or than the record it announces.
    if bytes.count >= 5 {
      let length = Int(bytes[3]) << 8 | Int(bytes[4])
      require(bytes.count < 5 + length, "incomplete with the whole record there")
    }
  case .unreadable:
    break
  case .hello(let name, let protocols, let count):
    if let name { require(!name.isEmpty && name.utf8.count <= 253, "name of \(name.utf8.count)") }
    require(protocols.count <= ClientHelloReader.maximumProtocols, "\(protocols.count) kept")
    require(count >= protocols.count, "count \(count) < \(protocols.count)")
    require(protocols.allSatisfy { !$0.isEmpty }, "an empty protocol name")
    if ClientHelloReader.offersOnlyACME(protocols: protocols, protocolCount: count) {
      require(count == 1 && protocols == ["acme-tls/1"], "a validation that is none")
    }
    let length = Int(bytes[3]) << 8 | Int(bytes[4])
    for cut in [0, 1, 4, 5, 5 + length / 2, 4 + length] where cut < 5 + length {
      require(ClientHelloReader.read(bytes[..<cut]) == .incomplete, "a prefix of \(cut) read")
    }
    // Bytes after the first record are the TLS handler's: they change nothing.
    require(
      ClientHelloReader.read(bytes[..<(5 + length)]) == result, "the answer depends on later bytes")
  }
}

runFuzzer { data, size in
  fuzzClientHello(fuzzInput(data, size))
  return 0
}
