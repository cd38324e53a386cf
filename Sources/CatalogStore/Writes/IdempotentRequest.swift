/// A write request that its client may send more than once, not knowing whether the first got
/// through (HTTP `Idempotency-Key`, DESIGN §16): who sent it, the key the client gave it, and a
/// digest of the request itself, so that the same key on another request is told apart.
public struct IdempotentRequest: Equatable, Sendable {
  /// Whom the key belongs to (the server's token name): keys of different senders never meet.
  public let scope: String
  /// The key, as the client sent it.
  public let key: String
  /// The request's SHA-256 (method, target, body), 32 bytes.
  public let fingerprint: [UInt8]

  public init(scope: String, key: String, fingerprint: [UInt8]) {
    self.scope = scope
    self.key = key
    self.fingerprint = fingerprint
  }
}
