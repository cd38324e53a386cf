/// The key a client gives a write request that it may send more than once, not knowing whether
/// the first got through (HTTP `Idempotency-Key`, DESIGN §16), and whom it belongs to.
public struct IdempotencyKey: Hashable, Sendable {
  /// Whom the key belongs to (the server's token name): keys of different senders never meet.
  public let scope: String
  /// The key, as the client sent it.
  public let key: String

  public init(scope: String, key: String) {
    self.scope = scope
    self.key = key
  }
}
