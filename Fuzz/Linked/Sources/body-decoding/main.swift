// body-decoding: undoing a fetched file's Content-Encoding (gzip, deflate in both wrappings,
// brotli, and layers of them), as `aasa-lint check` does with what a site sends.
//
// Input: one byte choosing up to three codings (two bits each: none, gzip, deflate, br), one
// byte choosing the limit (2^0 … 2^17 bytes), then the body. Checks: never more than the limit
// plus one byte; over the limit is said exactly when more came out; decoding the same body twice
// gives the same answer; the Content-Encoding header names round-trip through the parser.

import AASALiveCheck
import FuzzDriver

private enum Codings {
  static let choices: [ContentCoding?] = [nil, .gzip, .deflate, .brotli]
}

runFuzzer { data, size in fuzzBodyDecoding(fuzzInput(data, size)) }

func fuzzBodyDecoding(_ bytes: [UInt8]) -> CInt {
  guard bytes.count >= 2 else { return 0 }
  let codings = (0..<3).compactMap { Codings.choices[Int(bytes[0] >> ($0 * 2)) & 3] }
  let limit = 1 << (Int(bytes[1]) % 18)
  let body = Array(bytes[2...])

  let header = codings.map(\.rawValue).joined(separator: ", ")
  if case .success(let parsed) = ContentCoding.parse(header) {
    require(parsed == codings, "\(header) parsed as \(parsed)")
  } else {
    require(codings.isEmpty, "\(header) did not parse")
  }

  let first = Result { () throws(UndecodableBody) -> DecodedBody in
    try BodyDecoder.decode(body, codings: codings, limit: limit)
  }
  let second = Result { () throws(UndecodableBody) -> DecodedBody in
    try BodyDecoder.decode(body, codings: codings, limit: limit)
  }
  switch (first, second) {
  case (.success(let decoded), .success(let again)):
    require(decoded == again, "two decodings differ")
    require(decoded.bytes.count <= max(limit + 1, codings.isEmpty ? body.count : 0), "over the cap")
    if !codings.isEmpty {
      require(decoded.exceededLimit == (decoded.bytes.count > limit), "limit flag disagrees")
    }
  case (.failure(let error), .failure(let again)):
    require(error == again, "two failures differ")
    require(!error.reason.isEmpty, "a failure without a reason")
  default:
    require(false, "decoding the same body succeeded once and failed once")
  }
  return 0
}
