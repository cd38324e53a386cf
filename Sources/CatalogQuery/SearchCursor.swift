import CatalogStore

/// The items a search finds, in list order, read as one SQLite statement steps: the matching rows
/// are found in the search keys, put in order once, and joined to their items, so a search that
/// finds half the list costs about what listing it does, in flat memory.
public final class SearchCursor: Cursor {
  private let statement: Statement
  private var sections: SectionTracker
  private var isDone = false

  /// Finds the rows with a search key from `key` up to (not including) `successor`, the next key
  /// after every key that starts with `key` (nil: no upper bound).
  init(list: IndexedList, key: [UInt8], successor: [UInt8]?, limit: Int?) throws(CatalogError) {
    sections = SectionTracker(list: list)
    statement = try list.catalog.connection.prepare(
      """
      SELECT m.row, i.item, i.title, i.fields
      FROM (
        SELECT DISTINCT row FROM search_keys
        WHERE grouping_id = ?1 AND key >= ?2 AND (?3 IS NULL OR key < ?3)
      ) m
      JOIN rows r ON r.id = ?4 + m.row
      JOIN items i ON i.collection_id = ?5 AND i.item = r.item
      ORDER BY m.row
      LIMIT ?6
      """)
    try statement.bind(
      .integer(list.groupingID), .blob(key), successor.map(SQLValue.blob) ?? .null,
      .integer(list.firstRowID), .integer(list.collection.id), .integer(limit ?? -1))
  }

  public func next() throws -> ListItem? {
    guard !isDone else { return nil }
    guard try statement.step() else {
      isDone = true
      statement.reset()
      return nil
    }
    return try sections.item(from: statement)
  }
}
