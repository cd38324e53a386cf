/// Reads one stored list: where its sections and rows are, and its sections and rows in order
/// from any position, from the keys and counts the layout keeps (DESIGN §5). Finding a position
/// costs O(log n); reading on from it costs what it returns.
///
/// Reads through the connection it is given, which a list keeps in one read snapshot so that
/// every answer describes the same version.
package final class ListReader {
  package let listID: Int
  let connection: any DatabaseConnection
  let tree: BlockTree

  package init(connection: any DatabaseConnection, listID: Int) {
    self.connection = connection
    self.listID = listID
    tree = BlockTree(connection: connection, listID: listID)
  }

  /// Whether the search index `id` is there in what the reader reads: not in a snapshot that
  /// began before it was built.
  package func seesSearchIndex(_ id: Int) throws(CatalogError) -> Bool {
    try connection.cached("SELECT count(*) FROM search_indexes WHERE id = ?")
      .bind(.integer(id)).stepInteger() == 1
  }

  /// The numbers of rows and sections.
  package func totals() throws(CatalogError) -> (rows: Int, sections: Int) {
    let totals = try tree.totals()
    return (totals.rows, totals.sections)
  }

  /// The key of the row at `offset`, or nil outside the list.
  package func rowKey(at offset: Int) throws(CatalogError) -> [UInt8]? {
    try tree.key(at: offset, of: .row)
  }

  /// The index and first row of the section with this key, which must be stored.
  package func position(ofSection key: [UInt8]) throws(CatalogError) -> (index: Int, firstRow: Int)
  {
    let before = try tree.countsBefore(key)
    return (before.sections, before.rows)
  }

  /// The offset of the row with this key, which must be stored.
  package func offset(ofRow key: [UInt8]) throws(CatalogError) -> Int {
    try tree.countsBefore(key).rows
  }

  /// The sections in order from the one at `index`.
  ///
  /// - Parameter indexBy: the index column whose most frequent value is each section's index
  ///   title; nil for the letter of its heading.
  package func sections(from index: Int, indexBy: String?) throws(CatalogError)
    -> StoredSectionCursor
  {
    guard let key = try tree.key(at: index, of: .section) else {
      return try StoredSectionCursor(reader: self, from: nil, indexBy: indexBy)
    }
    let start = try position(ofSection: key)
    return try StoredSectionCursor(
      reader: self, from: (key, start.index, start.firstRow), indexBy: indexBy)
  }

  /// The stored section with this key, with its position; nil when there is none.
  package func section(withKey key: [UInt8], indexBy: String?) throws(CatalogError)
    -> StoredSection?
  {
    let exists = try connection.cached(
      "SELECT count(*) FROM sections WHERE grouping_id = ? AND key = ?"
    ).bind(.integer(listID), .blob(key)).stepInteger()
    guard exists == 1 else { return nil }
    let start = try position(ofSection: key)
    return try StoredSectionCursor(
      reader: self, from: (key, start.index, start.firstRow), indexBy: indexBy
    ).next()
  }

  /// The rows `offsets` in order, with their items.
  package func rows(_ offsets: Range<Int>, collectionID: Int) throws(CatalogError)
    -> StoredRowCursor
  {
    let start = offsets.isEmpty ? nil : try rowKey(at: offsets.lowerBound)
    return try StoredRowCursor(
      reader: self, collectionID: collectionID, start: start.map { ($0, offsets.lowerBound) },
      count: offsets.count)
  }
}

/// A stored section, with its place in the list.
package struct StoredSection: Sendable, Equatable {
  package let key: [UInt8]
  package let index: Int
  package let firstRow: Int
  package let heading: String
  package let letter: String
  package let count: Int
  /// The index title from the list's index column; nil without one.
  package let indexTitle: String?
}

/// Sections of a list in key order from a given one, a batch at a time.
package final class StoredSectionCursor {
  private let reader: ListReader
  private let statement: any DatabaseStatement
  private let indexBy: String?
  private var batchStart: (key: [UInt8], index: Int, firstRow: Int)?
  private var batch: [StoredSection] = []
  private var position = 0
  private static let batchSize = 256

  init(
    reader: ListReader, from start: (key: [UInt8], index: Int, firstRow: Int)?, indexBy: String?
  ) throws(CatalogError) {
    self.reader = reader
    self.indexBy = indexBy
    batchStart = start
    statement = try reader.connection.prepare(
      """
      SELECT s.key, s.heading, s.letter, s.item_count, (
        SELECT v.value FROM section_values v
        WHERE v.grouping_id = s.grouping_id AND v.column_name = ?1 AND v.section = s.key
        ORDER BY v.count DESC, v.sort_key, v.value LIMIT 1)
      FROM sections s WHERE s.grouping_id = ?2 AND s.key >= ?3
      ORDER BY s.key LIMIT ?4
      """)
  }

  /// The next section, or nil after the last.
  package func next() throws(CatalogError) -> StoredSection? {
    if position == batch.count {
      guard let start = batchStart else { return nil }
      try statement.bind(
        indexBy.map(SQLValue.text) ?? .null, .integer(reader.listID), .blob(start.key),
        .integer(Self.batchSize))
      batch.removeAll(keepingCapacity: true)
      position = 0
      var index = start.index
      var firstRow = start.firstRow
      while try statement.step() {
        let count = statement.int(at: 3)
        batch.append(
          StoredSection(
            key: statement.blob(at: 0), index: index, firstRow: firstRow,
            heading: statement.text(at: 1), letter: statement.text(at: 2), count: count,
            indexTitle: indexBy == nil ? nil : statement.optionalText(at: 4) ?? ""))
        index += 1
        firstRow += count
      }
      statement.reset()
      // The least key after the last one read is that key followed by a zero byte.
      batchStart =
        batch.count < Self.batchSize ? nil : batch.last.map { ($0.key + [0], index, firstRow) }
      guard !batch.isEmpty else { return nil }
    }
    defer { position += 1 }
    return batch[position]
  }
}

/// A stored row with its item.
package struct StoredRow: Sendable {
  package let offset: Int
  package let key: [UInt8]
  package let item: Int
  package let title: String
  package let fields: [String]

  /// The key of the row's section.
  package var sectionKey: [UInt8] { ListKey.section(ofRow: key) }
}

/// Rows of a list in order with their items, a batch at a time, by key: a deep page costs what
/// the first does.
package final class StoredRowCursor {
  private let reader: ListReader
  private let statement: any DatabaseStatement
  private let collectionID: Int
  private var batchStart: (key: [UInt8], offset: Int)?
  private var remaining: Int
  private var batch: [StoredRow] = []
  private var position = 0
  static let batchSize = 512
  /// How many batches were read: lets tests see that a cursor does not read everything at once.
  package private(set) var batchesRead = 0

  init(reader: ListReader, collectionID: Int, start: ([UInt8], Int)?, count: Int)
    throws(CatalogError)
  {
    self.reader = reader
    self.collectionID = collectionID
    batchStart = start
    remaining = count
    statement = try reader.connection.prepare(
      """
      SELECT r.key, r.item, i.title, i.fields
      FROM rows r JOIN items i ON i.collection_id = ?1 AND i.item = r.item
      WHERE r.grouping_id = ?2 AND r.key >= ?3
      ORDER BY r.key LIMIT ?4
      """)
  }

  /// The next row, or nil after the last.
  package func next() throws(CatalogError) -> StoredRow? {
    if position == batch.count {
      guard let start = batchStart, remaining > 0 else { return nil }
      let limit = min(remaining, Self.batchSize)
      try statement.bind(
        .integer(collectionID), .integer(reader.listID), .blob(start.key), .integer(limit))
      batch.removeAll(keepingCapacity: true)
      position = 0
      batchesRead += 1
      var offset = start.offset
      while try statement.step() {
        batch.append(
          StoredRow(
            offset: offset, key: statement.blob(at: 0), item: statement.int(at: 1),
            title: statement.text(at: 2),
            fields: statement.stringArray(at: 3)))
        offset += 1
      }
      statement.reset()
      remaining -= batch.count
      batchStart = batch.count < limit ? nil : batch.last.map { ($0.key + [0], offset) }
      guard !batch.isEmpty else { return nil }
    }
    defer { position += 1 }
    return batch[position]
  }
}
