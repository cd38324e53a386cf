import CatalogStore

/// The items a search finds, in list order, with their rows and sections.
public final class SearchCursor: Cursor {
  private let rows: StoredSearchCursor
  private var sections: SectionTracker

  init(list: IndexedList, rows: StoredSearchCursor) {
    self.rows = rows
    sections = SectionTracker(list: list)
  }

  public func next() throws -> ListItem? {
    guard let row = try rows.next() else { return nil }
    return try sections.item(row, offset: row.offset)
  }
}
