import CatalogCollation

extension Catalog {
  /// The id of the stored list of `collection` in `collation`'s locale. When it is missing, or
  /// its keys were made by another ICU or collator version, it is first built from the stored
  /// items in one transaction, after calling `willBuild` (so a tool can say why it is slow once).
  package func listID(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation,
    willBuild: () -> Void
  ) throws(CatalogError) -> Int {
    try refuseKeysOfAnotherICU(
      """
      SELECT icu_version, collator_version FROM groupings
      WHERE collection_id = ? AND group_by = ? AND locale = ?
      """, .integer(collection.id), .text(grouping.storedColumn),
      .text(collation.locale.identifier), running: collation.version)
    return try buildOnce(
      missing: .init(collection: collection.name, grouping: grouping, locale: collation.locale),
      willBuild: willBuild
    ) { () throws(CatalogError) in
      try currentListID(grouping, of: collection, collation: collation)
    } build: { () throws(CatalogError) in
      try rebuildList(grouping, of: collection, collation: collation)
    }
  }

  /// Refuses, on an engine whose catalogs are shared (which are not rebuilt for whichever build
  /// opens them, DESIGN §14), keys that `sql` finds made by another ICU or collator version than
  /// `running`.
  ///
  /// - Throws: `CatalogError.keysOfAnotherICU`.
  func refuseKeysOfAnotherICU(_ sql: String, _ values: SQLValue..., running: CollationVersion)
    throws(CatalogError)
  {
    guard !engine.traits.rebuildsStaleKeysOnOpen else { return }
    let statement = try connection.prepare(sql)
    try statement.bind(values)
    guard try statement.step() else { return }
    let stored = CollationVersion(icu: statement.text(at: 0), collator: statement.text(at: 1))
    statement.reset()
    if stored != running { throw .keysOfAnotherICU(path: path, madeBy: stored, running: running) }
  }

  /// What `find` finds, or else what `build` makes in one write transaction, after calling
  /// `willBuild`. `find` runs again inside the transaction: another process may have built it
  /// while this one waited for the lock. A read-only catalog builds nothing: the keys it lacks
  /// (`missing`) are an error.
  func buildOnce<Value>(
    missing: MissingKeys, willBuild: () -> Void, find: () throws(CatalogError) -> Value?,
    build: () throws(CatalogError) -> Value
  ) throws(CatalogError) -> Value {
    if let found = try find() { return found }
    if configuration.readOnly {
      var missing = missing
      missing.readOnlyReason = readOnlyReason
      throw .keysNotStored(missing)
    }
    willBuild()
    return try connection.transaction { () throws(CatalogError) in
      try connection.lockCollection(named: missing.collection)
      if let found = try find() { return found }
      return try build()
    }
  }

  /// Builds a list again from the stored items, with the index titles it keeps, inside the
  /// caller's transaction; returns its id.
  func rebuildList(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation
  ) throws(CatalogError) -> Int {
    let build = try ListBuild(
      catalog: self, collectionID: collection.id, columns: collection.columns,
      titleColumn: collection.titleColumn, sortAs: collection.sortAs,
      sortingOptions: collection.sortingOptions, targets: [(grouping, collation)])
    try build.addStoredItems(of: collection.id)
    _ = try build.finish()
    let id = build.builders[0].listID
    for column in try indexColumns(ofList: id) {
      try tallyIndexColumn(
        column, listID: id, of: collection, grouping: grouping, collation: collation)
    }
    return id
  }

  /// The list's id when it is stored with keys of the running ICU and collator versions.
  private func currentListID(
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

  /// Builds every list and search index again from the items, inside the caller's transaction.
  func rebuildEveryList() throws(CatalogError) {
    for stored in try storedLists() {
      _ = try rebuildList(
        stored.grouping, of: collection(id: stored.collectionID),
        collation: collating { () throws(CollationError) in
          try Collation(locale: CollationLocale(stored.locale))
        })
    }
    for index in try storedSearchIndexes() {
      try rebuildSearchIndex(
        of: collection(id: index.collectionID),
        collation: collating { () throws(CollationError) in
          try Collation(locale: CollationLocale(index.locale))
        })
    }
  }
}

extension Catalog {
  /// Rebuilds, in one write, every list and search index whose keys were made by another ICU
  /// or collator version than the running one, so that what is read afterwards equals a fresh
  /// import; watchers of those lists get a reload. Calls `notice` first with a line saying why (a
  /// tool prints it on stderr). Does nothing, cheaply, when every key is current.
  ///
  /// A catalog that many programs share (on PostgreSQL) is rebuilt only when `shared` is true:
  /// otherwise whichever build opened it first would rebuild it for its own ICU under the others.
  ///
  /// - Throws: `CatalogError.keysOfAnotherICU` for stale keys of a shared catalog without
  ///   `shared`; `.staleKeys` for a read-only catalog.
  public func rekeyStaleLists(shared: Bool = false, notice: (String) -> Void)
    throws(CatalogError)
  {
    let stale = try staleLists()
    let staleSearches = try staleSearchIndexes()
    guard !stale.isEmpty || !staleSearches.isEmpty else { return }
    let example = stale.first?.version ?? staleSearches[0].version
    if configuration.readOnly {
      throw .staleKeys(path: path, madeBy: example, running: Collation.icuVersion)
    }
    if !engine.traits.rebuildsStaleKeysOnOpen && !shared {
      throw .keysOfAnotherICU(
        path: path, madeBy: example,
        running: try collating { () throws(CollationError) in
          try Collation.version(
            for: CollationLocale(stale.first?.locale ?? staleSearches[0].locale))
        })
    }
    notice(
      "the catalog's keys were made by ICU \(example.icu) (collator \(example.collator)); "
        + "rebuilding \(stale.count) grouping\(stale.count == 1 ? "" : "s") for ICU "
        + Collation.icuVersion)
    try versionedWrite { () throws(CatalogError) in
      var reloaded: [(collection: String, grouping: Grouping, locale: String)] = []
      // Every collection's writers wait, in the order of their names.
      for name in try collections().map(\.name).sorted() {
        try connection.lockCollection(named: name)
      }
      for grouping in try staleLists() {
        let collection = try collection(id: grouping.collectionID)
        let collation = try collating { () throws(CollationError) in
          try Collation(locale: CollationLocale(grouping.locale))
        }
        _ = try rebuildList(grouping.grouping, of: collection, collation: collation)
        reloaded.append((collection.name, grouping.grouping, grouping.locale))
      }
      for index in try staleSearchIndexes() {
        try rebuildSearchIndex(
          of: collection(id: index.collectionID),
          collation: collating { () throws(CollationError) in
            try Collation(locale: CollationLocale(index.locale))
          })
      }
      return .changed { (version) throws(CatalogError) in
        for list in reloaded {
          try self.log(
            .reload(
              version: version, collection: list.collection, grouping: list.grouping,
              locale: list.locale))
        }
      }
    }
  }

  struct StoredList {
    let collectionID: Int
    let grouping: Grouping
    let locale: String
    let version: CollationVersion
  }

  /// Every stored list, in the order they were made.
  func storedLists(ofCollection collectionID: Int? = nil) throws(CatalogError)
    -> [StoredList]
  {
    let statement = try connection.prepare(
      """
      SELECT collection_id, group_by, locale, icu_version, collator_version FROM groupings
      WHERE collection_id = ?1 OR ?1 IS NULL ORDER BY id
      """)
    try statement.bind(collectionID.map(SQLValue.integer) ?? .null)
    var lists: [StoredList] = []
    while try statement.step() {
      lists.append(
        StoredList(
          collectionID: statement.int(at: 0),
          grouping: Grouping(storedColumn: statement.text(at: 1)), locale: statement.text(at: 2),
          version: CollationVersion(icu: statement.text(at: 3), collator: statement.text(at: 4))))
    }
    return lists
  }

  /// The lists whose stored versions differ from what the running ICU makes for their locale.
  private func staleLists() throws(CatalogError) -> [StoredList] {
    var stale: [StoredList] = []
    for grouping in try storedLists() where try isStale(grouping.locale, grouping.version) {
      stale.append(grouping)
    }
    return stale
  }

  /// The search indexes whose stored versions differ from what the running ICU makes.
  private func staleSearchIndexes() throws(CatalogError) -> [StoredSearchIndex] {
    var stale: [StoredSearchIndex] = []
    for index in try storedSearchIndexes() where try isStale(index.locale, index.version) {
      stale.append(index)
    }
    return stale
  }

  /// Whether keys of `locale` made by `version` differ from what the running ICU makes.
  private func isStale(_ locale: String, _ version: CollationVersion) throws(CatalogError) -> Bool {
    try collating { () throws(CollationError) in
      try Collation.version(for: CollationLocale(locale))
    } != version
  }
}

extension Catalog {
  /// Makes the list row, or empties an existing one, recording the versions of `collation`
  /// and the version its change sets start from: the catalog's version for a list built by a
  /// query, the one the write commits for a list built by a write (`versionedWrite` sets it).
  func resetList(collectionID: Int, grouping: Grouping, collation: Collation)
    throws(CatalogError) -> Int
  {
    let statement = try connection.prepare(
      """
      INSERT INTO groupings (collection_id, group_by, locale, icu_version, collator_version,
        built_version)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      ON CONFLICT (collection_id, group_by, locale)
      DO UPDATE SET icu_version = ?4, collator_version = ?5, built_version = ?6
      RETURNING id
      """)
    try statement.bind(
      .integer(collectionID), .text(grouping.storedColumn), .text(collation.locale.identifier),
      .text(collation.version.icu), .text(collation.version.collator),
      .integer(version()))
    let id = try statement.stepInteger()
    listsBuiltByWrite?.append(id)
    try ListTables(connection: connection, keepsSearchStarts: keepsSearchStarts).deleteContents(
      ofList: id)
    return id
  }
}
