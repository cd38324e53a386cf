/// A connection to the database that holds a catalog — an SQLite file, or a schema of a
/// PostgreSQL database — owned by one thread or task at a time.
///
/// This is the seam between the storage layer and its engines: the layout, the writes, the change
/// log and the queries speak SQL through it, written once for both engines (see
/// `DatabaseStatement`); what cannot be said in common SQL (the schema's marks, locks, the
/// fastest way to write much, snapshots) is an operation of its own, which each engine's module
/// implements. Opening is the engine's (`CatalogEngine`).
package protocol DatabaseConnection: AnyObject {
  /// What differs about the connection's engine: the same value as its engine's.
  var traits: EngineTraits { get }

  // MARK: SQL

  /// Whether a transaction is open on the connection.
  var isInTransaction: Bool { get }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(CatalogError)

  /// Reads the answers of the statements sent without waiting whose number of changed rows
  /// must be checked (`runWithoutWaiting(changing:otherwise:)`), throwing their failure: before
  /// a commit, which must not be sent behind them.
  func checkChangesSent() throws(CatalogError)

  /// Compiles one statement. Its rows may all be fetched at its first step: for statements that
  /// return a few rows, or a batch (`LIMIT`).
  func prepare(_ sql: String) throws(CatalogError) -> any DatabaseStatement

  /// Compiles a query whose rows may be many (every item of a collection), to read in constant
  /// memory while other statements run on the connection between its steps; inside a
  /// transaction on PostgreSQL, which reads it through a cursor.
  func cursor(_ sql: String) throws(CatalogError) -> any DatabaseStatement

  /// The statements kept compiled on this connection (`cached(_:)`).
  var statementCache: StatementCache { get }

  /// Compiles a statement to keep and run many times (`cached(_:)`): PostgreSQL prepares it on
  /// the server.
  func compileToKeep(_ sql: String) throws(CatalogError) -> any DatabaseStatement

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  var changes: Int { get }

  /// A way to insert many rows into `table` at once: SQLite's multi-row INSERT, PostgreSQL's
  /// `COPY … FROM STDIN`.
  func makeBulkInsert(into table: String, columns: [String]) throws(CatalogError)
    -> any BulkInsert

  // MARK: The catalog's marks

  /// The schema version of the catalog: 0 for an empty database (a new file or schema).
  ///
  /// - Throws: `CatalogError.notACatalog` for a database that holds something else.
  func storedSchemaVersion() throws(CatalogError) -> Int

  /// Records the schema version, inside a migration's transaction, after `lockForMigration`.
  func recordSchemaVersion(_ version: Int) throws(CatalogError)

  /// Takes, inside a migration's transaction, the lock under which one process migrates.
  func lockForMigration() throws(CatalogError)

  /// Why the connection may not write the catalog, or nil when it may: a PostgreSQL role may be
  /// granted reading only, a server may be a standby. A catalog that cannot be written is used
  /// as a read-only one (DESIGN §11).
  func writeRefusal() throws(CatalogError) -> CatalogError.ReadOnlyReason?

  /// Makes the main connection ready to write (durability settings and the like), before any
  /// migration.
  func prepareForWriting() throws(CatalogError)

  /// Whether the connection still reaches its database, as far as can be told without a round
  /// trip: a server that closed it (stopped, or gone in a failover) has. A file's always does.
  func isConnected() -> Bool

  /// What `catalog info` shows of the server that keeps the catalog (none for a file): which
  /// server, its version, the database and schema.
  var serverDescription: [(name: String, value: String)] { get }

  /// What a catalog has in common with its copies on streaming standbys and with nothing else: on
  /// PostgreSQL, the cluster's system identifier and the catalog's schema; nil for a file, or
  /// where the server does not tell.
  func replicationIdentity() -> String?

  // MARK: Writing and reading

  /// Takes, inside a write's transaction, the lock under which writes to one collection take
  /// turns; returns whether another writer may have committed since the transaction began (on
  /// SQLite the write transaction holds the whole file from its start, so none did).
  @discardableResult
  func lockCollection(named name: String) throws(CatalogError) -> Bool

  /// Tells the watchers of other processes, inside a write's transaction before it commits, that
  /// it commits `version`.
  func announce(version: Int) throws(CatalogError)

  /// Runs `body`, a write of many rows, in the way the engine writes those fastest.
  func withLargeWrite<T>(_ kind: LargeWrite, _ body: () throws(CatalogError) -> T)
    throws(CatalogError) -> T

  /// Makes what a build stored ready to ship or copy (SQLite moves its log into the file).
  func finishBuild() throws(CatalogError)

  /// Begins, on a reader connection, a transaction that reads one committed version of the
  /// catalog until it ends.
  func beginSnapshot() throws(CatalogError)
}

/// The kinds of write that `DatabaseConnection.withLargeWrite` runs.
package enum LargeWrite {
  /// A new or replaced collection, written at once: its items and its lists in order.
  case wholeCollection
  /// Many items written one by one into a collection (an append, upsert or sync of a file).
  case itemByItem
  /// A new collection's keyed items, inside its `wholeCollection` write: the engine may build the
  /// items' unique index of keys (`items_by_key`) once after them, where that is cheaper than
  /// keeping it up to date row by row; a duplicate key then fails the building.
  case keyedItemsOfNewCollection
}

/// Inserts rows in bulk (`DatabaseConnection.makeBulkInsert(into:columns:)`).
package protocol BulkInsert: AnyObject {
  /// Inserts `count` rows, in order; `bind(binder, row, position)` binds the values of row `row`
  /// (0 ..< count) at positions `position`, `position + 1`, … in column order; a value not bound
  /// is NULL. Values bound by borrowing need only last until this returns.
  ///
  /// Inside a transaction, an engine may hold the rows until the connection's next statement
  /// (PostgreSQL sends what several calls gave in one COPY); a failure then fails the
  /// transaction and is thrown by that statement, at the latest by the commit.
  func insert(count: Int, bind: (any ValueBinder, Int, Int32) -> Void) throws(CatalogError)
}

extension DatabaseConnection {
  /// The statement for `sql`, compiled once per connection and reused: for statements that are
  /// run to completion (or reset) before the same SQL is used again, as lookups and single-row
  /// writes are. It is found by where its text is in the binary, which costs nothing.
  package func cached(_ sql: StaticString) throws(CatalogError) -> any DatabaseStatement {
    try statementCache.statement(for: sql, compile: compileToKeep)
  }

  /// The same, for a statement whose SQL is made at run time: it is found by `name`, and `sql`
  /// is called only the first time.
  package func cached(named name: String, sql: () -> String) throws(CatalogError)
    -> any DatabaseStatement
  {
    try statementCache.statement(named: name, sql: sql, compile: compileToKeep)
  }

  /// The single integer that a statement such as `SELECT count(*) …` returns.
  package func integer(_ sql: String) throws(CatalogError) -> Int {
    try prepare(sql).stepInteger()
  }

  /// Runs `body` in a write transaction, committing when it returns and rolling back when it
  /// throws. Inside a transaction already, `body` runs in a savepoint of it, which its error
  /// rolls back.
  package func transaction<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError) -> T {
    try transaction(committing: { _ in true }, body)
  }

  /// The same, rolling back also when `shouldCommit` says no to what `body` returned (a write
  /// that changed nothing).
  package func transaction<T>(
    committing shouldCommit: (T) -> Bool, _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    let isNested = isInTransaction
    // Compiled once: a single write is a transaction, and compiling costs what a small write does.
    try (isNested ? cached("SAVEPOINT nested") : cached(traits.beginWrite)).bind()
      .runWithoutWaiting()
    if !isNested, let setting = traits.writeSetting {
      try cached(setting).bind().runWithoutWaiting()
    }
    do throws(CatalogError) {
      let result = try body()
      guard shouldCommit(result) else {
        rollBack(isNested: isNested)
        return result
      }
      try checkChangesSent()
      do throws(CatalogError) {
        try cached(isNested ? "RELEASE nested" : "COMMIT").bind().run()
      } catch .connectionLost(let path, let failure, _) where !isNested {
        // The commit may have reached the server before the connection broke (and a synchronous
        // standby may have it): what became of the write cannot be known here.
        throw .connectionLost(path: path, failure: failure, whileCommitting: true)
      }
      return result
    } catch {
      rollBack(isNested: isNested)
      throw error
    }
  }

  private func rollBack(isNested: Bool) {
    try? execute(isNested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK")
  }
}
