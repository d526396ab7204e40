/// The nonces the CA handed out and the client has not used (RFC 8555 §6.5): every answer
/// carries a fresh one, so a client that keeps them rarely needs `HEAD newNonce`.
actor NoncePool {
  private var nonces: [String] = []
  /// Requests sent again after a `badNonce`, for logs and tests.
  private(set) var badNonceRetries = 0

  /// Older nonces go first past this: a CA forgets them anyway.
  static let capacity = 8

  func take() -> String? { nonces.isEmpty ? nil : nonces.removeLast() }

  func add(_ nonce: String) {
    nonces.append(nonce)
    if nonces.count > Self.capacity { nonces.removeFirst(nonces.count - Self.capacity) }
  }

  func countBadNonceRetry() { badNonceRetries += 1 }
}
