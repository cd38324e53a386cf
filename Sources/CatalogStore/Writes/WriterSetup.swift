import CatalogCollation

/// What writing a collection's items needs that is costly to make (ICU collators, alphabetic
/// indexes, break iterators, transliterators) and that stays the same from one write to the
/// next: the keys of its lists and search indexes. A catalog keeps the last one per collection
/// and makes it again when the collection's settings, lists or search indexes change.
final class WriterSetup {
  /// One stored list of the collection.
  struct List {
    let groupingID: Int
    let grouping: Grouping
    let collation: Collation
    let indexColumns: [String]
  }

  let keys: ItemKeyMaker
  let lists: [List]
  let searches: [SearchIndexWriter]
  /// What the setup was made for; a different signature needs a new one.
  let signature: String

  init(keys: ItemKeyMaker, lists: [List], searches: [SearchIndexWriter], signature: String) {
    self.keys = keys
    self.lists = lists
    self.searches = searches
    self.signature = signature
  }
}

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
    var lists: [WriterSetup.List] = []
    for stored in try storedGroupings(ofCollection: collection.id) {
      let listCollation = try collation(for: stored.locale)
      let id = try groupingID(stored.grouping, of: collection, collation: listCollation) {}
      lists.append(
        WriterSetup.List(
          groupingID: id, grouping: stored.grouping, collation: listCollation,
          indexColumns: try indexColumns(ofGrouping: id)))
    }
    var searches: [SearchIndexWriter] = []
    for index in try storedSearchIndexes(ofCollection: collection.id) {
      let searchCollation = try collation(for: index.locale)
      searches.append(
        try SearchIndexWriter(
          id: try searchIndexID(of: collection, collation: searchCollation) {},
          collection: collection, collation: searchCollation, connection: connection))
    }
    let setup = WriterSetup(
      keys: try ItemKeyMaker(
        collection: collection, lists: lists.map { ($0.grouping, $0.collation, $0.indexColumns) }),
      lists: lists, searches: searches,
      // Building a missing or stale list above changed what it was made from.
      signature: try listsSignature(of: collection))
    writerSetups[collection.id] = setup
    return setup
  }

  /// Everything a writer setup is made from, as one string read with one statement: the
  /// collection's settings, its lists with their versions and index columns, and its search
  /// indexes.
  private func listsSignature(of collection: CollectionInfo) throws(CatalogError) -> String {
    let statement = try connection.cached(
      """
      SELECT c.columns || ' ' || c.title_column || ' ' || c.sort_as || ' '
        || coalesce(c.key_column, '') || ' ' || c.names || ' ' || c.ignores_articles
      FROM collections c WHERE c.id = ?1
      UNION ALL
      SELECT * FROM (
        SELECT g.id || ' ' || g.group_by || ' ' || g.locale || ' ' || g.icu_version || ' '
          || g.collator_version || ' ' || coalesce(i.index_by, '')
        FROM groupings g LEFT JOIN index_columns i ON i.grouping_id = g.id
        WHERE g.collection_id = ?1 ORDER BY g.id, i.index_by) AS lists
      UNION ALL
      SELECT * FROM (
        SELECT 'search ' || id || ' ' || locale || ' ' || icu_version || ' ' || collator_version
        FROM search_indexes WHERE collection_id = ?1 ORDER BY id) AS searches
      """)
    try statement.bind(.integer(collection.id))
    defer { statement.reset() }
    var parts: [String] = []
    while try statement.step() { parts.append(statement.text(at: 0)) }
    return parts.joined(separator: "\n")
  }
}
