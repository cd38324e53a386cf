import CatalogCollation

extension Catalog {
  /// The collation of a locale, made once per catalog: opening ICU's collators and alphabetic
  /// index takes milliseconds.
  package func collation(for locale: String) throws(CatalogError) -> Collation {
    if let known = collations[locale] { return known }
    let made = try collating { () throws(CollationError) in
      try Collation(locale: CollationLocale(locale))
    }
    collations[locale] = made
    return made
  }

  /// The writer setup of a collection as it is stored now, made again only when its settings,
  /// lists or search indexes changed since the last one. Runs inside the write's transaction.
  func writerSetup(for collection: CollectionInfo) throws(CatalogError) -> WriterSetup {
    let signature = try listsSignature(of: collection)
    if let cached = writerSetups[collection.id], cached.signature == signature { return cached }
    let made = try makeWriterSetup(for: collection)
    writerSetups[collection.id] = made
    return made
  }

  private func makeWriterSetup(for collection: CollectionInfo) throws(CatalogError)
    -> WriterSetup
  {
    var lists: [(id: Int, grouping: Grouping, collation: Collation, indexColumns: [String])] = []
    for stored in try storedLists(ofCollection: collection.id) {
      let listCollation = try collation(for: stored.locale)
      let id = try listID(stored.grouping, of: collection, collation: listCollation) {}
      lists.append((id, stored.grouping, listCollation, try indexColumns(ofList: id)))
    }
    var searches: [SearchIndexWriter] = []
    for index in try storedSearchIndexes(ofCollection: collection.id) {
      let searchCollation = try collation(for: index.locale)
      searches.append(
        try SearchIndexWriter(
          id: try searchIndexID(of: collection, collation: searchCollation) {},
          collection: collection, collation: searchCollation, connection: connection))
    }
    // Building a missing or stale list above changed what it was made from.
    let signature = try listsSignature(of: collection)
    return WriterSetup(
      keys: try RowKeyMaker(
        collection: collection, lists: lists.map { ($0.grouping, $0.collation, $0.indexColumns) }),
      lists: lists.map { list in
        WriterSetup.List(
          listID: list.id, grouping: list.grouping, collation: list.collation,
          indexColumns: list.indexColumns,
          topLevel: signature.topLevels.first { $0.listID == list.id }?.level ?? 0)
      },
      searches: searches, signature: signature)
  }

  /// The setup's signature as the collection is stored now.
  private func listsSignature(of collection: CollectionInfo) throws(CatalogError)
    -> WriterSetup.ListsSignature
  {
    let statement = try connection.cached(
      """
      SELECT c.columns || ' ' || c.title_column || ' ' || c.sort_as || ' '
        || coalesce(c.key_column, '') || ' ' || c.names || ' ' || c.ignores_articles,
        CAST(NULL AS INTEGER), CAST(NULL AS INTEGER)
      FROM collections c WHERE c.id = ?1
      UNION ALL
      SELECT * FROM (
        SELECT g.id || ' ' || g.group_by || ' ' || g.locale || ' ' || g.icu_version || ' '
          || g.collator_version || ' ' || coalesce(i.index_by, ''),
          CAST(NULL AS INTEGER), CAST(NULL AS INTEGER)
        FROM groupings g LEFT JOIN index_columns i ON i.grouping_id = g.id
        WHERE g.collection_id = ?1 ORDER BY g.id, i.index_by) AS lists
      UNION ALL
      SELECT '', g.id, (SELECT coalesce(max(level), 0) FROM row_blocks WHERE grouping_id = g.id)
      FROM groupings g WHERE g.collection_id = ?1
      UNION ALL
      SELECT * FROM (
        SELECT 'search ' || id || ' ' || locale || ' ' || icu_version || ' ' || collator_version,
          CAST(NULL AS INTEGER), CAST(NULL AS INTEGER)
        FROM search_indexes WHERE collection_id = ?1 ORDER BY id) AS searches
      """)
    try statement.bind(.integer(collection.id))
    defer { statement.reset() }
    var signature = WriterSetup.ListsSignature(text: "", topLevels: [])
    while try statement.step() {
      if statement.isNull(at: 1) {
        signature.text += statement.text(at: 0) + "\n"
      } else {
        signature.topLevels.append(
          WriterSetup.TopLevel(listID: statement.int(at: 1), level: statement.int(at: 2)))
      }
    }
    return signature
  }
}
