import CatalogCollation

extension Catalog {
  /// The id of the stored grouping of `collection` in `collation`'s locale. When it is missing, or
  /// its keys were made by another ICU or collator version, it is first built from the stored
  /// items in one transaction, after calling `willBuild` (so a tool can say why it is slow once).
  package func groupingID(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation,
    willBuild: () -> Void
  ) throws(CatalogError) -> Int {
    try buildOnce(willBuild: willBuild) { () throws(CatalogError) in
      try currentGroupingID(grouping, of: collection, collation: collation)
    } build: { () throws(CatalogError) in
      try rebuildGrouping(grouping, of: collection, collation: collation)
    }
  }

  /// What `find` finds, or else what `build` makes in one write transaction, after calling
  /// `willBuild`. `find` runs again inside the transaction: another process may have built it
  /// while this one waited for the lock.
  func buildOnce<Value>(
    willBuild: () -> Void, find: () throws(CatalogError) -> Value?,
    build: () throws(CatalogError) -> Value
  ) throws(CatalogError) -> Value {
    if let found = try find() { return found }
    willBuild()
    return try connection.transaction { () throws(CatalogError) in
      if let found = try find() { return found }
      return try build()
    }
  }

  /// Builds a grouping again from the stored items, inside the caller's transaction; returns its
  /// id.
  private func rebuildGrouping(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation
  ) throws(CatalogError) -> Int {
    let build = try GroupingBuild(
      catalog: self, collectionID: collection.id, columns: collection.columns,
      titleColumn: collection.titleColumn, sortAs: collection.sortAs,
      targets: [(grouping, collation)])
    try build.addStoredItems(of: collection.id)
    _ = try build.finish()
    return build.builders[0].groupingID
  }

  /// The grouping's id when it is stored with keys of the running ICU and collator versions.
  private func currentGroupingID(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation
  ) throws(CatalogError) -> Int? {
    let statement = try connection.prepare(
      """
      SELECT id FROM groupings
      WHERE collection_id = ? AND group_by = ? AND locale = ? AND icu_version = ?
        AND collator_version = ?
      """)
    try statement.bind(
      .integer(collection.id), .text(grouping.storedColumn), .text(collation.locale.identifier),
      .text(collation.version.icu), .text(collation.version.collator))
    return try statement.step() ? statement.int(at: 0) : nil
  }
}

extension Catalog {
  /// Rebuilds, in one transaction, every grouping whose keys were made by another ICU or collator
  /// version than the running one, so that what is read afterwards equals a fresh import. Calls
  /// `notice` first with a line saying why (a tool prints it on stderr). Does nothing, cheaply,
  /// when every grouping is current.
  public func rekeyStaleGroupings(notice: (String) -> Void) throws(CatalogError) {
    let stale = try staleGroupings()
    guard let first = stale.first else { return }
    let running = try collating { () throws(CollationError) in
      try Collation.version(for: CollationLocale(first.locale))
    }
    notice(
      "the catalog's keys were made by ICU \(first.version.icu) (collator \(first.version.collator)); "
        + "rebuilding \(stale.count) grouping\(stale.count == 1 ? "" : "s") for ICU \(running.icu)")
    try connection.transaction { () throws(CatalogError) in
      for grouping in try staleGroupings() {
        let collation = try collating { () throws(CollationError) in
          try Collation(locale: CollationLocale(grouping.locale))
        }
        _ = try rebuildGrouping(
          grouping.grouping, of: collection(id: grouping.collectionID), collation: collation)
      }
    }
  }

  private struct StoredGrouping {
    let collectionID: Int
    let grouping: Grouping
    let locale: String
    let version: CollationVersion
  }

  /// The groupings whose stored versions differ from what the running ICU makes for their locale.
  private func staleGroupings() throws(CatalogError) -> [StoredGrouping] {
    let statement = try connection.prepare(
      "SELECT collection_id, group_by, locale, icu_version, collator_version FROM groupings")
    var runningVersions: [String: CollationVersion] = [:]
    var stale: [StoredGrouping] = []
    while try statement.step() {
      let stored = StoredGrouping(
        collectionID: statement.int(at: 0), grouping: Grouping(storedColumn: statement.text(at: 1)),
        locale: statement.text(at: 2),
        version: CollationVersion(icu: statement.text(at: 3), collator: statement.text(at: 4)))
      if runningVersions[stored.locale] == nil {
        runningVersions[stored.locale] = try collating { () throws(CollationError) in
          try Collation.version(for: CollationLocale(stored.locale))
        }
      }
      if runningVersions[stored.locale] != stored.version { stale.append(stored) }
    }
    return stale
  }
}
