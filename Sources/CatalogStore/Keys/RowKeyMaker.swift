import CatalogCollation

/// Makes an item's keys in each list of its collection that is kept: the key of its row (its
/// section, its sort key, its number) and the values its section tallies (the grouping column's
/// spelling, the index columns' values). An import, a rebuild and a single write all key items
/// here, so that a list written item by item equals the same items imported at once (DESIGN §9).
///
/// Reuses its buffers from item to item; used by one thread at a time.
final class RowKeyMaker {
  /// One list being kept: where its items file, in which of the keyer's collations, and where
  /// its index columns are.
  struct List {
    let grouping: Grouping
    let filer: SectionFiler
    let collationIndex: Int
    let indexColumnPositions: [Int]
  }

  let keyer: SortKeyMaker
  let lists: [List]

  /// Keys for `lists` (each a grouping, its collation and its index columns) of a collection with
  /// these columns, title and sort-as columns, all of which must be among `columns`.
  init(
    columns: [String], titleColumn: String, sortAs: [String], sortingOptions: SortingOptions,
    lists: [(grouping: Grouping, collation: Collation, indexColumns: [String])]
  ) throws(CatalogError) {
    var collations: [Collation] = []
    for list in lists where !collations.contains(where: { $0 === list.collation }) {
      collations.append(list.collation)
    }
    func position(_ column: String) -> Int { columns.firstIndex(of: column)! }
    self.lists = lists.map { list in
      List(
        grouping: list.grouping,
        filer: SectionFiler(
          collation: list.collation, columnIndex: list.grouping.column.map(position)),
        collationIndex: collations.firstIndex { $0 === list.collation }!,
        indexColumnPositions: list.indexColumns.map(position))
    }
    let lists = self.lists
    keyer = try SortKeyMaker(
      sortAs: SortAsSource(titleIndex: position(titleColumn), columnIndices: sortAs.map(position)),
      collations: collations, sortingOptions: sortingOptions,
      needsLetters: collations.indices.map { index in
        lists.contains { $0.collationIndex == index && $0.grouping == .letters }
      })
  }

  /// Keys for `lists` of a stored collection.
  convenience init(
    collection: CollectionInfo,
    lists: [(grouping: Grouping, collation: Collation, indexColumns: [String])]
  ) throws(CatalogError) {
    try self.init(
      columns: collection.columns, titleColumn: collection.titleColumn, sortAs: collection.sortAs,
      sortingOptions: collection.sortingOptions, lists: lists)
  }

  /// Keys the item's sort-as value in each collation: call it first for each item, then
  /// `appendRowKey` or `entry` for each list.
  func key(fields: [String]) {
    keyer.key(fields: fields)
  }

  /// Appends the key of the item's row in list `list` (`ListKey`); returns where it files.
  func appendRowKey(list: Int, item: Int, fields: [String], to key: inout [UInt8])
    -> SectionEntry
  {
    let list = lists[list]
    let section = list.filer.file(
      fields: fields, letterPosition: keyer.letterPositions[list.collationIndex])
    ListKey.appendSection(section, to: &key)
    ListKey.appendRow(sortKey: keyer.sortKeys[list.collationIndex], item: item, to: &key)
    return section
  }

  /// The item's entry in list `list`, for a single write.
  func entry(list: Int, item: Int, fields: [String]) -> ListEntry {
    var key: [UInt8] = []
    let section = appendRowKey(list: list, item: item, fields: fields, to: &key)
    var spelling: String?
    if case .value(_, let value) = section { spelling = String(value) }
    return ListEntry(
      rowKey: key, spelling: spelling,
      indexValues: lists[list].indexColumnPositions.map { String(fields[$0].canonicalValue) })
  }

  /// The item's entries in every list.
  func entries(item: Int, fields: [String]) -> [ListEntry] {
    key(fields: fields)
    return lists.indices.map { entry(list: $0, item: item, fields: fields) }
  }
}
