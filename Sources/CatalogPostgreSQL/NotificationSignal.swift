import CatalogStore

/// Sees the commits of other connections through PostgreSQL's `LISTEN`: a write's `NOTIFY`
/// arrives on the connection's socket when the write commits, so looking costs no round trip
/// and waiting blocks on the socket.
final class NotificationSignal: CommitSignal {
  let connection: any DatabaseConnection
  private let listener: PostgreSQLConnection

  init(connection: PostgreSQLConnection, channel: String) throws(CatalogError) {
    listener = connection
    self.connection = connection
    try connection.execute("LISTEN \(PostgreSQLEngine.quoted(channel))")
  }

  func hasNews() throws(CatalogError) -> Bool {
    try listener.consumeNotifications()
  }

  func waitForNews(upTo timeout: Duration) throws(CatalogError) -> Bool {
    if try hasNews() { return true }
    listener.waitForInput(milliseconds: Int32(timeout.seconds * 1000))
    return try hasNews()
  }
}
