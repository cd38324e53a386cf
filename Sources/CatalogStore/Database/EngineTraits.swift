/// Everything that differs between the engines and that the shared code must know, stated once
/// per engine (`CatalogEngine.traits`, and the same value on each of its connections): the few
/// words of SQL that differ, and how the engine's costs and locks behave. Shared code reads a
/// trait where it decides how to work (a `BlockTree` when it is made), never the engine's name.
package struct EngineTraits: Sendable {
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
  /// Whether a writer holds the whole catalog (SQLite's one write lock per file), so that writers
  /// of different collections wait for each other too; otherwise only writers of one collection
  /// take turns (`DatabaseConnection.lockCollection(named:)`).
  package let locksWholeCatalogToWrite: Bool
  /// Whether keys made by another ICU are rebuilt when the catalog is opened (a file that one
  /// program uses), or only when asked (a catalog that many servers share, DESIGN §14).
  package let rebuildsStaleKeysOnOpen: Bool
  /// Whether the catalog is one file at its location (SQLite), beside which files that belong to
  /// it may be kept (a mirror's copy in progress); else they go in the temporary directory.
  package let isAFile: Bool

  package init(
    blobType: String, beginWrite: StaticString, writeSetting: StaticString? = nil,
    temporarySchema: String, groupsBareColumns: Bool, waitingCostsARoundTrip: Bool,
    locksWholeCatalogToWrite: Bool, rebuildsStaleKeysOnOpen: Bool, isAFile: Bool
  ) {
    self.blobType = blobType
    self.beginWrite = beginWrite
    self.writeSetting = writeSetting
    self.temporarySchema = temporarySchema
    self.groupsBareColumns = groupsBareColumns
    self.waitingCostsARoundTrip = waitingCostsARoundTrip
    self.locksWholeCatalogToWrite = locksWholeCatalogToWrite
    self.rebuildsStaleKeysOnOpen = rebuildsStaleKeysOnOpen
    self.isAFile = isAFile
  }

  /// `GROUP BY column` where the engine needs it beside aggregates (`groupsBareColumns`).
  package func groupingBy(_ column: String) -> String {
    groupsBareColumns ? "GROUP BY \(column)" : ""
  }
}
