import CatalogMigrations

/// Where a catalog is kept, and what its engine does that common SQL cannot say: how it opens and
/// knows its schema, how writers take turns, how a large write goes fastest, how readers read one
/// version and learn of commits. `CatalogSQLite` and `CatalogPostgreSQL` each implement it; the
/// storage layer above (`Catalog`) is the same for both.
package protocol CatalogEngine: AnyObject {
  /// The catalog's place in messages: the file's path, or the URI with its password masked.
  var location: String { get }

  /// The engine's migrations, in version order.
  var migrations: [Migration] { get }

  /// Whether a catalog (or at least the file or schema that would hold one) is there.
  func catalogExists() throws(CatalogError) -> Bool

  /// Opens the connection that a `Catalog` reads and writes through, creating the file or schema
  /// when `creating` is true; only for reading when `readOnly` is.
  func connect(creating: Bool, readOnly: Bool, busyTimeoutMilliseconds: Int32)
    throws(CatalogError) -> any DatabaseConnection

  /// Opens another connection, only for reading: a snapshot's, a watcher's.
  func connectReader(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any DatabaseConnection

  /// The schema version of the catalog on `connection`: 0 for an empty database (a new file or
  /// schema).
  ///
  /// - Throws: `CatalogError.notACatalog` for a database that holds something else.
  func schemaVersion(on connection: any DatabaseConnection) throws(CatalogError) -> Int

  /// Records the schema version, inside a migration's transaction, after taking the lock that
  /// lets one process migrate at a time (`lockForMigration`).
  func setSchemaVersion(_ version: Int, on connection: any DatabaseConnection)
    throws(CatalogError)

  /// Takes, inside a migration's transaction, the lock under which one process migrates.
  func lockForMigration(on connection: any DatabaseConnection) throws(CatalogError)

  /// Whether the connection may write the catalog: a PostgreSQL role may be granted reading
  /// only. A catalog that cannot be written is used as a read-only one (DESIGN §11).
  func canWrite(on connection: any DatabaseConnection) throws(CatalogError) -> Bool

  /// Makes the main connection ready to write (durability settings and the like), before any
  /// migration.
  func prepareForWriting(_ connection: any DatabaseConnection) throws(CatalogError)

  /// Takes, inside a write's transaction, the lock under which writes to one collection take
  /// turns; returns whether another writer may have committed since the transaction began (on
  /// SQLite the write transaction holds the whole file from its start, so none did).
  @discardableResult
  func lockCollection(named name: String, on connection: any DatabaseConnection)
    throws(CatalogError) -> Bool

  /// Tells the watchers of other processes, inside a write's transaction before it commits, that
  /// it commits `version`.
  func announce(version: Int, on connection: any DatabaseConnection) throws(CatalogError)

  /// Runs `body`, a write of many rows, in the way the engine writes those fastest.
  func withLargeWrite<T>(
    _ kind: LargeWrite, on connection: any DatabaseConnection,
    _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T

  /// Runs `body`, which writes a new collection's keyed items, with the items' unique index of
  /// keys (`items_by_key`) built once after it, where that is cheaper than keeping it up to date
  /// row by row; a duplicate key then fails the building. Elsewhere it just runs `body`.
  func withItemKeysIndexedAfter<T>(
    on connection: any DatabaseConnection, _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T

  /// Makes what a build stored ready to ship or copy (SQLite moves its log into the file).
  func finishBuild(on connection: any DatabaseConnection) throws(CatalogError)

  /// Begins, on a reader connection, a transaction that reads one committed version of the
  /// catalog until it ends.
  func beginSnapshot(on connection: any DatabaseConnection) throws(CatalogError)

  /// A watch on the commits of other connections, with a reader connection of its own.
  func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError) -> any CommitSignal

  /// Whether keys made by another ICU are rebuilt when the catalog is opened (a file that one
  /// program uses), or only when asked (a catalog that many servers share, DESIGN §14).
  var rebuildsStaleKeysOnOpen: Bool { get }

  /// Whether a writer holds the whole catalog (SQLite's one write lock per file), so that writers
  /// of different collections wait for each other too; otherwise only writers of one collection
  /// take turns (`lockCollection`).
  var locksWholeCatalogToWrite: Bool { get }

  /// What `catalog info` shows of the server that keeps the catalog (none for a file): which
  /// server, its version, the database and schema.
  func describe(on connection: (any DatabaseConnection)?) -> [(name: String, value: String)]
}

/// The kinds of write that `CatalogEngine.withLargeWrite` runs.
package enum LargeWrite {
  /// A new or replaced collection, written at once: its items and its lists in order.
  case wholeCollection
  /// Many items written one by one into a collection (an append, upsert or sync of a file).
  case itemByItem
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
