internal import CLibPQ
import CatalogMigrations
import CatalogStore

/// A catalog in one schema of a PostgreSQL database, shared by any number of processes on any
/// number of machines (DESIGN §14).
///
/// Writers of one collection take turns through a transaction-scoped advisory lock on the
/// collection's name (waiting up to the busy timeout, as `lock_timeout`); writers of different
/// collections run at once, and take their versions in commit order from the one row of
/// `catalog_state`, which each locks only in its last step. A write tells watchers by
/// `NOTIFY` in its own transaction; a snapshot is a repeatable-read transaction.
package final class PostgreSQLEngine: CatalogEngine {
  let uri: PostgreSQLURI
  package var location: String { uri.description }
  package var migrations: [Migration] { Migration.postgreSQL }
  package var traits: EngineTraits { PostgreSQLConnection.traits }
  /// The connection opened to see whether the catalog exists, kept for `connect`.
  private var firstConnection: PostgreSQLConnection?

  package init(uri: PostgreSQLURI) {
    self.uri = uri
  }

  /// The schema's name, quoted as an SQL identifier.
  var quotedSchema: String { Self.quoted(uri.schema) }

  static func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  // MARK: - Opening

  /// The connection opened already, or a new one.
  private func openConnection() throws(CatalogError) -> PostgreSQLConnection {
    if let firstConnection { return firstConnection }
    return try PostgreSQLConnection(uri: uri)
  }

  package func catalogExists() throws(CatalogError) -> Bool {
    let connection = try openConnection()
    firstConnection = connection
    let exists = try connection.prepare("SELECT count(*) FROM pg_namespace WHERE nspname = ?")
      .bind(.text(uri.schema)).stepInteger()
    return exists > 0
  }

  package func connect(creating: Bool, readOnly: Bool, busyTimeoutMilliseconds: Int32)
    throws(CatalogError) -> any DatabaseConnection
  {
    let connection = try openConnection()
    firstConnection = nil
    if creating, !readOnly {
      do {
        try connection.execute("CREATE SCHEMA IF NOT EXISTS \(quotedSchema)")
      } catch .database(_, let failure) where failure.code == SQLState.uniqueViolation {
        // Another process created it at the same moment.
      }
    }
    try configure(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    return connection
  }

  package func connectReader(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any DatabaseConnection
  {
    let connection = try PostgreSQLConnection(uri: uri)
    try configure(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    return connection
  }

  /// Points the connection at the catalog's schema and makes lock waits end with the busy
  /// timeout, as SQLite's do.
  private func configure(_ connection: PostgreSQLConnection, busyTimeoutMilliseconds: Int32)
    throws(CatalogError)
  {
    try connection.execute(
      "SET search_path TO \(quotedSchema); SET lock_timeout = \(busyTimeoutMilliseconds)")
  }

  /// Notifications on a primary; on a hot standby, which cannot `LISTEN`, the version it has
  /// replayed, looked at every 10 ms (`ReplaySignal`). Chosen once, when the signal is made: a
  /// standby promoted meanwhile is still followed by its version.
  package func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any CommitSignal
  {
    let connection = try PostgreSQLConnection(uri: uri)
    try configure(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    if try connection.isInRecovery() { return ReplaySignal(connection: connection) }
    return try NotificationSignal(connection: connection, channel: connection.channel)
  }

  /// The version of libpq, such as "15.10", or "not installed".
  package static var libpqVersion: String { LibPQ.version ?? "not installed" }
}
