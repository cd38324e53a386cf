/// Who may use the server (DESIGN §15): whether reads need a token, and which other origins'
/// pages may call it. Writes always need a token with write scope for the collection.
public struct AccessPolicy: Sendable, Equatable {
  /// Who may read without a token.
  public enum Reads: Sendable, Equatable {
    /// Anyone, and the server listens only on a loopback address (`127.0.0.1`, `::1`): the
    /// default, for this machine's own users.
    case openOnLoopback
    /// Anyone, on any address (`serve --public-reads`): a catalog meant to be public.
    case open
    /// Only requests with a token (`serve --require-token`).
    case needToken
  }

  public var reads: Reads
  /// The origins (`https://app.example`) whose pages may call the server from a browser: their
  /// requests get CORS headers, and their preflights an answer. None by default.
  public var allowedOrigins: [String]

  public init(reads: Reads = .openOnLoopback, allowedOrigins: [String] = []) {
    self.reads = reads
    self.allowedOrigins = allowedOrigins
  }
}
