internal import CLibPQ
import CatalogStore

/// What a PostgreSQL connection does for a catalog beyond common SQL: the schema's marks
/// (`catalog_schema`), the advisory locks under which migrations and each collection's writers
/// take turns, `NOTIFY` for watchers, and repeatable-read snapshots.
extension PostgreSQLConnection {
  /// The name the catalog's commits are announced under: one channel per schema.
  var channel: String { String("catalog_\(uri.schema)".utf8.prefix(63)) ?? "catalog" }

  /// The version in `catalog_schema`; 0 for an empty schema. A schema that holds other tables
  /// is refused.
  package func storedSchemaVersion() throws(CatalogError) -> Int {
    let tables = try prepare(
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
      return try integer("SELECT version FROM catalog_schema")
    }
    guard count == 0 else {
      throw .notACatalog(
        path: uri.description,
        reason: "its schema '\(uri.schema)' holds tables of another application")
    }
    return 0
  }

  package func recordSchemaVersion(_ version: Int) throws(CatalogError) {
    try prepare("UPDATE catalog_schema SET version = ?").bind(.integer(version)).run()
  }

  /// One process migrates a schema at a time: the others wait, then find it migrated.
  package func lockForMigration() throws(CatalogError) {
    try prepare("SELECT pg_advisory_xact_lock(hashtext(?)::bigint)")
      .bind(.text("catalog migration " + uri.schema)).run()
  }

  /// Whether the server is a standby (which replays its primary's writes and takes none), or
  /// the role may not add items and store keys (a role granted SELECT alone may not).
  package func writeRefusal() throws(CatalogError) -> CatalogError.ReadOnlyReason? {
    switch try integer(
      """
      SELECT CASE WHEN pg_is_in_recovery() THEN 2 WHEN has_table_privilege('items', 'INSERT')
        AND has_table_privilege('groupings', 'INSERT') THEN 0 ELSE 1 END
      """)
    {
    case 2: return .standby
    case 1: return .roleMayNotWrite
    default: return nil
    }
  }

  /// Whether the server is a hot standby now, asked of it.
  func isInRecovery() throws(CatalogError) -> Bool {
    try integer("SELECT CASE WHEN pg_is_in_recovery() THEN 1 ELSE 0 END") == 1
  }

  package func prepareForWriting() {}

  /// Reads what the server sent while the connection was idle, without waiting: a server that
  /// stopped sends its last words and closes the socket, and libpq then calls the connection
  /// bad. A server that vanished without a word is found only by the next statement.
  package func isConnected() -> Bool {
    // At most a few reads: the last message, then the end of the stream.
    for _ in 0..<4 where pq.status(handle) == CONNECTION_OK {
      guard clibpq_wait_readable(pq.socket(handle), 0) == 1 else { return true }
      if pq.consumeInput(handle) == 0 { return false }
    }
    return pq.status(handle) == CONNECTION_OK
  }

  /// The server's version and where it is.
  package var serverDescription: [(name: String, value: String)] {
    let version = pq.serverVersion(handle)
    return [
      ("server", "PostgreSQL \(version / 10000).\(version % 10000) at \(endpoint.address)"),
      ("database", endpoint.database), ("schema", uri.schema),
    ]
  }

  /// The cluster's system identifier, which `pg_basebackup` copies to a standby with the data,
  /// and the schema; nil when the role may not read the cluster's control data.
  package func replicationIdentity() -> String? {
    guard
      let statement = try? prepare("SELECT system_identifier::text FROM pg_control_system()"),
      (try? statement.step()) == true
    else { return nil }
    return statement.text(at: 0) + "/" + uri.schema
  }

  /// Writers of one collection take turns on an advisory lock of its name, for as long as the
  /// write's transaction; a writer that waits longer than `lock_timeout` gets `busy`.
  package func lockCollection(named name: String) throws(CatalogError) -> Bool {
    try cached("SELECT pg_advisory_xact_lock(hashtext(?1), hashtext(?2))")
      .bind(.text(uri.schema), .text(name)).runWithoutWaiting()
    return true
  }

  /// `NOTIFY` in the write's transaction: PostgreSQL delivers it when the write commits, and
  /// never when it rolls back.
  package func announce(version: Int) throws(CatalogError) {
    try cached("SELECT pg_notify(?1, ?2)")
      .bind(.text(channel), .text(String(version))).runWithoutWaiting()
  }

  /// Bulk loads go through `COPY` already (`CopyInsert`); nothing else to change. The items'
  /// index of keys stays as it is for keyed items: dropping it would lock the items table, which
  /// every collection shares, against everyone until the import commits.
  package func withLargeWrite<T>(_ kind: LargeWrite, _ body: () throws(CatalogError) -> T)
    throws(CatalogError) -> T
  {
    try body()
  }

  /// Brings the planner's statistics up to date for what the build stored.
  package func finishBuild() throws(CatalogError) {
    try execute("ANALYZE")
  }

  /// A repeatable-read transaction: every statement in it sees the catalog as its first did.
  /// Not declared read-only, which would forbid the temporary tables that searches sort in; it
  /// writes nothing else.
  package func beginSnapshot() throws(CatalogError) {
    try execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
  }
}
