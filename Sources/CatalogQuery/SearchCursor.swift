import CatalogStore

/// The items a search finds, in list order, with their rows and sections.
public final class SearchCursor: Cursor {
  private let rows: StoredSearchCursor
  private var sections: SectionTracker

  init(list: IndexedList, rows: StoredSearchCursor) {
    self.rows = rows
    sections = SectionTracker(list: list)
  }

  /// The plan that finds the rows.
  package var plan: SearchPlan { rows.plan }

  /// How much the search has read so far (`StoredSearchCursor.rowsRead`).
  package var rowsRead: Int { rows.rowsRead }

  public func next() throws -> ListItem? {
    guard let row = try rows.next() else { return nil }
    return try sections.item(row, offset: row.offset)
  }
}
