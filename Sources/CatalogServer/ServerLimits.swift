/// The bounds that keep one client from taking the server from the others.
public struct ServerLimits: Sendable, Equatable {
  /// Connections served at once; more are refused until one closes.
  public var connections = 64
  /// Seconds a connection may stay idle (sending nothing, or reading nothing) before it is closed.
  public var idleSeconds = 10
  /// Bytes a connection may use for its request line and headers; a longer request is refused
  /// by libmicrohttpd itself (414 or 431).
  public var connectionMemory = 32 * 1024
  /// Bytes of the request target (path and query) that the server reads; longer gets 414.
  public var targetLength = 8 * 1024
  /// Bytes of one query parameter's value after decoding; longer gets 400.
  public var parameterLength = 1024
  /// The most rows or search results one request may ask for (DESIGN §13).
  public var pageSize = 1000
  /// The rows or search results a request gets when it gives no `limit`.
  public var defaultPageSize = 100

  public init() {}
}
