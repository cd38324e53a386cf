import CatalogCollation
import CatalogMigrations
import Foundation

/// A catalog: collections, their items and their stored keys, in one SQLite file
/// (`CatalogSQLite`) or one schema of a PostgreSQL database (`CatalogPostgreSQL`).
///
/// Opening checks that the database is a catalog of a schema this build knows, brings an older
/// one up to date, and never writes to a database that is not a catalog. Keys made by another ICU
/// are rebuilt when a list asks for them, or all at once with `rekeyStaleLists(notice:)`. A
/// `Catalog` owns one connection and is used by one task at a time; concurrent readers each open
/// their own, and see the state before or after a writer's transaction, never a mix.
public final class Catalog {
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
    /// How many of the latest versions a collection's removed items are kept for, at least
    /// (`Catalog.keptRemovalVersions`; fewer only in tests, to see them pruned).
    package var keptRemovalVersions = Catalog.keptRemovalVersions

    public init(
      busyTimeoutMilliseconds: Int32 = Catalog.defaultBusyTimeoutMilliseconds,
      notice: @escaping @Sendable (String) -> Void = { _ in }, readOnly: Bool = false
    ) {
      self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
      self.notice = notice
      self.readOnly = readOnly
    }
  }

  /// Where the catalog is: the path it was opened with, or its URI with the password masked.
  public let path: String
  package let engine: any CatalogEngine
  package let connection: any DatabaseConnection
  private(set) var configuration: Configuration
  var busyTimeoutMilliseconds: Int32 { configuration.busyTimeoutMilliseconds }
  /// The lists built by the write under way, while one is: their change sets start at the
  /// version it commits (`versionedWrite`).
  var listsBuiltByWrite: [Int]?
  /// Whether the writes now made apply a server's versions to a mirror (DESIGN §16), which are
  /// not the device's own and so not queued for upload.
  var isApplyingMirror = false
  /// Collations made for this catalog, by locale id (`collation(for:)`).
  var collations: [String: Collation] = [:]
  /// The last writer setup of each collection, by collection id (`writerSetup(for:)`).
  var writerSetups: [Int: WriterSetup] = [:]
  /// Why the catalog was opened read-only, when it was: `.file` when the configuration asked,
  /// else what its connection said when it opened (a role that may only read, a standby).
  public private(set) var readOnlyReason: CatalogError.ReadOnlyReason?
  /// Whether the schema has the table of search starts (`SearchStarts`): not while the work that
  /// follows an older migration rebuilds lists and search keys.
  private(set) var keepsSearchStarts = true

  /// Opens the catalog that `engine` keeps, creating it when `creating` is true and there is
  /// none. Each engine's module offers this as its own initializer (`Catalog(path:…)`).
  ///
  /// - Throws: `CatalogError.missing` when there is no catalog and `creating` is false;
  ///   `.notACatalog` for another database, a text file or a damaged file (left untouched);
  ///   `.newerSchema` for a catalog written by a newer build; `.busy` when another process holds
  ///   the write lock for longer than the busy timeout.
  package init(
    engine: any CatalogEngine, creating: Bool, configuration: Configuration
  ) throws(CatalogError) {
    self.engine = engine
    path = engine.location
    self.configuration = configuration
    if !creating, !(try engine.catalogExists()) { throw .missing(path: path) }
    connection = try engine.connect(
      creating: creating, readOnly: configuration.readOnly,
      busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
    let version = try connection.storedSchemaVersion()
    if version > supportedSchemaVersion {
      throw .newerSchema(path: path, found: version, supported: supportedSchemaVersion)
    }
    if configuration.readOnly {
      readOnlyReason = .file
    } else if version == supportedSchemaVersion, let refusal = try connection.writeRefusal() {
      readOnlyReason = refusal
      self.configuration.readOnly = true
    }
    if self.configuration.readOnly {
      guard version == supportedSchemaVersion else {
        throw .needsUpgrade(path: path, found: version, current: supportedSchemaVersion)
      }
      return
    }
    try connection.prepareForWriting()
    if version < supportedSchemaVersion { try migrate() }
  }

  /// Whether the catalog's connection still reaches its database (`DatabaseConnection
  /// .isConnected()`): a pool drops one that does not instead of handing it out again.
  package var isConnected: Bool { connection.isConnected() }

  /// Whether the catalog was opened only for reading (`Configuration.readOnly`).
  public var isReadOnly: Bool { configuration.readOnly }

  /// The schema version this build writes: the number of its engine's migrations.
  public var supportedSchemaVersion: Int { engine.migrations.count }

  /// The schema version of the open catalog.
  public func storedSchemaVersion() throws(CatalogError) -> Int {
    try connection.storedSchemaVersion()
  }

  /// What `catalog info` shows of the server that keeps the catalog (nothing for a file): which
  /// server and its version, the database and the schema.
  public var serverDescription: [(name: String, value: String)] {
    connection.serverDescription
  }

  /// What the catalog has in common with its copies on streaming standbys and with no other
  /// catalog (on PostgreSQL: the cluster's identifier and the schema); nil for a file, or where
  /// the server does not tell.
  public func replicationIdentity() -> String? {
    connection.replicationIdentity()
  }

  // MARK: - Opening

  /// Applies the migrations the catalog lacks, each in its own transaction, with the work that
  /// follows it in Swift (`upgrade(after:)`). The version is read again inside each transaction,
  /// so two processes opening a new catalog at once apply each migration once.
  private func migrate() throws(CatalogError) {
    let isUpgrade = try storedSchemaVersion() > 0
    for migration in engine.migrations {
      try connection.transaction { () throws(CatalogError) in
        try connection.lockForMigration()
        let version = try connection.storedSchemaVersion()
        if version > supportedSchemaVersion {
          throw .newerSchema(path: path, found: version, supported: supportedSchemaVersion)
        }
        guard version < migration.version else { return }
        try connection.execute(migration.sql)
        if let upgrade = upgrade(after: migration) {
          if isUpgrade {
            configuration.notice(
              "upgrading \(path) from schema \(version) to \(migration.version): \(upgrade.what)")
          }
          keepsSearchStarts = engine.migrations.contains {
            $0.name == "search_starts" && $0.version <= migration.version
          }
          defer { keepsSearchStarts = true }
          try upgrade.work()
        }
        try connection.recordSchemaVersion(migration.version)
      }
    }
  }

  /// What follows a migration, in the migration's transaction, where SQL alone cannot do it:
  /// the keys that SQLite's schema 2 dropped are built again from the items; its schema 3 stores
  /// item keys and tallied spellings in NFC. (Known by name, as each engine numbers its own
  /// migrations: PostgreSQL's first is SQLite's first three.)
  private func upgrade(after migration: Migration) -> (
    what: String, work: () throws(CatalogError) -> Void
  )? {
    switch migration.name {
    case "writable_lists": return ("rebuilding its lists from the items", rebuildEveryList)
    case "canonical_values":
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

extension Catalog {
  /// Opens the catalog at `location`, creating it when `creating` is true and there is none.
  ///
  /// - Throws: as `Catalog(path:creating:configuration:)` does, for either engine.
  public convenience init(
    at location: CatalogLocation, creating: Bool, configuration: Configuration = Configuration()
  ) throws(CatalogError) {
    try self.init(engine: location.engine(), creating: creating, configuration: configuration)
  }
}
