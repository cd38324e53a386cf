import CatalogCollation
import Synchronization

extension ListReader {
  /// The rows of the items whose search keys (in the search index `searchIndexID`) start with
  /// `key`, in list order, at most `limit` of them.
  package func search(
    searchIndexID: Int, key: [UInt8], collection: CollectionInfo, grouping: Grouping,
    collation: Collation, limit: Int?
  ) throws(CatalogError) -> StoredSearchCursor {
    try StoredSearchCursor(
      reader: self, searchIndexID: searchIndexID, key: key, collection: collection,
      grouping: grouping, collation: collation, limit: limit)
  }
}

/// The rows a search finds, in list order: the matching items come from the search keys, each
/// is keyed for the list by the same function that files it (`ItemKeyMaker`) into a temporary
/// table, and read back in key order joined to their items, so memory stays flat however many
/// match. Each row's offset is counted from the previous one's when they are close, else found
/// from the list's counts.
package final class StoredSearchCursor {
  private let reader: ListReader
  private let table: String
  private let rows: any DatabaseStatement
  private var previous: (key: [UInt8], offset: Int)?
  private var isDone = false
  /// Numbers the temporary tables of searches, unique in the process.
  private static let tablesMade = Mutex(0)

  init(
    reader: ListReader, searchIndexID: Int, key: [UInt8], collection: CollectionInfo,
    grouping: Grouping, collation: Collation, limit: Int?
  ) throws(CatalogError) {
    self.reader = reader
    let connection = reader.connection
    table = "search_results_\(Self.tablesMade.withLock { $0 += 1; return $0 })"
    try connection.execute(
      """
      CREATE TEMP TABLE \(table) (key \(connection.dialect.blobType) PRIMARY KEY,
        item INTEGER NOT NULL)
      """)
    let keys = try ItemKeyMaker(collection: collection, lists: [(grouping, collation, [])])
    // The upper bound is in the condition only when there is one: behind `OR ?4 IS NULL` it kept
    // SQLite from ending the scan of the index there, and a search read every key after its
    // own (0.15 s of a million items' three million keys for a search beginning with a digit).
    let successor = Self.successor(of: key)
    let matches = try connection.prepare(
      """
      SELECT i.item, i.fields FROM items i
      WHERE i.collection_id = ?1 AND i.item IN (
        SELECT item FROM search_keys
        WHERE search_index_id = ?2 AND key >= ?3\(successor == nil ? "" : " AND key < ?4"))
      """)
    try matches.bind(
      [.integer(collection.id), .integer(searchIndexID), .blob(key)]
        + (successor.map { [.blob($0)] } ?? []))
    // In bulk, a batch at a time: one statement per match was a round trip per match on
    // PostgreSQL (17 s for the 300,000 of a one-letter search of a million items).
    let insert = try BufferedInsert(
      connection: connection, into: table, columns: ["key", "item"], capacity: 1024)
    var rowKey: [UInt8] = []
    while try matches.step() {
      let item = matches.int(at: 0)
      let fields = matches.stringArray(at: 1)
      keys.key(fields: fields)
      rowKey.removeAll(keepingCapacity: true)
      _ = keys.appendRowKey(list: 0, item: item, fields: fields, to: &rowKey)
      try insert.append(.blob(rowKey), .integer(item))
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
  package func next() throws(CatalogError) -> StoredRow? {
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
        .integer(reader.groupingID), .blob(previous.key), .blob(key),
        .integer(BlockTree.Shape.standard.maximumBlockSize)
      ).stepInteger()
      if between < BlockTree.Shape.standard.maximumBlockSize { return previous.offset + between }
    }
    return try reader.offset(ofRow: key)
  }

  /// The smallest key greater than every key that starts with `key`, or nil when there is none
  /// (all bytes 0xFF).
  static func successor(of key: [UInt8]) -> [UInt8]? {
    var successor = key
    while let last = successor.last {
      if last < 0xFF {
        successor[successor.count - 1] = last + 1
        return successor
      }
      successor.removeLast()
    }
    return nil
  }
}
