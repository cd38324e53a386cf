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
  /// Change streams (`/changes`) sent at once, fewer than `connections` so that streams never
  /// keep other requests out; more get 503 until one ends.
  public var streams = 16
  /// Seconds a change stream lasts at most before it ends, and its client (an `EventSource`
  /// reconnects by itself) asks again from the last event it got. Together with `idleSeconds`
  /// this bounds how long a client that no longer reads can hold a connection.
  public var streamSeconds = 300
  /// Bytes of a JSON request body (`serve --max-body`); a larger one gets 413 (DESIGN §15).
  public var bodyBytes = 1 << 20
  /// Bytes of a CSV upload (`serve --max-upload`); a larger one gets 413.
  public var uploadBytes = 64 << 20
  /// Bytes of a too-large body that are read and thrown away, beyond its limit, so that its
  /// client can still read the 413: a body sent in chunks is only known to be too large while
  /// it arrives, and libmicrohttpd answers once it is in. A body longer still loses its
  /// connection without an answer.
  public var discardedBytes = 1 << 20

  /// How long a change stream sends nothing before it sends a keep-alive comment: half the
  /// idle time, so that libmicrohttpd, which closes a connection that sent nothing for
  /// `idleSeconds`, never closes a stream whose client is there.
  public var keepAliveInterval: Duration { .milliseconds(max(idleSeconds, 1) * 500) }

  public init() {}
}
