import CatalogStore

/// Items of a list in list order over a range of rows, read a batch at a time with keyset
/// paging on the row number, so memory stays flat and a deep page costs what the first does.
public final class ItemCursor: Cursor {
  private let list: IndexedList
  private let statement: Statement
  private var nextRow: Int
  private let endRow: Int
  private var batch: [ListItem] = []
  private var batchPosition = 0
  private var sections: SectionTracker
  static let batchSize = 512

  /// The number of batches read so far; lets tests see that a cursor does not read all at once.
  public private(set) var batchesRead = 0

  init(list: IndexedList, rows: Range<Int>) throws(CatalogError) {
    self.list = list
    nextRow = rows.lowerBound
    endRow = rows.upperBound
    sections = SectionTracker(list: list)
    statement = try list.catalog.connection.prepare(
      """
      SELECT r.id - ?2, i.item, i.title, i.fields
      FROM rows r JOIN items i ON i.collection_id = ?1 AND i.item = r.item
      WHERE r.id >= ?2 + ?3 AND r.id < ?2 + ?4
      ORDER BY r.id
      LIMIT ?5
      """)
  }

  public func next() throws -> ListItem? {
    if batchPosition == batch.count {
      guard nextRow < endRow else { return nil }
      try fetchBatch()
      guard !batch.isEmpty else { return nil }
    }
    defer { batchPosition += 1 }
    return batch[batchPosition]
  }

  private func fetchBatch() throws {
    try statement.bind(
      .integer(list.collection.id), .integer(list.firstRowID), .integer(nextRow),
      .integer(endRow), .integer(Self.batchSize))
    batch.removeAll(keepingCapacity: true)
    batchPosition = 0
    batchesRead += 1
    while try statement.step() {
      batch.append(try sections.item(from: statement))
    }
    nextRow = batch.isEmpty ? endRow : batch[batch.count - 1].row + 1
  }
}
