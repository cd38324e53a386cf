import CatalogMigrations

/// Where a catalog is kept and how to open it: its place, its schema's migrations, what differs
/// about its engine (`traits`), and its connections. What a connection then does, the engine's
/// own SQL included, is the connection's (`DatabaseConnection`). `CatalogSQLite` and
/// `CatalogPostgreSQL` each implement both; the storage layer above (`Catalog`) is the same for
/// both.
package protocol CatalogEngine: AnyObject {
  /// The catalog's place in messages: the file's path, or the URI with its password masked.
  var location: String { get }

  /// The engine's migrations, in version order.
  var migrations: [Migration] { get }

  /// What differs about the engine; the same value as each of its connections'.
  var traits: EngineTraits { get }

  /// Whether a catalog (or at least the file or schema that would hold one) is there.
  func catalogExists() throws(CatalogError) -> Bool

  /// Opens the connection that a `Catalog` reads and writes through, creating the file or schema
  /// when `creating` is true; only for reading when `readOnly` is.
  func connect(creating: Bool, readOnly: Bool, busyTimeoutMilliseconds: Int32)
    throws(CatalogError) -> any DatabaseConnection

  /// Opens another connection, only for reading: a snapshot's, a watcher's.
  func connectReader(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any DatabaseConnection

  /// A watch on the commits of other connections, with a reader connection of its own.
  func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError) -> any CommitSignal
}

/// Tells a watcher that other connections may have committed (`CatalogEngine.makeCommitSignal`).
package protocol CommitSignal: AnyObject {
  /// The connection the watcher reads the catalog's version through.
  var connection: any DatabaseConnection { get }

  /// Whether another connection may have committed since the last look; it may say yes when
  /// none did, never no when one did.
  func hasNews() throws(CatalogError) -> Bool

  /// Waits up to `timeout` for news; whether there is some.
  func waitForNews(upTo timeout: Duration) throws(CatalogError) -> Bool
}
