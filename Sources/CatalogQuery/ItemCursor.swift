import CatalogStore

/// Items of a list in list order over a range of rows, read a batch at a time by row key, so
/// memory stays flat and a deep page costs what the first does.
public final class ItemCursor: Cursor {
  private let rows: StoredRowCursor
  private var sections: SectionTracker

  /// The number of batches read so far; lets tests see that a cursor does not read all at once.
  public var batchesRead: Int { rows.batchesRead }

  init(list: IndexedList, rows: Range<Int>) throws(CatalogError) {
    self.rows = try list.reader.rows(rows, collectionID: list.collection.id)
    sections = SectionTracker(list: list)
  }

  public func next() throws -> ListItem? {
    guard let row = try rows.next() else { return nil }
    return try sections.item(row, offset: row.offset)
  }
}
