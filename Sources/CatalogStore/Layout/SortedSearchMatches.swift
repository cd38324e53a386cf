import CatalogCollation
import Synchronization

/// A search's rows found from its matches (`SearchPlan.sortingMatches`): the matching items come
/// from the search keys, each is keyed for the list by the same function that files it
/// (`RowKeyMaker`) into a temporary table, and read back in key order joined to their items, so
/// memory stays flat however many match. Each row's offset is counted from the previous one's
/// when they are close, else found from the list's counts.
///
/// Its first row costs ICU work for every match: the plan for searches that find few items, or
/// that read them all.
final class SortedSearchMatches {
  private let reader: ListReader
  private let table: String
  private let rows: any DatabaseStatement
  private var previous: (key: [UInt8], offset: Int)?
  private var isDone = false
  /// How many matches were keyed for the list.
  private(set) var matchesKeyed = 0
  /// Numbers the temporary tables of searches, unique in the process.
  private static let tablesMade = Mutex(0)

  init(
    reader: ListReader, matches: SearchKeyRange, collection: CollectionInfo, grouping: Grouping,
    collation: Collation, limit: Int?
  ) throws(CatalogError) {
    self.reader = reader
    let connection = reader.connection
    table = "search_results_\(Self.tablesMade.withLock { $0 += 1; return $0 })"
    try connection.execute(
      """
      CREATE TEMP TABLE \(table) (key \(connection.traits.blobType) PRIMARY KEY,
        item INTEGER NOT NULL)
      """)
    let keys = try RowKeyMaker(collection: collection, lists: [(grouping, collation, [])])
    let items = try connection.prepare(
      """
      SELECT i.item, i.fields FROM items i
      WHERE i.collection_id = ?1 AND i.item IN (
        SELECT item FROM search_keys WHERE search_index_id = ?2 AND \(matches.condition(from: 3)))
      """)
    try items.bind([.integer(collection.id), .integer(matches.searchIndexID)] + matches.bounds)
    // In bulk, a batch at a time: one statement per match was a round trip per match on
    // PostgreSQL (17 s for the 300,000 of a one-letter search of a million items).
    let insert = try BufferedInsert(
      connection: connection, into: table, columns: ["key", "item"], capacity: 1024)
    var rowKey: [UInt8] = []
    while try items.step() {
      let item = items.int(at: 0)
      let fields = items.stringArray(at: 1)
      keys.key(fields: fields)
      rowKey.removeAll(keepingCapacity: true)
      _ = keys.appendRowKey(list: 0, item: item, fields: fields, to: &rowKey)
      try insert.append(.blob(rowKey), .integer(item))
      matchesKeyed += 1
    }
    try insert.flush()
    rows = try connection.prepare(
      """
      SELECT s.key, i.item, i.title, i.fields
      FROM \(table) s JOIN items i ON i.collection_id = ?1 AND i.item = s.item
      ORDER BY s.key LIMIT ?2
      """)
    try rows.bind(.integer(collection.id), .integer(limit ?? Int.max))
  }

  deinit {
    rows.reset()
    try? reader.connection.execute("DROP TABLE IF EXISTS \(table)")
  }

  /// The next row found, or nil after the last.
  func next() throws(CatalogError) -> StoredRow? {
    guard !isDone else { return nil }
    guard try rows.step() else {
      isDone = true
      rows.reset()
      return nil
    }
    let key = rows.blob(at: 0)
    let offset = try offset(of: key)
    previous = (key, offset)
    return StoredRow(
      offset: offset, key: key, item: rows.int(at: 1), title: rows.text(at: 2),
      fields: rows.stringArray(at: 3))
  }

  /// The offset of a row after the previous one: counted from it when few rows lie between.
  private func offset(of key: [UInt8]) throws(CatalogError) -> Int {
    if let previous {
      let between = try reader.connection.cached(
        """
        SELECT count(*) FROM (SELECT 1 FROM rows
          WHERE grouping_id = ? AND key >= ? AND key < ? LIMIT ?) AS near
        """
      ).bind(
        .integer(reader.listID), .blob(previous.key), .blob(key),
        .integer(BlockTree.Shape.standard.maximumBlockSize)
      ).stepInteger()
      if between < BlockTree.Shape.standard.maximumBlockSize { return previous.offset + between }
    }
    return try reader.offset(ofRow: key)
  }
}
