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
  /// The connection opened to see whether the catalog exists, kept for `connect`.
  private var firstConnection: PostgreSQLConnection?

  package init(uri: PostgreSQLURI) {
    self.uri = uri
  }

  /// The name the catalog's commits are announced under: one channel per schema.
  var channel: String { String("catalog_\(uri.schema)".utf8.prefix(63)) ?? "catalog" }

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

  /// The version in `catalog_schema`; 0 for an empty schema. A schema that holds other tables
  /// is refused.
  package func schemaVersion(on connection: any DatabaseConnection) throws(CatalogError) -> Int {
    let tables = try connection.prepare(
      """
      SELECT count(*), count(*) FILTER (WHERE c.relname = 'catalog_schema')
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      """)
    try tables.bind(.text(uri.schema))
    _ = try tables.step()
    let (count, marked) = (tables.int(at: 0), tables.int(at: 1))
    tables.reset()
    if marked == 1 {
      return try connection.integer("SELECT version FROM catalog_schema")
    }
    guard count == 0 else {
      throw .notACatalog(
        path: location, reason: "its schema '\(uri.schema)' holds tables of another application")
    }
    return 0
  }

  package func setSchemaVersion(_ version: Int, on connection: any DatabaseConnection)
    throws(CatalogError)
  {
    try connection.prepare("UPDATE catalog_schema SET version = ?").bind(.integer(version)).run()
  }

  /// One process migrates a schema at a time: the others wait, then find it migrated.
  package func lockForMigration(on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.prepare("SELECT pg_advisory_xact_lock(hashtext(?)::bigint)")
      .bind(.text("catalog migration " + uri.schema)).run()
  }

  /// Whether the role may add items and store keys (a role granted SELECT alone may not).
  package func canWrite(on connection: any DatabaseConnection) throws(CatalogError) -> Bool {
    try connection.integer(
      """
      SELECT CASE WHEN has_table_privilege('items', 'INSERT')
        AND has_table_privilege('groupings', 'INSERT') THEN 1 ELSE 0 END
      """) == 1
  }

  package func prepareForWriting(_ connection: any DatabaseConnection) {}

  /// Writers of one collection take turns on an advisory lock of its name, for as long as the
  /// write's transaction; a writer that waits longer than `lock_timeout` gets `busy`.
  package func lockCollection(named name: String, on connection: any DatabaseConnection)
    throws(CatalogError) -> Bool
  {
    try connection.cached("SELECT pg_advisory_xact_lock(hashtext(?1), hashtext(?2))")
      .bind(.text(uri.schema), .text(name)).runWithoutWaiting()
    return true
  }

  /// `NOTIFY` in the write's transaction: PostgreSQL delivers it when the write commits, and
  /// never when it rolls back.
  package func announce(version: Int, on connection: any DatabaseConnection)
    throws(CatalogError)
  {
    try connection.cached("SELECT pg_notify(?1, ?2)")
      .bind(.text(channel), .text(String(version))).runWithoutWaiting()
  }

  /// Bulk loads go through `COPY` already (`CopyInsert`); nothing else to change.
  package func withLargeWrite<T>(
    _ kind: LargeWrite, on connection: any DatabaseConnection,
    _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    try body()
  }

  /// Dropping the index would lock the items table, which every collection shares, against
  /// everyone until the import commits; PostgreSQL keeps it up to date as COPY inserts.
  package func withItemKeysIndexedAfter<T>(
    on connection: any DatabaseConnection, _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    try body()
  }

  /// Brings the planner's statistics up to date for what the build stored.
  package func finishBuild(on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.execute("ANALYZE")
  }

  /// A repeatable-read transaction: every statement in it sees the catalog as its first did.
  /// Not declared read-only, which would forbid the temporary tables that searches sort in; it
  /// writes nothing else.
  package func beginSnapshot(on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
  }

  package func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any CommitSignal
  {
    let connection = try PostgreSQLConnection(uri: uri)
    try configure(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    return try NotificationSignal(connection: connection, channel: channel)
  }

  /// The server's version and where it is.
  package func describe(on connection: (any DatabaseConnection)?) -> [(
    name: String, value: String
  )] {
    guard let connection = connection as? PostgreSQLConnection else { return [] }
    let version = pq.serverVersion(connection.handle)
    let server = connection.server
    return [
      ("server", "PostgreSQL \(version / 10000).\(version % 10000) at \(server.address)"),
      ("database", server.database), ("schema", uri.schema),
    ]
  }

  /// The version of libpq, such as "15.10", or "not installed".
  package static var libpqVersion: String { LibPQ.version ?? "not installed" }

  /// A shared catalog is not rebuilt on open by whichever build opens it first.
  package var rebuildsStaleKeysOnOpen: Bool { false }

  /// Writers of different collections run at once; each collection has its own advisory lock.
  package var locksWholeCatalogToWrite: Bool { false }
}

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

extension CatalogLocation {
  /// The catalog in the schema that a PostgreSQL URI names (`postgresql://…`, `postgres://…`,
  /// with `?schema=NAME` for another schema than `catalog`).
  ///
  /// - Throws: `CatalogError.invalidRequest` for a URI that is not one.
  public static func postgreSQL(uri: String) throws(CatalogError) -> CatalogLocation {
    let parsed = try PostgreSQLURI(uri)
    return CatalogLocation(description: parsed.description) { PostgreSQLEngine(uri: parsed) }
  }

  /// Whether `text` is a PostgreSQL URI (`postgresql://`, `postgres://`) rather than a path.
  public static func isPostgreSQLURI(_ text: String) -> Bool {
    PostgreSQLURI.isURI(text)
  }
}
