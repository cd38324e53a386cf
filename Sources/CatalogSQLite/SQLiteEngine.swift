internal import CSQLite
import CatalogMigrations
import CatalogStore
import Foundation

/// A catalog in one SQLite file: its connections, its schema marks (`PRAGMA application_id` and
/// `user_version`), the write-ahead log that lets readers read while a writer writes, and the
/// fastest way to write a large import.
package final class SQLiteEngine: CatalogEngine {
  /// The value of `PRAGMA application_id` that marks a catalog ("CTLG").
  static let applicationID = 0x4354_4C47

  package let location: String
  package var migrations: [Migration] { Migration.sqlite }
  /// How the catalog's other connections (snapshots, watchers) open the file; decided when the
  /// main connection opens.
  private var readingAccess = SQLiteConnection.Access.readOnly
  private var busyTimeoutMilliseconds = Catalog.defaultBusyTimeoutMilliseconds

  package init(path: String) {
    location = path
  }

  package func catalogExists() -> Bool {
    FileManager.default.fileExists(atPath: location)
  }

  package func connect(creating: Bool, readOnly: Bool, busyTimeoutMilliseconds: Int32)
    throws(CatalogError) -> any DatabaseConnection
  {
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    readingAccess = readOnly ? SQLiteConnection.Access.reading(location) : .readOnly
    let connection = try SQLiteConnection(
      path: location, access: readOnly ? readingAccess : .readWrite(creating: creating))
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    return connection
  }

  package func connectReader(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any DatabaseConnection
  {
    let connection = try SQLiteConnection(path: location, access: readingAccess)
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    return connection
  }

  /// Reads the file's marks without writing anything: a file that is neither empty nor a catalog
  /// is refused.
  package func schemaVersion(on connection: any DatabaseConnection) throws(CatalogError) -> Int {
    let applicationID = try connection.integer("PRAGMA application_id")
    let version = try connection.integer("PRAGMA user_version")
    if applicationID == Self.applicationID { return version }
    let tableCount = try connection.integer("SELECT count(*) FROM sqlite_schema")
    if tableCount > 0 || applicationID != 0 {
      throw .notACatalog(
        path: location, reason: "it is an SQLite database of another application")
    }
    return 0
  }

  package func setSchemaVersion(_ version: Int, on connection: any DatabaseConnection)
    throws(CatalogError)
  {
    try connection.execute(
      "PRAGMA user_version = \(version); PRAGMA application_id = \(Self.applicationID)")
  }

  /// The migration's transaction began with `BEGIN IMMEDIATE`, which holds the write lock.
  package func lockForMigration(on connection: any DatabaseConnection) {}

  /// Whether the file can be written is decided before it is opened (`Catalog.isWritable`).
  package func canWrite(on connection: any DatabaseConnection) -> Bool { true }

  package func prepareForWriting(_ connection: any DatabaseConnection) throws(CatalogError) {
    // In WAL mode, NORMAL commits without syncing the log (checkpoints sync it): a commit is
    // atomic and the file consistent after a crash, and a power failure may lose the last few
    // commits. A single write then costs well under a millisecond instead of an fsync.
    try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
    if try journalMode(on: connection) != "wal" {
      // A new catalog, or a first import that could not switch back (killed, or another
      // connection held the file).
      try? connection.execute("PRAGMA journal_mode = WAL")
    }
  }

  /// A write transaction holds the whole file: writes to any collection take turns.
  package func lockCollection(named name: String, on connection: any DatabaseConnection) -> Bool {
    false
  }

  /// Watchers see commits through `PRAGMA data_version`; nothing to send.
  package func announce(version: Int, on connection: any DatabaseConnection) {}

  package func withLargeWrite<T>(
    _ kind: LargeWrite, on connection: any DatabaseConnection,
    _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    switch kind {
    case .wholeCollection:
      return try withRollbackJournalIfEmpty(connection) { () throws(CatalogError) in
        let flush = BackgroundFlush(paths: [location, location + "-wal"])
        defer { flush.stop() }
        return try body()
      }
    case .itemByItem:
      // Rows of a file go all over each list's B-trees; a larger page cache keeps the pages they
      // touch from being written out and read again within the transaction.
      try connection.execute("PRAGMA cache_size = -\(Self.itemImportCacheKiB)")
      defer { try? connection.execute("PRAGMA cache_size = -2000") }
      return try body()
    }
  }

  /// Keys come in no order, so keeping the index up to date as items go in touches a page of it
  /// all over for each row, and with a page cache of 2 MB a keyed import of 1M rows took three
  /// times as long as one without keys; built after, the index is one sort. Only where no other
  /// collection has keys (the write holds the whole file, so no one else needs the index
  /// meanwhile): building it reads every keyed item.
  package func withItemKeysIndexedAfter<T>(
    on connection: any DatabaseConnection, _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    let definition = try connection.prepare(
      "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = 'items_by_key'")
    let creation = try definition.step() ? definition.text(at: 0) : nil
    definition.reset()
    guard let creation,
      try connection.integer("SELECT EXISTS (SELECT 1 FROM items WHERE key IS NOT NULL)") == 0
    else { return try body() }
    try connection.execute("DROP INDEX items_by_key")
    let result = try body()
    // The import's other threads are done: SQLite's sorter may take a second core for the index.
    try connection.execute("PRAGMA threads = 2")
    defer { try? connection.execute("PRAGMA threads = 0") }
    try connection.execute(creation)
    return result
  }

  /// The page cache of an import item by item, in KiB (SQLite's default is 2,000).
  static let itemImportCacheKiB = 65_536

  /// Moves the write-ahead log into the file, so the catalog can be copied or shipped as one file.
  package func finishBuild(on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// A read transaction: its first read fixes what it sees. In WAL mode it does not hold up
  /// writers; while it lasts, the log cannot be checkpointed past it.
  package func beginSnapshot(on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.execute("BEGIN")
  }

  package func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any CommitSignal
  {
    try DataVersionSignal(
      connection: connectReader(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
  }

  /// A file is rebuilt for the ICU of the build that opens it.
  package var rebuildsStaleKeysOnOpen: Bool { true }

  /// A write transaction holds the file's one write lock.
  package var locksWholeCatalogToWrite: Bool { true }

  /// A file has no server to name.
  package func describe(on connection: (any DatabaseConnection)?) -> [(name: String, value: String)]
  {
    []
  }

  // MARK: - Journal

  /// The journal mode, after `pragma` (which may set it) has run.
  private func journalMode(
    on connection: any DatabaseConnection, _ pragma: String = "PRAGMA journal_mode"
  ) throws(CatalogError) -> String {
    let statement = try connection.prepare(pragma)
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Runs `body`, a first import, with SQLite's rollback journal instead of its write-ahead log
  /// when the catalog holds no collection and no other connection has it open: every page is then
  /// written once, to the file, instead of to the log and again by the log's checkpoint, which
  /// takes a third off a large import. Readers could not read an empty catalog anyway; the catalog
  /// goes back to the log (which lets readers read while an import writes) when `body` returns.
  private func withRollbackJournalIfEmpty<T>(
    _ connection: any DatabaseConnection, _ body: () throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    guard let sqlite = connection as? SQLiteConnection,
      try connection.integer("SELECT count(*) FROM collections") == 0
    else { return try body() }
    sqlite.setBusyTimeout(milliseconds: 0)
    let switched = (try? journalMode(on: connection, "PRAGMA journal_mode = DELETE")) == "delete"
    sqlite.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    defer { if switched { try? connection.execute("PRAGMA journal_mode = WAL") } }
    return try body()
  }
}

/// Sees the commits of other connections through SQLite's `PRAGMA data_version`, which moves
/// whenever another connection has committed (and also when one only checkpointed). Checking costs
/// a few microseconds, so checking every few milliseconds is cheap.
final class DataVersionSignal: CommitSignal {
  let connection: any DatabaseConnection
  private let dataVersion: any DatabaseStatement
  private var lastDataVersion: Int?

  init(connection: any DatabaseConnection) throws(CatalogError) {
    self.connection = connection
    dataVersion = try connection.prepare("PRAGMA data_version")
  }

  func hasNews() throws(CatalogError) -> Bool {
    let data = try dataVersion.stepInteger()
    defer { lastDataVersion = data }
    return data != lastDataVersion
  }

  func waitForNews(upTo timeout: Duration) throws(CatalogError) -> Bool {
    if try hasNews() { return true }
    Thread.sleep(forTimeInterval: timeout.seconds)
    return try hasNews()
  }
}

extension CatalogLocation {
  /// The SQLite file at `path`.
  public static func sqlite(path: String) -> CatalogLocation {
    CatalogLocation(description: path) { SQLiteEngine(path: path) }
  }
}

extension Catalog {
  /// Opens the catalog in the SQLite file at `path`, creating it when `creating` is true and no
  /// file exists there.
  ///
  /// - Throws: `CatalogError.missing` when there is no file and `creating` is false;
  ///   `.notACatalog` for another SQLite database, a text file or a damaged file (left untouched);
  ///   `.newerSchema` for a catalog written by a newer build; `.busy` when another process holds
  ///   the write lock for longer than the busy timeout.
  public convenience init(
    path: String, creating: Bool, configuration: Configuration = Configuration()
  ) throws(CatalogError) {
    try self.init(at: .sqlite(path: path), creating: creating, configuration: configuration)
  }

  /// The value of `PRAGMA application_id` that marks a catalog file ("CTLG").
  public static var applicationID: Int { SQLiteEngine.applicationID }

  /// The schema version this build writes into SQLite files: the number of its migrations.
  public static var schemaVersion: Int { Migration.sqlite.count }

  /// Whether this process may write the catalog at `path`: the file and its directory (where
  /// SQLite keeps the write-ahead log) are writable.
  public static func isWritable(path: String) -> Bool {
    let directory = (path as NSString).deletingLastPathComponent
    return access(path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0
  }

  /// SQLite's version, such as "3.40.1".
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
