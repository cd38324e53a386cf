extension Catalog {
  /// How many of the latest versions the change log keeps, at least (DESIGN §10).
  public static let keptVersions = 1000

  /// The catalog's version: the number of writes committed to it (DESIGN §1).
  public func version() throws(CatalogError) -> Int {
    try connection.cached("SELECT version FROM catalog_state").stepInteger()
  }

  /// Runs a write in one transaction that commits the next version (DESIGN §9, §10).
  ///
  /// `work` makes the write's changes and says whether there were any. A write that changed
  /// nothing commits nothing: it is rolled back and uses no version, and its result is the
  /// unchanged one. Otherwise the version is taken last, just before the commit — on an engine
  /// where writers of different collections run at once, versions then follow commit order —
  /// and the write records what carries it (change sets, the collection's version) with the
  /// function `work` returned; the catalog's version is raised and the change sets of versions no
  /// longer kept are dropped. On any error nothing is committed.
  func versionedWrite<T>(_ work: () throws(CatalogError) -> WriteOutcome<T>) throws(CatalogError)
    -> T
  {
    listsBuiltByWrite = []
    defer { listsBuiltByWrite = nil }
    return try connection.transaction(committing: \.isCommitted) { () throws(CatalogError) in
      switch try work() {
      case .unchanged(let result):
        return VersionedResult(value: result, isCommitted: false)
      case .changed(let record):
        let version = try connection.cached(
          """
          UPDATE catalog_state SET version = version + 1,
            first_logged_version = CASE WHEN first_logged_version > version + 2 - ?1
              THEN first_logged_version ELSE version + 2 - ?1 END
          RETURNING version
          """
        ).bind(.integer(Self.keptVersions)).stepInteger()
        for grouping in listsBuiltByWrite ?? [] {
          try connection.cached("UPDATE groupings SET built_version = ? WHERE id = ?")
            .bind(.integer(version), .integer(grouping)).runWithoutWaiting()
        }
        let result = try record(version)
        try connection.announce(version: version)
        // The change sets of versions no longer kept go a hundred versions at a time: a
        // statement less for nearly every write, and at least the last thousand stay.
        if version % 100 == 0 {
          try connection.cached("DELETE FROM change_sets WHERE version <= ?")
            .bind(.integer(version - Self.keptVersions)).runWithoutWaiting()
        }
        return VersionedResult(value: result, isCommitted: true)
      }
    }.value
  }

  /// Records a change set in the log, in the write transaction that made it. An empty change set
  /// is not recorded.
  func log(_ changeSet: ChangeSet) throws(CatalogError) {
    guard !changeSet.isEmpty else { return }
    try connection.cached(
      """
      INSERT INTO change_sets (version, collection, group_by, locale, change_set)
      VALUES (?, ?, ?, ?, ?)
      """
    ).bind(
      .integer(changeSet.version), .text(changeSet.collection),
      .text(changeSet.grouping.storedColumn), .text(changeSet.locale), .text(changeSet.jsonText)
    ).runWithoutWaiting()
  }

  /// Records a reload of every stored list of a collection.
  func logReload(ofCollection collectionID: Int, named name: String, version: Int)
    throws(CatalogError)
  {
    let statement = try connection.prepare(
      "SELECT group_by, locale FROM groupings WHERE collection_id = ?")
    try statement.bind(.integer(collectionID))
    while try statement.step() {
      try log(
        .reload(
          version: version, collection: name,
          grouping: Grouping(storedColumn: statement.text(at: 0)), locale: statement.text(at: 1)))
    }
  }

  /// The change sets of the writes after `version` to one list, in order. When the log no longer
  /// holds every version since then, or the list was built after it, the first is a reload at the
  /// current version.
  public func changeSets(
    since version: Int, collection: String, grouping: Grouping, locale: String
  ) throws(CatalogError) -> [ChangeSet] {
    try changeSets(
      since: version, collection: collection, grouping: grouping, locale: locale,
      through: connection)
  }

  /// The same, read through `connection` (a snapshot's), up to the version it sees.
  package func changeSets(
    since version: Int, collection: String, grouping: Grouping, locale: String,
    through connection: any DatabaseConnection
  ) throws(CatalogError) -> [ChangeSet] {
    let state = try connection.cached(
      "SELECT version, first_logged_version FROM catalog_state")
    _ = try state.step()
    let current = state.int(at: 0)
    let firstLogged = state.int(at: 1)
    state.reset()
    guard version < current else { return [] }
    let built = try connection.cached(
      """
      SELECT g.built_version FROM groupings g JOIN collections c ON c.id = g.collection_id
      WHERE c.name = ? AND g.group_by = ? AND g.locale = ?
      """
    ).bind(.text(collection), .text(grouping.storedColumn), .text(locale)).stepInteger()
    if version + 1 < firstLogged || version < built {
      return [.reload(version: current, collection: collection, grouping: grouping, locale: locale)]
    }
    let statement = try connection.prepare(
      """
      SELECT change_set FROM change_sets
      WHERE version > ? AND collection = ? AND group_by = ? AND locale = ? ORDER BY version
      """)
    try statement.bind(
      .integer(version), .text(collection), .text(grouping.storedColumn), .text(locale))
    var changeSets: [ChangeSet] = []
    while try statement.step() {
      guard let changeSet = ChangeSet(jsonText: statement.text(at: 0)) else {
        throw .damagedChangeLog(path: path, version: version)
      }
      changeSets.append(changeSet)
    }
    return changeSets
  }
}
