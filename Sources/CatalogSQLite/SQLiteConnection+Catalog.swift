import CatalogStore

/// What an SQLite connection does for a catalog beyond common SQL: the file's marks
/// (`PRAGMA application_id` and `user_version`), its durability settings, the write-ahead log
/// that lets readers read while a writer writes, and the fastest way to write a large import.
extension SQLiteConnection {
  /// The value of `PRAGMA application_id` that marks a catalog ("CTLG").
  static let applicationID = 0x4354_4C47

  /// Reads the file's marks without writing anything: a file that is neither empty nor a catalog
  /// is refused.
  package func storedSchemaVersion() throws(CatalogError) -> Int {
    let applicationID = try integer("PRAGMA application_id")
    let version = try integer("PRAGMA user_version")
    if applicationID == Self.applicationID { return version }
    let tableCount = try integer("SELECT count(*) FROM sqlite_schema")
    if tableCount > 0 || applicationID != 0 {
      throw .notACatalog(path: path, reason: "it is an SQLite database of another application")
    }
    return 0
  }

  package func recordSchemaVersion(_ version: Int) throws(CatalogError) {
    try execute("PRAGMA user_version = \(version); PRAGMA application_id = \(Self.applicationID)")
  }

  /// The migration's transaction began with `BEGIN IMMEDIATE`, which holds the write lock.
  package func lockForMigration() {}

  /// Whether the file can be written is decided before it is opened (`Catalog.isWritable`).
  package func writeRefusal() -> CatalogError.ReadOnlyReason? { nil }

  package func isConnected() -> Bool { true }

  package func prepareForWriting() throws(CatalogError) {
    // In WAL mode, NORMAL commits without syncing the log (checkpoints sync it): a commit is
    // atomic and the file consistent after a crash, and a power failure may lose the last few
    // commits. A single write then costs well under a millisecond instead of an fsync.
    try execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
    if try journalMode() != "wal" {
      // A new catalog, or a first import that could not switch back (killed, or another
      // connection held the file).
      try? execute("PRAGMA journal_mode = WAL")
    }
  }

  /// A file has no server to name.
  package var serverDescription: [(name: String, value: String)] { [] }

  /// A file has no standbys.
  package func replicationIdentity() -> String? { nil }

  /// A write transaction holds the whole file: writes to any collection take turns.
  package func lockCollection(named name: String) -> Bool { false }

  /// Watchers see commits through `PRAGMA data_version`; nothing to send.
  package func announce(version: Int) {}

  package func withLargeWrite<T>(_ kind: LargeWrite, _ body: () throws(CatalogError) -> T)
    throws(CatalogError) -> T
  {
    switch kind {
    case .wholeCollection:
      return try withRollbackJournalIfEmpty { () throws(CatalogError) in
        let flush = BackgroundFlush(paths: [path, path + "-wal"])
        defer { flush.stop() }
        return try body()
      }
    case .itemByItem:
      // Rows of a file go all over each list's B-trees; a larger page cache keeps the pages they
      // touch from being written out and read again within the transaction.
      try execute("PRAGMA cache_size = -\(Self.itemImportCacheKiB)")
      defer { try? execute("PRAGMA cache_size = -2000") }
      return try body()
    case .keyedItemsOfNewCollection:
      return try withItemKeysIndexedAfter(body)
    }
  }

  /// The page cache of an import item by item, in KiB (SQLite's default is 2,000).
  static let itemImportCacheKiB = 65_536

  /// Keys come in no order, so keeping the index up to date as items go in touches a page of it
  /// all over for each row, and with a page cache of 2 MB a keyed import of 1M rows took three
  /// times as long as one without keys; built after, the index is one sort. Only where no other
  /// collection has keys (the write holds the whole file, so no one else needs the index
  /// meanwhile): building it reads every keyed item.
  private func withItemKeysIndexedAfter<T>(_ body: () throws(CatalogError) -> T)
    throws(CatalogError) -> T
  {
    let definition = try prepare(
      "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = 'items_by_key'")
    let creation = try definition.step() ? definition.text(at: 0) : nil
    definition.reset()
    guard let creation,
      try integer("SELECT EXISTS (SELECT 1 FROM items WHERE key IS NOT NULL)") == 0
    else { return try body() }
    try execute("DROP INDEX items_by_key")
    let result = try body()
    // The import's other threads are done: SQLite's sorter may take a second core for the index.
    try execute("PRAGMA threads = 2")
    defer { try? execute("PRAGMA threads = 0") }
    try execute(creation)
    return result
  }

  /// Moves the write-ahead log into the file, so the catalog can be copied or shipped as one file.
  package func finishBuild() throws(CatalogError) {
    try execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// A read transaction: its first read fixes what it sees. In WAL mode it does not hold up
  /// writers; while it lasts, the log cannot be checkpointed past it.
  package func beginSnapshot() throws(CatalogError) {
    try execute("BEGIN")
  }

  // MARK: - Journal

  /// The journal mode, after `pragma` (which may set it) has run.
  private func journalMode(_ pragma: String = "PRAGMA journal_mode") throws(CatalogError)
    -> String
  {
    let statement = try prepare(pragma)
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Runs `body`, a first import, with SQLite's rollback journal instead of its write-ahead log
  /// when the catalog holds no collection and no other connection has it open: every page is then
  /// written once, to the file, instead of to the log and again by the log's checkpoint, which
  /// takes a third off a large import. Readers could not read an empty catalog anyway; the catalog
  /// goes back to the log (which lets readers read while an import writes) when `body` returns.
  private func withRollbackJournalIfEmpty<T>(_ body: () throws(CatalogError) -> T)
    throws(CatalogError) -> T
  {
    guard try integer("SELECT count(*) FROM collections") == 0 else { return try body() }
    let waiting = busyTimeoutMilliseconds
    setBusyTimeout(milliseconds: 0)
    let switched = (try? journalMode("PRAGMA journal_mode = DELETE")) == "delete"
    setBusyTimeout(milliseconds: waiting)
    defer { if switched { try? execute("PRAGMA journal_mode = WAL") } }
    return try body()
  }
}
