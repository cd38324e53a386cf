import CatalogCollation

/// Builders for some groupings of one collection, and the keyer that feeds them every item.
///
/// Used by the import, and to build a grouping from the stored items when a query asks for one
/// that is missing or was keyed by another ICU.
struct GroupingBuild {
  let keyer: ItemKeyer
  let builders: [GroupingBuilder]

  /// Makes or empties the groupings' rows and makes their builders. Runs inside a transaction.
  init(
    catalog: Catalog, collectionID: Int, columns: [String], titleColumn: String,
    sortAs: [String], targets: [(Grouping, Collation)]
  ) throws(CatalogError) {
    var builders: [GroupingBuilder] = []
    for (grouping, collation) in targets {
      let id = try catalog.resetGrouping(
        collectionID: collectionID, grouping: grouping, collation: collation)
      builders.append(
        try GroupingBuilder(
          groupingID: id, grouping: grouping, collation: collation,
          connection: catalog.connection))
    }
    self.builders = builders
    keyer = ItemKeyer(
      titleIndex: columns.firstIndex(of: titleColumn)!,
      sortAsIndices: sortAs.map { columns.firstIndex(of: $0)! },
      targets: targets.map { grouping, collation in
        ItemKeyer.Target(
          collation: collation, columnIndex: grouping.column.map { columns.firstIndex(of: $0)! })
      })
  }

  /// Adds a keyed item to every grouping.
  func add(_ keyed: KeyedItem) throws(CatalogError) {
    for (builder, entry) in zip(builders, keyed.entries) {
      try builder.add(item: keyed.item, entry: entry)
    }
  }

  /// Keys the items already stored for the collection and adds them, in item order.
  func addStoredItems(of collectionID: Int, connection: Connection) throws(CatalogError) {
    let statement = try connection.prepare(
      "SELECT item, fields FROM items WHERE collection_id = ? ORDER BY item")
    try statement.bind(.integer(collectionID))
    while try statement.step() {
      let fields = JSONText.decodeStringArray(statement.text(at: 1)) ?? []
      try add(keyer.key(item: statement.int(at: 0), fields: fields))
    }
  }

  /// Writes every grouping's rows and sections; returns their section counts.
  func finish() throws(CatalogError) -> [Int] {
    var counts: [Int] = []
    for builder in builders { counts.append(try builder.finish()) }
    return counts
  }
}

extension Catalog {
  /// Makes the grouping row, or empties an existing one, recording the versions of `collation`.
  fileprivate func resetGrouping(collectionID: Int, grouping: Grouping, collation: Collation)
    throws(CatalogError) -> Int
  {
    let statement = try connection.prepare(
      """
      INSERT INTO groupings (collection_id, group_by, locale, icu_version, collator_version)
      VALUES (?1, ?2, ?3, ?4, ?5)
      ON CONFLICT (collection_id, group_by, locale)
      DO UPDATE SET icu_version = ?4, collator_version = ?5, has_search_keys = 0
      RETURNING id
      """)
    try statement.bind(
      .integer(collectionID), .text(grouping.storedColumn), .text(collation.locale.identifier),
      .text(collation.version.icu), .text(collation.version.collator))
    _ = try statement.step()
    let id = statement.int(at: 0)
    try statement.run()
    for table in ["rows", "sections", "section_titles", "search_keys"] {
      try connection.prepare("DELETE FROM \(table) WHERE grouping_id = ?").bind(.integer(id)).run()
    }
    return id
  }
}
