/// A connection to the database that holds a catalog — an SQLite file, or a schema of a
/// PostgreSQL database — owned by one thread or task at a time.
///
/// This is the seam between the storage layer and its engines: the layout, the writes, the change
/// log and the queries speak SQL through it, written once for both engines (see
/// `DatabaseStatement`); each engine's module implements it, and what cannot be said in common
/// SQL is in the engine (`CatalogEngine`).
package protocol DatabaseConnection: AnyObject {
  /// The few words of SQL that differ between the engines.
  var dialect: SQLDialect { get }

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

  /// The statement for `sql`, compiled once per connection and reused: for statements that are
  /// run to completion (or reset) before the same SQL is used again, as lookups and single-row
  /// writes are. It is found by where its text is in the binary, which costs nothing.
  func cached(_ sql: StaticString) throws(CatalogError) -> any DatabaseStatement

  /// The same, for a statement whose SQL is made at run time: it is found by `name`, and `sql`
  /// is called only the first time.
  func cached(named name: String, sql: () -> String) throws(CatalogError) -> any DatabaseStatement

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  var changes: Int { get }

  /// A way to insert many rows into `table` at once: SQLite's multi-row INSERT, PostgreSQL's
  /// `COPY … FROM STDIN`.
  func makeBulkInsert(into table: String, columns: [String]) throws(CatalogError)
    -> any BulkInsert
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

/// What differs in the SQL that the two engines accept, where a statement cannot avoid it.
package struct SQLDialect: Sendable {
  /// The type of byte-string columns: `BLOB`, `bytea`.
  package let blobType: String
  /// The statement that begins a write transaction: SQLite takes the write lock at once
  /// (`BEGIN IMMEDIATE`); PostgreSQL begins (`BEGIN`) and its writes lock what they write.
  package let beginWrite: StaticString
  /// A setting for the write transaction, made right after it begins (none on SQLite).
  package let writeSetting: StaticString?
  /// The schema of a connection's temporary tables: `temp`, `pg_temp`.
  package let temporarySchema: String
  /// Whether a query that sums over a one-row subquery must group by that row's column to name
  /// it beside the sums (PostgreSQL), or may name it bare (SQLite, which would otherwise sort
  /// the one row in a temporary B-tree).
  package let groupsBareColumns: Bool
  /// Whether each statement whose answer is waited for costs a round trip to a server
  /// (PostgreSQL), so that one larger statement beats several small ones; SQLite's cost only
  /// their work.
  package let waitingCostsARoundTrip: Bool

  package init(
    blobType: String, beginWrite: StaticString, writeSetting: StaticString? = nil,
    temporarySchema: String, groupsBareColumns: Bool, waitingCostsARoundTrip: Bool
  ) {
    self.blobType = blobType
    self.beginWrite = beginWrite
    self.writeSetting = writeSetting
    self.temporarySchema = temporarySchema
    self.groupsBareColumns = groupsBareColumns
    self.waitingCostsARoundTrip = waitingCostsARoundTrip
  }

  /// `GROUP BY column` where the engine needs it beside aggregates (`groupsBareColumns`).
  package func groupingBy(_ column: String) -> String {
    groupsBareColumns ? "GROUP BY \(column)" : ""
  }
}

extension DatabaseConnection {
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
    try (isNested ? cached("SAVEPOINT nested") : cached(dialect.beginWrite)).bind()
      .runWithoutWaiting()
    if !isNested, let setting = dialect.writeSetting {
      try cached(setting).bind().runWithoutWaiting()
    }
    do {
      let result = try body()
      guard shouldCommit(result) else {
        rollBack(isNested: isNested)
        return result
      }
      try checkChangesSent()
      try cached(isNested ? "RELEASE nested" : "COMMIT").bind().run()
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
