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
    var lists: [WriterSetup.List] = []
    for stored in try storedGroupings(ofCollection: collection.id) {
      let listCollation = try collation(for: stored.locale)
      let id = try groupingID(stored.grouping, of: collection, collation: listCollation) {}
      lists.append(
        WriterSetup.List(
          groupingID: id, grouping: stored.grouping, collation: listCollation,
          indexColumns: try indexColumns(ofGrouping: id)))
    }
    var searchIndexes: [(id: Int, collation: Collation)] = []
    for index in try storedSearchIndexes(ofCollection: collection.id) {
      let searchCollation = try collation(for: index.locale)
      searchIndexes.append(
        (try searchIndexID(of: collection, collation: searchCollation) {}, searchCollation))
    }
    let signature = [
      "\(collection.id)", JSONText.array(collection.columns), collection.titleColumn,
      JSONText.array(collection.sortAs), collection.keyColumn ?? "",
      "\(collection.sortingOptions)",
      lists.map { "\($0.groupingID) \($0.grouping) \($0.collation.locale) \($0.indexColumns)" }
        .joined(separator: ";"),
      searchIndexes.map { "\($0.id) \($0.collation.locale)" }.joined(separator: ";"),
    ].joined(separator: "|")
    if let cached = writerSetups[collection.id], cached.signature == signature { return cached }
    var searches: [SearchIndexWriter] = []
    for index in searchIndexes {
      searches.append(
        try SearchIndexWriter(
          id: index.id, collection: collection, collation: index.collation,
          connection: connection))
    }
    let setup = WriterSetup(
      keys: try ItemKeyMaker(
        collection: collection, lists: lists.map { ($0.grouping, $0.collation, $0.indexColumns) }),
      lists: lists, searches: searches, signature: signature)
    writerSetups[collection.id] = setup
    return setup
  }
}
