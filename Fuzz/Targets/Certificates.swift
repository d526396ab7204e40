// certificates: the hand-written readers of certificate containers: a JKS keystore, an APK's
// Signing Block, pasted keytool/apksigner text.
//
// Input: any bytes, given to each reader. Checks: every certificate read lies within the input
// (no byte invented), and the readers fail with an error rather than a crash.

import AASACore

@testable import AASAAndroid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var keyStore = bytes
  if !JavaKeyStore.looksLikeKeyStore(keyStore) { keyStore = JavaKeyStore.jksMagic + bytes }
  for entry in (try? JavaKeyStore.certificates(in: keyStore)) ?? [] {
    require(entry.der.count <= keyStore.count, "a keystore certificate larger than the input")
  }
  for entry in (try? APKSigningBlock.certificates(in: bytes)) ?? [] {
    require(entry.der.count <= bytes.count, "a signing-block certificate larger than the input")
  }
  for pasted in PastedCertificateText.certificates(in: String(decoding: bytes, as: UTF8.self)) {
    require(
      pasted.fingerprint.isSHA256, "a pasted fingerprint of \(pasted.fingerprint.bytes.count) bytes"
    )
  }
  return 0
}
