import Crypto
import Foundation
import Testing

@testable import AASAACME

@Suite("ACME: JWS and account keys")
struct FlattenedJWSTests {
  /// The protected header as the CA reads it.
  private func header(_ jws: FlattenedJWS) throws -> [String: Any] {
    let bytes = try #require(Base64URL.decode(jws.protected))
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test func es256SignatureIsRawRAndSAndVerifiesWithTheJWK() throws {
    let key = AccountKey()
    let jws = try FlattenedJWS.signed(
      payload: Array(#"{"a":1}"#.utf8), url: "https://ca.example.test/new-order", nonce: "abc_-1",
      key: key, signer: .kid("https://ca.example.test/acct/7"))
    let signature = try #require(Base64URL.decode(jws.signature))
    #expect(signature.count == 64)
    let header = try header(jws)
    #expect(header["alg"] as? String == "ES256")
    #expect(header["kid"] as? String == "https://ca.example.test/acct/7")
    #expect(header["nonce"] as? String == "abc_-1")
    #expect(header["url"] as? String == "https://ca.example.test/new-order")
    #expect(header["jwk"] == nil)
    #expect(Base64URL.decode(jws.payload) == Array(#"{"a":1}"#.utf8))
    // Verified with the public key rebuilt from the JWK alone, as the CA does.
    let jwk = key.jwk
    let x = try #require(Base64URL.decode(jwk.x))
    let y = try #require(Base64URL.decode(jwk.y))
    let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
    let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
    #expect(publicKey.isValidSignature(ecdsa, for: Array("\(jws.protected).\(jws.payload)".utf8)))
  }

  @Test func newAccountCarriesTheJWKAndPostAsGetHasAnEmptyPayload() throws {
    let key = AccountKey()
    let jws = try FlattenedJWS.signed(
      payload: nil, url: "https://ca.example.test/acct", nonce: "n", key: key, signer: .jwk)
    #expect(jws.payload == "")
    let header = try header(jws)
    #expect(header["kid"] == nil)
    let jwk = try #require(header["jwk"] as? [String: String])
    #expect(jwk == ["kty": "EC", "crv": "P-256", "x": key.jwk.x, "y": key.jwk.y])
  }

  /// RFC 7638: SHA-256 over the required members in lexicographic order, no white space.
  @Test func thumbprintHashesTheRequiredMembersInOrder() throws {
    let key = AccountKey()
    let raw = [UInt8](key.privateKey.publicKey.rawRepresentation)
    let x = Base64URL.encode(raw[0..<32])
    let y = Base64URL.encode(raw[32..<64])
    let expected = "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}"
    #expect(key.thumbprint == Base64URL.encode(SHA256.hash(data: Data(expected.utf8))))
    #expect(key.thumbprint.count == 43)
    let keyAuthorization = try #require(KeyAuthorization(token: "tok-EN_1", accountKey: key))
    #expect(keyAuthorization.text == "tok-EN_1." + key.thumbprint)
  }

  @Test func keyAuthorizationRefusesTokensThatAreNotBase64URL() {
    let key = AccountKey()
    #expect(KeyAuthorization(token: "../etc", accountKey: key) == nil)
    #expect(KeyAuthorization(token: "", accountKey: key) == nil)
    #expect(KeyAuthorization(token: String(repeating: "a", count: 257), accountKey: key) == nil)
  }

  @Test func accountKeyRoundTripsThroughPEM() throws {
    let key = AccountKey()
    let again = try AccountKey(pem: key.pemRepresentation)
    #expect(again.thumbprint == key.thumbprint)
  }

  /// RFC 8555 §7.3.4: HS256 over the account's JWK, with the CA's key id and the newAccount URL.
  @Test func externalAccountBindingIsAnHMACOfTheJWK() throws {
    let key = AccountKey()
    let macKey = (0..<32).map { _ in UInt8.random(in: 0...255) }
    let binding = try #require(
      ExternalAccountBinding(keyID: "kid-1", base64URLMACKey: Base64URL.encode(macKey)))
    let jws = try FlattenedJWS.externalAccountBinding(
      binding, accountKey: key, url: "https://ca.example.test/new-account")
    let header = try header(jws)
    #expect(header["alg"] as? String == "HS256")
    #expect(header["kid"] as? String == "kid-1")
    #expect(header["url"] as? String == "https://ca.example.test/new-account")
    #expect(header["nonce"] == nil)
    let payload = try #require(Base64URL.decode(jws.payload))
    #expect(try JSONDecoder().decode(JWK.self, from: Data(payload)) == key.jwk)
    let mac = try #require(Base64URL.decode(jws.signature))
    #expect(
      HMAC<SHA256>.isValidAuthenticationCode(
        mac, authenticating: Array("\(jws.protected).\(jws.payload)".utf8),
        using: SymmetricKey(data: macKey)))
    #expect(ExternalAccountBinding(keyID: "k", base64URLMACKey: "not base64!") == nil)
  }
}
