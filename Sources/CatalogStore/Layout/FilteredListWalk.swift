import CatalogCollation

/// A search's rows found by reading the list in order from where its matches start
/// (`SearchStarts`) and keeping the rows whose items match (`SearchPlan.walkingByMatchedItems`,
/// `.walkingByKeys`): the first page costs the rows read until it is full, about `limit × rows /
/// matches` where they are spread evenly, however many match; each row's offset is counted from
/// the start's.
final class FilteredListWalk {
  /// How a row's item is known to match.
  enum Test {
    /// Its number is among these, read from the search keys.
    case matchedItems(Set<Int>)
    /// One of the search keys made from its title and sort-as value (as the search index's own
    /// are) is in the range.
    case searchKeys(SearchKeyMaker, SortAsSource, SearchKeyRange)
  }

  private let reader: ListReader
  private let collectionID: Int
  private let test: Test
  /// The matched items not returned yet (`matchedItems`): none left means no later row matches.
  private var unreturned: Int?
  /// Rows still to return (the limit).
  private var remaining: Int
  /// Where the next batch starts, with its offset; nil after the list's last row.
  private var batchStart: (key: [UInt8], offset: Int)?
  private var batchSize: Int
  private var found: [StoredRow] = []
  private var position = 0
  private let statement: any DatabaseStatement
  /// How many of the list's rows were read.
  private(set) var rowsRead = 0
  /// The most rows a batch reads: with their items (`searchKeys`), or without.
  private let largestBatch: Int

  /// A walk from the row `start` (or the first after it), at `start.offset`, that expects to
  /// read about `expectedRows` rows before it has returned `limit`.
  init(
    reader: ListReader, collectionID: Int, test: Test, from start: (key: [UInt8], offset: Int),
    limit: Int?, expectedRows: Int
  ) throws(CatalogError) {
    self.reader = reader
    self.collectionID = collectionID
    self.test = test
    remaining = limit ?? Int.max
    batchStart = start
    switch test {
    case .matchedItems(let items):
      unreturned = items.count
      largestBatch = 4096
      statement = try reader.connection.prepare(
        "SELECT key, item FROM rows WHERE grouping_id = ? AND key >= ? ORDER BY key LIMIT ?")
    case .searchKeys:
      largestBatch = 512
      statement = try reader.connection.prepare(
        """
        SELECT r.key, r.item, i.title, i.fields
        FROM rows r JOIN items i ON i.collection_id = ?1 AND i.item = r.item
        WHERE r.grouping_id = ?2 AND r.key >= ?3
        ORDER BY r.key LIMIT ?4
        """)
    }
    // A little more than expected, so that a first page usually takes one batch; no more than
    // 64 rows with their items first, as a count stopped at its cap expects too many.
    batchSize = min(largestBatch, max(32, expectedRows + expectedRows / 4))
    if case .searchKeys = test { batchSize = min(batchSize, 64) }
  }

  /// The next row found, or nil after the last.
  func next() throws(CatalogError) -> StoredRow? {
    while position == found.count {
      guard remaining > 0, unreturned != 0, let start = batchStart else { return nil }
      found.removeAll(keepingCapacity: true)
      position = 0
      try readBatch(from: start)
    }
    defer { position += 1 }
    remaining -= 1
    return found[position]
  }

  /// Reads the batch of rows from `start`, keeping those that match, at most `remaining`.
  private func readBatch(from start: (key: [UInt8], offset: Int)) throws(CatalogError) {
    var bounds: [SQLValue] = [.integer(reader.listID), .blob(start.key), .integer(batchSize)]
    if case .searchKeys = test { bounds.insert(.integer(collectionID), at: 0) }
    try statement.bind(bounds)
    var offset = start.offset
    var lastKey: [UInt8] = []
    var matched: [(key: [UInt8], item: Int, offset: Int)] = []
    while try statement.step() {
      let key = statement.blobBytes(at: 0)
      lastKey.removeAll(keepingCapacity: true)
      lastKey.append(contentsOf: key)
      defer { offset += 1 }
      guard found.count + matched.count < remaining else { continue }
      let item = statement.int(at: 1)
      switch test {
      case .matchedItems(let items):
        if items.contains(item) { matched.append((lastKey, item, offset)) }
      case .searchKeys(let maker, let sortAs, let range):
        // The title column is the title field; the fields are read only when needed.
        let title = statement.text(at: 2)
        let fields = sortAs.columnIndices.isEmpty ? nil : statement.stringArray(at: 3)
        let texts = fields.map(sortAs.searchTexts(in:)) ?? (title: title, sortAs: nil)
        var matches = false
        maker.forEachKey(title: texts.title, sortAs: texts.sortAs) { key in
          if !matches, range.contains(key) { matches = true }
        }
        if matches {
          found.append(
            StoredRow(
              offset: offset, key: lastKey, item: item, title: title,
              fields: fields ?? statement.stringArray(at: 3)))
        }
      }
    }
    statement.reset()
    let read = offset - start.offset
    rowsRead += read
    // The least key after the last one read is that key followed by a zero byte.
    batchStart = read < batchSize ? nil : (lastKey + [0], offset)
    batchSize = min(largestBatch, batchSize * 2)
    for row in matched {
      let item = try reader.connection.cached(
        "SELECT title, fields FROM items WHERE collection_id = ? AND item = ?"
      ).bind(.integer(collectionID), .integer(row.item))
      guard try item.step() else {
        throw .damagedList(listID: reader.listID, reason: "a row's item is missing")
      }
      found.append(
        StoredRow(
          offset: row.offset, key: row.key, item: row.item, title: item.text(at: 0),
          fields: item.stringArray(at: 1)))
      item.reset()
    }
    unreturned? -= matched.count
  }
}
