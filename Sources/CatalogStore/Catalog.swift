internal import CSQLite
import CatalogCollation
import CatalogMigrations
import Foundation

/// A catalog: one SQLite file holding collections, their items and their stored keys.
///
/// Opening checks that the file is a catalog of a schema this build knows, brings an older one up
/// to date, and never writes to a file that is not a catalog. Keys made by another ICU are rebuilt
/// when a list asks for them, or all at once with `rekeyStaleGroupings(notice:)`. A `Catalog` owns one connection and
/// is used by one task at a time; concurrent readers each open their own (the file is in WAL mode,
/// so a reader sees the state before or after a writer's transaction, never a mix).
public final class Catalog {
  /// The value of `PRAGMA application_id` that marks a catalog ("CTLG").
  public static let applicationID = 0x4354_4C47
  /// The schema version this build writes: the number of its migrations.
  public static let schemaVersion = Migration.all.count
  /// How long a connection waits for another process's lock, unless `CATALOG_BUSY_TIMEOUT_MS`
  /// says otherwise.
  public static let defaultBusyTimeoutMilliseconds: Int32 = 5000

  /// How a catalog is opened and whom it tells what it does.
  public struct Configuration: Sendable {
    /// How long a connection waits for another process's lock before failing with `busy`.
    public var busyTimeoutMilliseconds: Int32
    /// Called with a line about work that takes a while or changes the file on open (an upgrade
    /// of the schema, keys rebuilt for another ICU), for a tool to show.
    public var notice: @Sendable (String) -> Void
    /// Whether to open without ever writing: for a catalog whose file, directory or medium cannot
    /// be written (an app's shipped catalog), or to be sure that nothing is written. Queries
    /// answer from the keys stored; one that needs keys not stored fails with `keysNotStored`
    /// instead of storing them.
    public var readOnly: Bool

    public init(
      busyTimeoutMilliseconds: Int32 = Catalog.defaultBusyTimeoutMilliseconds,
      notice: @escaping @Sendable (String) -> Void = { _ in }, readOnly: Bool = false
    ) {
      self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
      self.notice = notice
      self.readOnly = readOnly
    }
  }

  /// The path the catalog was opened with.
  public let path: String
  package let connection: Connection
  let configuration: Configuration
  var busyTimeoutMilliseconds: Int32 { configuration.busyTimeoutMilliseconds }
  /// How the catalog's other connections (snapshots, watchers) open the file.
  let readingAccess: Connection.Access
  /// The groupings built by the write under way, while one is: their change sets start at the
  /// version it commits (`versionedWrite`).
  var groupingsBuiltByWrite: [Int]?
  /// Collations made for this catalog, by locale id (`collation(for:)`).
  var collations: [String: Collation] = [:]
  /// The last writer setup of each collection, by collection id (`writerSetup(for:)`).
  var writerSetups: [Int: WriterSetup] = [:]

  /// Opens the catalog at `path`, creating it when `creating` is true and no file exists there.
  ///
  /// - Throws: `CatalogError.missing` when there is no file and `creating` is false;
  ///   `.notACatalog` for another SQLite database, a text file or a damaged file (left untouched);
  ///   `.newerSchema` for a catalog written by a newer build; `.busy` when another process holds
  ///   the write lock for longer than the busy timeout.
  public init(
    path: String, creating: Bool, configuration: Configuration = Configuration()
  ) throws(CatalogError) {
    if !creating && !FileManager.default.fileExists(atPath: path) { throw .missing(path: path) }
    self.path = path
    self.configuration = configuration
    readingAccess = configuration.readOnly ? Connection.Access.reading(path) : .readOnly
    connection = try Connection(
      path: path,
      access: configuration.readOnly ? readingAccess : .readWrite(creating: creating))
    connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
    try checkIsCatalog()
    if configuration.readOnly {
      let version = try schemaVersion()
      guard version == Self.schemaVersion else {
        throw .needsUpgrade(path: path, found: version, current: Self.schemaVersion)
      }
      return
    }
    // In WAL mode, NORMAL commits without syncing the log (checkpoints sync it): a commit is
    // atomic and the file consistent after a crash, and a power failure may lose the last few
    // commits. A single write then costs well under a millisecond instead of an fsync.
    try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
    if try schemaVersion() < Self.schemaVersion {
      try connection.execute("PRAGMA journal_mode = WAL")
      try migrate()
    } else if try journalMode() != "wal" {
      // A first import that could not switch back (killed, or another connection held the file).
      try? connection.execute("PRAGMA journal_mode = WAL")
    }
  }

  /// The journal mode, after `pragma` (which may set it) has run.
  private func journalMode(_ pragma: String = "PRAGMA journal_mode") throws(CatalogError) -> String
  {
    let statement = try connection.prepare(pragma)
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Runs `body`, a first import, with SQLite's rollback journal instead of its write-ahead log
  /// when the catalog holds no collection and no other connection has it open: every page is then
  /// written once, to the file, instead of to the log and again by the log's checkpoint, which
  /// takes a third off a large import. Readers could not read an empty catalog anyway; the catalog
  /// goes back to the log (which lets readers read while an import writes) when `body` returns.
  func withRollbackJournalIfEmpty<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError)
    -> T
  {
    guard try connection.integer("SELECT count(*) FROM collections") == 0 else { return try body() }
    connection.setBusyTimeout(milliseconds: 0)
    let switched = (try? journalMode("PRAGMA journal_mode = DELETE")) == "delete"
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    defer { if switched { try? connection.execute("PRAGMA journal_mode = WAL") } }
    return try body()
  }

  /// The schema version of the open catalog.
  public func schemaVersion() throws(CatalogError) -> Int {
    try connection.integer("PRAGMA user_version")
  }

  /// Whether this process may write the catalog at `path`: the file and its directory (where
  /// SQLite keeps the write-ahead log) are writable.
  public static func isWritable(path: String) -> Bool {
    let directory = (path as NSString).deletingLastPathComponent
    return access(path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0
  }

  /// SQLite's version, such as "3.40.1".
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  // MARK: - Opening

  /// Refuses, without writing anything, a file that is neither empty nor a catalog of a known
  /// schema.
  private func checkIsCatalog() throws(CatalogError) {
    let applicationID = try connection.integer("PRAGMA application_id")
    let version = try connection.integer("PRAGMA user_version")
    if applicationID == Self.applicationID {
      if version > Self.schemaVersion {
        throw .newerSchema(path: path, found: version, supported: Self.schemaVersion)
      }
      return
    }
    let tableCount = try connection.integer("SELECT count(*) FROM sqlite_schema")
    if tableCount > 0 || applicationID != 0 {
      throw .notACatalog(path: path, reason: "it is an SQLite database of another application")
    }
  }

  /// Applies the migrations the catalog lacks, each in its own transaction, with the work that
  /// follows it in Swift (`upgrade(to:)`). The version is read again inside each transaction,
  /// so two processes opening a new catalog at once apply each migration once.
  private func migrate() throws(CatalogError) {
    let isUpgrade = try schemaVersion() > 0
    for migration in Migration.all {
      try connection.transaction { () throws(CatalogError) in
        let version = try connection.integer("PRAGMA user_version")
        if version > Self.schemaVersion {
          throw .newerSchema(path: path, found: version, supported: Self.schemaVersion)
        }
        guard version < migration.version else { return }
        try connection.execute(migration.sql)
        if let upgrade = upgrade(to: migration.version) {
          if isUpgrade {
            configuration.notice(
              "upgrading \(path) from schema \(version) to \(migration.version): \(upgrade.what)")
          }
          try upgrade.work()
        }
        try connection.execute(
          "PRAGMA user_version = \(migration.version); PRAGMA application_id = \(Self.applicationID)"
        )
      }
    }
  }

  /// What follows a migration, in the migration's transaction, where SQL alone cannot do it:
  /// the keys that schema 2 dropped are built again from the items; schema 3 stores item keys and
  /// tallied spellings in NFC.
  private func upgrade(to version: Int) -> (what: String, work: () throws(CatalogError) -> Void)? {
    switch version {
    case 2: return ("rebuilding its lists from the items", rebuildEveryList)
    case 3:
      return (
        "matching keys and spellings in NFC and rebuilding its lists",
        { () throws(CatalogError) in
          try self.normalizeItemKeys()
          try self.rebuildEveryList()
        }
      )
    default: return nil
    }
  }

  /// Rewrites the item keys that are not in NFC (schema 3).
  ///
  /// - Throws: `CatalogError.duplicateKey` when two items of a collection have keys that differ
  ///   only in normalization form; the upgrade then changes nothing.
  private func normalizeItemKeys() throws(CatalogError) {
    let items = try connection.prepare(
      "SELECT collection_id, item, key FROM items WHERE key IS NOT NULL ORDER BY collection_id")
    var changed: [(collection: Int, item: Int, key: String)] = []
    while try items.step() {
      let key = items.text(at: 2)
      let canonical = String(key.canonicalValue)
      if !canonical.utf8.elementsEqual(key.utf8) {
        changed.append((items.int(at: 0), items.int(at: 1), canonical))
      }
    }
    let holder = try connection.prepare(
      "SELECT item FROM items WHERE collection_id = ? AND key = ?")
    let update = try connection.prepare(
      "UPDATE items SET key = ? WHERE collection_id = ? AND item = ?")
    for change in changed {
      try holder.bind(.integer(change.collection), .text(change.key))
      if try holder.step() {
        let other = holder.int(at: 0)
        holder.reset()
        throw .duplicateKey(
          change.key, collection: try collection(id: change.collection).name, item: other)
      }
      try update.bind(.text(change.key), .integer(change.collection), .integer(change.item)).run()
    }
  }
}
